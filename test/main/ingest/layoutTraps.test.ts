import { describe, expect, it } from 'vitest'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { makePdf, type FixtureLine } from '../../fixtures/makePdf'

const body = (
  n: number,
  words = 'the model reads every page of the paper and finds'
): FixtureLine[] =>
  Array.from({ length: n }, () => ({ text: `${words} what a person would find there.` }))

/** A first page: a title, an "Abstract" heading and `n` lines of text. */
const opening = (title: string, abstractSize: number, n: number): FixtureLine[] => [
  { text: title, size: 18 },
  { text: 'Abstract', size: abstractSize },
  ...body(n)
]

const read = (spec: Parameters<typeof makePdf>[0]) => extractPaper(new PdfjsReader(), makePdf(spec))

describe('metadata traps on generated PDFs', () => {
  it('skips a distributor cover page and reads title and authors from the paper', async () => {
    const x = await read({
      pages: [
        [
          { text: 'See discussions, stats, and author profiles for this publication at:', size: 9 },
          { text: 'https://www.researchgate.net/publication/1', size: 9 },
          { text: 'Cover Banner Of The Repository', size: 22 },
          { text: 'CITATIONS 73', size: 8 }
        ],
        [
          { text: 'Reading Papers Like People Do', size: 18 },
          { text: 'Ada Lovelace, Alan Turing', size: 11 },
          { text: 'Abstract', size: 11 },
          ...body(20)
        ]
      ],
      info: { CreationDate: 'D:20230101000000Z' }
    })
    expect(x.metadata.title).toBe('Reading Papers Like People Do')
    expect(x.metadata.authors).toEqual(['Ada Lovelace', 'Alan Turing'])
    // No year printed: null, never the file's creation date.
    expect(x.metadata.year).toBeNull()
  })

  it('never takes a running header or an affiliation line, and reads the printed year', async () => {
    const header = { text: 'Journal of Examples, Vol. 12, 2021', size: 24 }
    const pages = [
      [
        header,
        { text: 'Typography Decides the Title', size: 16 },
        { text: 'Grace Hopper 1 & Edsger Dijkstra 2', size: 11 },
        { text: '1 Department of Computing, University of Somewhere', size: 9 },
        { text: 'Abstract', size: 11 },
        ...body(20)
      ],
      [header, ...body(30)],
      [header, ...body(30)],
      [header, ...body(30)]
    ]
    const x = await read({ pages, info: { Title: 'file:///C:/drafts/paper.docx' } })
    expect(x.metadata.title).toBe('Typography Decides the Title')
    expect(x.metadata.authors).toEqual(['Grace Hopper', 'Edsger Dijkstra'])
    expect(x.metadata.year).toBe(2021)
  })

  it('reads a Brazilian thesis cover: author above the title, city and year below', async () => {
    const x = await read({
      pages: [
        [
          { text: 'UNIVERSIDADE FEDERAL DE EXEMPLO', size: 12, y: 740 },
          { text: 'PROGRAMA DE PÓS-GRADUAÇÃO EM COMPUTAÇÃO', size: 12, y: 720 },
          { text: 'MARIA DA SILVA SOUZA', size: 14, y: 600 },
          { text: 'MÉTODOS PARA LER ARTIGOS COMO PESSOAS', size: 14, y: 420 },
          { text: 'Orientador: Prof. Dr. João Pereira', size: 12, y: 300 },
          { text: 'VITÓRIA', size: 12, y: 90 },
          { text: '2024', size: 12, y: 72 }
        ],
        body(
          30,
          'Este trabalho apresenta uma análise das políticas públicas no Brasil, com dados que não'
        ),
        body(30, 'Também são discutidos os resultados obtidos e as conclusões, porque isso não')
      ]
    })
    expect(x.metadata.title?.toLowerCase()).toBe('métodos para ler artigos como pessoas')
    expect(x.metadata.authors).toEqual(['Maria da Silva Souza'])
    expect(x.metadata.year).toBe(2024)
    expect(x.metadata.language).toBe('pt')
  })
})

