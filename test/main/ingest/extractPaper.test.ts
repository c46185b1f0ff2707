import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { chunkPages } from '../../../src/main/ingest/chunker'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { makePaperPdf } from '../../fixtures/fixturePapers'
import { hasShared } from '../../fixtures/sharedFolder'

const reader = new PdfjsReader()
const CORPUS = join(__dirname, '../../../../shared/corpus')

describe('extractPaper on a generated paper', () => {
  it('reads clean page text, metadata from page 1 and the section spans', async () => {
    const bytes = makePaperPdf({
      title: 'Fixture Paper on Retrieval',
      pages: 4,
      arxivId: '2101.00001',
      marker: 'zeta'
    })
    const paper = await extractPaper(reader, bytes)
    expect(paper.pages.map((p) => p.page)).toEqual([1, 2, 3, 4])
    expect(paper.pages[2]!.text).toContain('zeta3 closes page 3')
    expect(paper.metadata).toMatchObject({
      title: 'Fixture Paper on Retrieval',
      arxivId: '2101.00001',
      year: 2021
    })
    expect(paper.sections.map((s) => [s.name, s.startPage])).toEqual([
      ['abstract', 1],
      ['introduction', 1],
      ['related work', 2],
      ['method', 3],
      ['experiments', 4],
      ['references', 4]
    ])
  })
})

const DEFAULTS: [string, number, string, string[]][] = [
  ['1706.03762', 15, 'Attention Is All You Need', ['Ashish Vaswani', 'Noam Shazeer']],
  [
    '1810.04805',
    16,
    'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
    []
  ],
  [
    '2005.11401',
    19,
    'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks',
    ['Patrick Lewis']
  ]
]

describe.skipIf(!hasShared(CORPUS, 'extraction of the default papers'))(
  'the three default papers',
  () => {
    it.each(DEFAULTS)(
      '%s: %i pages, title, arXiv stamp, sections, chunks on the right pages',
      async (id, pages, title, authors) => {
        const paper = await extractPaper(
          reader,
          new Uint8Array(readFileSync(join(CORPUS, `${id}.pdf`)))
        )
        expect(paper.pages).toHaveLength(pages)
        expect(paper.metadata.title).toBe(title)
        expect(paper.metadata.arxivId).toBe(id)
        expect(paper.metadata.year).toBe(2000 + Number(id.slice(0, 2)))
        expect(paper.metadata.authors).toEqual(expect.arrayContaining(authors))
        const names = paper.sections.map((s) => s.name)
        expect(names).toEqual(
          expect.arrayContaining(['abstract', 'introduction', 'method', 'results', 'references'])
        )
        expect(paper.sections.find((s) => s.name === 'abstract')!.startPage).toBe(1)
        for (const s of paper.sections) expect(s.endPage).toBeGreaterThanOrEqual(s.startPage)
        const text = paper.pages.map((p) => p.text).join('\n')
        expect(text).not.toMatch(/[\uFB00-\uFB06]/) // no ligature glyphs left
        const chunks = chunkPages(id, paper.pages, paper.marks, {
          chunkTokens: 256,
          chunkOverlap: 32
        })
        for (const c of chunks) expect(paper.pages[c.page - 1]!.text).toContain(c.text)
        expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length)
      }
    )

    it('puts known passages on the pages the eval questions expect', async () => {
      const paper = await extractPaper(
        reader,
        new Uint8Array(readFileSync(join(CORPUS, '1706.03762.pdf')))
      )
      expect(paper.pages[2]!.text).toMatch(/N = 6 identical layers/)
      expect(paper.pages[4]!.text).toMatch(/dff = 2048|d ff = 2048|inner-layer has dimensionality/)
      const introChunks = chunkPages('t', paper.pages, paper.marks, {
        chunkTokens: 256,
        chunkOverlap: 32
      }).filter((c) => c.section === 'introduction')
      expect(introChunks.length).toBeGreaterThan(0)
      expect(introChunks.every((c) => c.page === 2)).toBe(true)
    })
  }
)
