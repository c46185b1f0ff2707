import { describe, expect, it } from 'vitest'
import { bibliographyDefaults, type Paper } from '../../../src/shared/types'
import {
  bibFiles,
  citationKeys,
  papersToBibtex,
  parseBibliography
} from '../../../src/main/library/bibtex'

function paper(id: string, fields: Partial<Paper>): Paper {
  return {
    id,
    title: 'Untitled',
    authors: [],
    year: null,
    arxivId: null,
    source: { kind: 'file', fileName: `${id}.pdf` },
    sha256: null,
    pages: 1,
    chunks: 1,
    sections: [],
    status: 'indexed',
    error: null,
    addedAt: `2026-01-01T00:00:0${id.length % 10}.000Z`,
    indexedAt: null,
    embedderId: null,
    ...bibliographyDefaults(),
    ...fields
  }
}

const transformer = paper('1706.03762', {
  title: 'Attention Is All You Need',
  authors: ['Ashish Vaswani', 'Noam Shazeer', 'Łukasz Kaiser'],
  year: 2017,
  arxivId: '1706.03762',
  venue: '31st Conference on Neural Information Processing Systems (NIPS 2017)',
  addedAt: '2026-01-01T00:00:00.000Z'
})
const bert = paper('1810.04805', {
  title: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
  authors: ['Jacob Devlin', 'Ming-Wei Chang'],
  year: 2018,
  arxivId: '1810.04805',
  doi: '10.18653/v1/n19-1423',
  addedAt: '2026-01-01T00:00:01.000Z'
})
const twin = paper('abc123abc123', {
  title: 'Attention Is Not Explanation',
  authors: ['Anna van der Vaswani'],
  year: 2017,
  addedAt: '2026-01-01T00:00:02.000Z'
})

describe('citation keys', () => {
  it('are authorYEARword, deduplicated in the order papers were added', () => {
    const keys = citationKeys([twin, bert, transformer])
    expect(keys.get('1706.03762')).toBe('vaswani2017attention')
    expect(keys.get('1810.04805')).toBe('devlin2018bert')
    expect(keys.get('abc123abc123')).toBe('vaswani2017attentiona')
  })

  it('stay the same when one paper or the whole library is exported', () => {
    const one = papersToBibtex([twin], [transformer, bert, twin])
    expect(one).toMatch(/^@\w+\{vaswani2017attentiona,/)
  })
})

describe('BibTeX round trip through citation-js', () => {
  it('writes entries the parser reads back with the same title, authors, year, DOI and venue', async () => {
    const bib = papersToBibtex([transformer, bert], [transformer, bert])
    expect(bib).toContain('@inproceedings{vaswani2017attention,')
    const { entries: back, issues } = await parseBibliography(bib)
    expect(issues).toEqual([])
    expect(back.map((e) => e.key)).toEqual(['vaswani2017attention', 'devlin2018bert'])
    expect(back[0]).toMatchObject({
      title: 'Attention Is All You Need',
      authors: ['Ashish Vaswani', 'Noam Shazeer', 'Łukasz Kaiser'],
      year: 2017,
      venue: '31st Conference on Neural Information Processing Systems (NIPS 2017)'
    })
    expect(back[1]).toMatchObject({ doi: '10.18653/v1/n19-1423', year: 2018 })
    expect(back[1]!.authors[1]).toBe('Ming-Wei Chang')
  })

  it('reads file fields as Zotero, Better BibTeX and JabRef write them', () => {
    expect(bibFiles('Full Text PDF:storage/ABCD1234/Smith.pdf:application/pdf')).toEqual([
      'storage/ABCD1234/Smith.pdf'
    ])
    expect(bibFiles('/home/ana/Zotero/storage/X/a.pdf')).toEqual([
      '/home/ana/Zotero/storage/X/a.pdf'
    ])
    expect(bibFiles(':C\\:\\\\papers\\\\b.pdf:PDF;Snapshot:snap.html:text/html')).toEqual([
      'C:\\papers\\b.pdf'
    ])
  })

  it('reads RIS with its DOI and linked PDF', async () => {
    const ris = [
      'TY  - JOUR',
      'TI  - Dense Passage Retrieval',
      'AU  - Karpukhin, Vladimir',
      'PY  - 2020',
      'DO  - 10.18653/v1/2020.emnlp-main.550',
      'L1  - file:///home/ana/papers/dpr.pdf',
      'ER  - ',
      ''
    ].join('\n')
    expect((await parseBibliography(ris)).entries).toEqual([
      expect.objectContaining({
        title: 'Dense Passage Retrieval',
        authors: ['Vladimir Karpukhin'],
        year: 2020,
        doi: '10.18653/v1/2020.emnlp-main.550',
        files: ['/home/ana/papers/dpr.pdf']
      })
    ])
  })

  it('refuses a file that is neither, saying what to export', async () => {
    await expect(parseBibliography('hello world', 'notes.txt')).rejects.toThrow(
      /notes.txt has no BibTeX entries.*Export your library as BibTeX or RIS/
    )
  })
})
