import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PaperText } from '../../../src/main/domain'
import { isUserFacing } from '../../../src/main/errors'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { extractSection } from '../../../src/main/search/sectionText'
import type { Paper, SectionSpan } from '../../../src/shared/types'
import { hasShared } from '../../fixtures/sharedFolder'

function paper(id: string, sections: SectionSpan[], pages: number): Paper {
  return {
    id,
    title: `Paper ${id}`,
    authors: [],
    year: null,
    arxivId: null,
    source: { kind: 'file', fileName: 'x.pdf' },
    sha256: null,
    pages,
    chunks: 0,
    sections,
    status: 'indexed',
    error: null,
    addedAt: '',
    indexedAt: null,
    embedderId: null
  }
}

const TEXT: PaperText = {
  paperId: 'p',
  pages: [
    { page: 1, text: 'A Title\nAbstract\nWe study things.\nI. INTRODUCTION\nThings matter.' },
    { page: 2, text: 'More intro.\nII. RELATED WORK\nOthers did things.' },
    { page: 3, text: 'III. CONCLUSIONS\nWe studied things.\nREFERENCES\n[1] Someone.' }
  ]
}
const SPANS: SectionSpan[] = [
  { name: 'abstract', heading: 'Abstract', startPage: 1, endPage: 1 },
  { name: 'introduction', heading: 'I. INTRODUCTION', startPage: 1, endPage: 2 },
  { name: 'related work', heading: 'II. RELATED WORK', startPage: 2, endPage: 2 },
  { name: 'conclusion', heading: 'III. CONCLUSIONS', startPage: 3, endPage: 3 },
  { name: 'references', heading: 'REFERENCES', startPage: 3, endPage: 3 }
]

function notFound(f: () => unknown): string {
  try {
    f()
  } catch (e) {
    if (isUserFacing(e, 'NOT_FOUND')) return e.message
    throw e
  }
  throw new Error('expected NOT_FOUND')
}

describe('extractSection', () => {
  const p = paper('p', SPANS, 3)

  it('cuts a section from its heading to the next one, across pages', () => {
    const intro = extractSection(p, TEXT, 'introduction')
    expect(intro).toMatchObject({ paperId: 'p', section: 'introduction', pages: [1, 2] })
    expect(intro.text).toBe('I. INTRODUCTION\nThings matter.\n\nMore intro.')
    expect(extractSection(p, TEXT, 'abstract').text).toBe('Abstract\nWe study things.')
  })

  it('accepts numbered, upper-case, plural and synonym names', () => {
    for (const name of [
      'Conclusion',
      'CONCLUSIONS',
      'III. Conclusions',
      'conclusion.',
      'concluding remarks'
    ]) {
      expect(extractSection(p, TEXT, name).text).toBe('III. CONCLUSIONS\nWe studied things.')
    }
    expect(extractSection(p, TEXT, 'background').section).toBe('related work')
  })

  it('lists the sections that exist when one is missing', () => {
    expect(notFound(() => extractSection(p, TEXT, 'methods'))).toMatch(
      /no section "methods"\. Its sections are: abstract, introduction, related work, conclusion \("III\. CONCLUSIONS"\), references\./
    )
    expect(notFound(() => extractSection(paper('q', [], 3), TEXT, 'results'))).toMatch(
      /No sections were detected/
    )
  })

  it('finds the abstract on page 1 even when no heading was detected', () => {
    const res = extractSection(paper('q', SPANS.slice(1), 3), TEXT, 'abstract')
    expect(res.pages).toEqual([1])
    expect(res.text).toBe('Abstract\nWe study things.')
  })
})

const CORPUS = join(__dirname, '..', '..', '..', '..', 'shared', 'corpus')

describe.skipIf(!hasShared(CORPUS, 'extractSection on the default papers'))(
  'extractSection on the default papers',
  () => {
    const papers = new Map<string, { paper: Paper; text: PaperText }>()

    beforeAll(async () => {
      const reader = new PdfjsReader()
      for (const id of ['1706.03762', '1810.04805']) {
        const x = await extractPaper(
          reader,
          new Uint8Array(await readFile(join(CORPUS, `${id}.pdf`)))
        )
        papers.set(id, {
          paper: paper(id, x.sections, x.pages.length),
          text: { paperId: id, pages: x.pages }
        })
      }
    })

    it('extracts the Transformer abstract, introduction and conclusion with their pages', () => {
      const { paper: p, text } = papers.get('1706.03762')!
      const abstract = extractSection(p, text, 'abstract')
      expect(abstract.pages).toEqual([1])
      expect(abstract.text).toMatch(/dominant sequence transduction models/)
      const intro = extractSection(p, text, 'Introduction')
      expect(intro.pages).toEqual([2])
      expect(intro.text).toMatch(/^1 Introduction/)
      expect(intro.text).not.toMatch(/2 Background/)
      expect(extractSection(p, text, '7').section).toBe('conclusion')
      const conclusion = extractSection(p, text, '7 CONCLUSION')
      expect(conclusion.pages).toEqual([10])
      expect(conclusion.text).toMatch(
        /first sequence transduction model based entirely on\s+attention/
      )
      expect(conclusion.text).not.toMatch(/^References/m)
    })

    it('extracts BERT sections by heading title and lists them when asked for a missing one', () => {
      const { paper: p, text } = papers.get('1810.04805')!
      const related = extractSection(p, text, 'Related Work')
      expect(related.pages).toEqual([2, 3])
      expect(related.text).toMatch(/^2 Related Work/)
      expect(extractSection(p, text, 'ablation studies').section).toBe('results')
      expect(notFound(() => extractSection(p, text, 'limitations'))).toMatch(
        /abstract, introduction.*conclusion/
      )
    })
  }
)