describe('section traps on generated PDFs', () => {
  it('finds Portuguese headings and never takes table-of-contents lines for sections', async () => {
    const text = 'o modelo lê todas as páginas do trabalho e encontra'
    const x = await read({
      pages: [
        [
          { text: 'Um Estudo em Português', size: 18 },
          { text: 'RESUMO', size: 12 },
          ...body(20, text)
        ],
        [
          { text: 'SUMÁRIO', size: 12 },
          { text: '1 INTRODUÇÃO 3', size: 12 },
          { text: '2 MÉTODOS 4', size: 12 },
          { text: '3 CONCLUSÃO 5', size: 12 }
        ],
        [{ text: '1 INTRODUÇÃO', size: 14 }, ...body(30, text)],
        [{ text: '2 MÉTODOS', size: 14 }, ...body(30, text)],
        [{ text: '3 CONCLUSÃO', size: 14 }, ...body(30, text)],
        [{ text: 'REFERÊNCIAS', size: 14 }, ...body(10, text)]
      ]
    })
    const start = (name: string): number | undefined =>
      x.sections.find((s) => s.name === name)?.startPage
    expect(start('abstract')).toBe(1)
    expect(start('introduction')).toBe(3)
    expect(start('conclusion')).toBe(5)
    expect(x.sections.some((s) => s.startPage === 2)).toBe(false)
  })

  it('takes an IMRaD paper\'s opening "Background" for its introduction, and no other background', async () => {
    const imrad = await read({
      pages: [
        opening('A Trial in Two Hospitals', 12, 20),
        [{ text: 'Background', size: 12 }, ...body(30)],
        [{ text: 'Methods', size: 12 }, ...body(30)],
        [{ text: 'Conclusions', size: 12 }, ...body(10)]
      ]
    })
    expect(imrad.sections.find((s) => s.name === 'introduction')?.startPage).toBe(2)
    const ml = await read({
      pages: [
        opening('A Model Paper', 12, 20),
        [{ text: '1 Introduction', size: 12 }, ...body(30)],
        [{ text: '2 Background', size: 12 }, ...body(30)]
      ]
    })
    const names = ml.sections.map((s) => [s.name, s.startPage])
    expect(names).toContainEqual(['introduction', 2])
    expect(names).toContainEqual(['related work', 3])
  })

  it('does not let an abstract with no heading after it cover the whole document', async () => {
    const x = await read({
      pages: [
        opening('A Paper Without Headings', 10, 30),
        ...Array.from({ length: 7 }, () => body(40))
      ]
    })
    const abstract = x.sections.find((s) => s.name === 'abstract')
    expect(abstract?.startPage).toBe(1)
    expect(abstract!.endPage).toBeLessThanOrEqual(2)
  })
})

describe('page furniture on generated PDFs', () => {
  const flowing = (lines: string[], top = 720, pitch = 14): FixtureLine[] =>
    lines.map((text, k) => ({ text, y: top - k * pitch }))
  const sentences = (page: number, n: number): string[] =>
    Array.from({ length: n }, (_, k) => `Sentence ${k + 1} of page ${page} says what it found.`)

  it('keeps running headers, footers and page numbers out of the text after the first page', async () => {
    const pages = [1, 2, 3, 4].map((n) => [
      { text: `Journal of Examples 12 (2021) ${100 + n}`, size: 8, y: 770 },
      ...flowing(sentences(n, 30)),
      { text: `Lovelace et al. · Page ${n} of 4`, size: 8, y: 30 }
    ])
    const x = await read({ pages })
    expect(x.pages[0]!.text).toContain('Journal of Examples')
    for (const p of x.pages.slice(1)) {
      expect(p.text).not.toMatch(/Journal of Examples|Lovelace et al/)
      expect(p.text.startsWith(`Sentence 1 of page ${p.page}`)).toBe(true)
      expect(p.text.endsWith(`Sentence 30 of page ${p.page} says what it found.`)).toBe(true)
    }
  })

  it('keeps body text that runs into the page margin at its usual spacing, even when it repeats', async () => {
    const same = Array.from({ length: 52 }, () => 'The same boilerplate sentence on every page.')
    const x = await read({ pages: [1, 2, 3].map(() => flowing(same, 746)) })
    for (const p of x.pages) expect(p.text.split('\n')).toHaveLength(52)
  })

  it('drops a line-number column and joins a word hyphenated across it', async () => {
    const text = [
      'A draft sent for review numbers its lines in the margin, and the',
      'method is compet-',
      'itive with the baselines on every dataset we tried in this study.',
      ...sentences(1, 8)
    ]
    const page: FixtureLine[] = text.flatMap((t, k) => [
      { text: t, x: 90, y: 720 - k * 14 },
      { text: String(k + 1), x: 60, y: 720 - k * 14, size: 6 }
    ])
    const x = await read({ pages: [page] })
    expect(x.pages[0]!.text).toContain('method is competitive with the baselines')
    expect(x.pages[0]!.text.split('\n').some((l) => /^\d+$/.test(l))).toBe(false)
  })

  it('drops a watermark repeated on every page but keeps the first', async () => {
    const pages = [1, 2, 3].map((n) => [
      { text: 'DRAFT', size: 110, x: 150, y: 400 },
      ...flowing(sentences(n, 20))
    ])
    const x = await read({ pages })
    expect(x.pages[0]!.text).toContain('DRAFT')
    expect(x.pages.slice(1).map((p) => p.text.includes('DRAFT'))).toEqual([false, false])
  })
})
