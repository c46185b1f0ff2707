import { describe, expect, it } from 'vitest'
import { canonicalSection } from '../../../src/main/domain/sections'
import {
  detectSections,
  marksFromSpans,
  sectionSpans,
  type LayoutPage
} from '../../../src/main/ingest/sections'

const page = (n: number, lines: [string, number][]): LayoutPage => {
  let offset = 0
  return {
    page: n,
    lines: lines.map(([text, fontSize]) => {
      const l = { text, fontSize, offset }
      offset += text.length + 1
      return l
    })
  }
}
const body = (n: number): [string, number][] =>
  Array.from({ length: n }, (_, i) => [`body text line ${i} with several words in it`, 10])

describe('detectSections', () => {
  it('finds numbered headings in small capitals set below body size (IEEE), in order only', () => {
    const pages = [
      page(1, [
        ['Abstract', 10],
        ...body(5),
        ['I. INTRODUCTION', 8],
        ...body(10),
        // Capitals at small size out of sequence (a table row) are not a heading.
        ['IV. TOTAL', 8]
      ]),
      page(2, [...body(10), ['II. CONCLUSION AND FUTURE WORK', 8], ...body(5)])
    ]
    expect(detectSections(pages).map((m) => [m.name, m.page])).toEqual([
      ['abstract', 1],
      ['introduction', 1],
      ['conclusion', 2]
    ])
  })

  it('finds an abstract run into its text, in smaller type, or by its first structured label', () => {
    const names = (first: [string, number][]) =>
      detectSections([
        page(1, [['A Title', 16], ...first, ...body(8), ['1 Introduction', 12], ...body(10)])
      ]).map((m) => [m.name, m.heading])
    const intro = ['introduction', '1 Introduction']
    expect(
      names([['Abstract – Addressing the rise in emissions as smart cities expand', 9]])
    ).toEqual([['abstract', 'Abstract'], intro])
    expect(names([['Abstract Background Musculoskeletal pain is common in veterans', 10]])).toEqual(
      [['abstract', 'Abstract'], intro]
    )
    expect(names([['IMPORTANCE Pregnant women were excluded from the trials', 8.5]])).toEqual([
      ['abstract', 'Abstract'],
      intro
    ])
    expect(names([['Objective To evaluate the impact of vaccination', 8.5]])).toEqual([
      ['abstract', 'Abstract'],
      intro
    ])
    expect(names([['Summary', 14]])).toEqual([['abstract', 'Abstract'], intro])
    // A title that starts with the word is not an abstract; nor is a label in body text.
    expect(names([['Abstract Algebra for Engineers', 16]])).toEqual([intro])
    expect(names([['the objective To evaluate is stated later', 10]])).toEqual([intro])
  })

  it('names "Discussion and future work" a discussion, "Conclusion and future work" a conclusion', () => {
    expect(canonicalSection('Discussion and Future Work')).toBe('discussion')
    expect(canonicalSection('Conclusions and Discussion')).toBe('conclusion')
    expect(canonicalSection('Future Work')).toBe('conclusion')
  })

  it('names an unnumbered two-word heading by both words ("Considerações finais")', () => {
    const pages = [
      page(1, [['RESUMO', 12], ...body(5), ['INTRODUÇÃO', 12], ...body(10)]),
      page(2, [...body(10), ['CONSIDERAÇÕES FINAIS', 12], ...body(5), ['REFERÊNCIAS', 12]])
    ]
    expect(detectSections(pages).map((m) => m.name)).toEqual([
      'abstract',
      'introduction',
      'conclusion',
      'references'
    ])
  })

  it('finds numbered headings, the abstract and the references with their page spans', () => {
    const pages = [
      page(1, [
        ['A Title', 17],
        ['Abstract', 12],
        ...body(10),
        ['1 Introduction', 12],
        ...body(10)
      ]),
      page(2, [['2 Background', 12], ...body(20), ['3 Model Architecture', 12], ...body(5)]),
      page(3, [...body(20), ['4 Experiments', 12], ...body(5)]),
      page(4, [['5 Conclusion', 12], ...body(3), ['References', 12], ...body(20)]),
      page(5, body(30))
    ]
    const marks = detectSections(pages)
    expect(marks.map((m) => [m.name, m.page])).toEqual([
      ['abstract', 1],
      ['introduction', 1],
      ['related work', 2],
      ['method', 2],
      ['experiments', 3],
      ['conclusion', 4],
      ['references', 4]
    ])
    const spans = sectionSpans(marks, 5)
    expect(spans.find((s) => s.name === 'introduction')).toMatchObject({ startPage: 1, endPage: 1 })
    expect(spans.find((s) => s.name === 'method')).toMatchObject({ startPage: 2, endPage: 3 })
    expect(spans.find((s) => s.name === 'references')).toMatchObject({ startPage: 4, endPage: 5 })
  })

  it('accepts IEEE roman headings and rejects numbered lines that do not count up', () => {
    const pages = [
      page(1, [
        ['Abstract—We study things.', 10],
        ['I. INTRODUCTION', 10],
        ...body(10),
        ['3 apples were eaten', 10]
      ]),
      page(2, [
        ['7 Results Table', 10],
        ['II. RELATED WORK', 10],
        ...body(10),
        ['III. CONCLUSION', 10]
      ])
    ]
    expect(detectSections(pages).map((m) => m.name)).toEqual([
      'abstract',
      'introduction',
      'related work',
      'conclusion'
    ])
  })

  it('ignores numbered affiliation lines above the abstract and small footnotes', () => {
    const pages = [
      page(1, [
        ['1 Facebook AI Research, Paris', 10],
        ['2 Inria Paris', 10],
        ['Abstract', 10],
        ...body(10),
        ['1 Introduction', 12],
        ['2 Note in a footnote', 7],
        ...body(10)
      ]),
      page(2, [['2 Method', 12], ...body(10)])
    ]
    expect(detectSections(pages).map((m) => m.heading)).toEqual([
      'Abstract',
      '1 Introduction',
      '2 Method'
    ])
  })

  it('names an unlabelled first section after the introduction the method', () => {
    const pages = [
      page(1, [
        ['1 Introduction', 12],
        ...body(5),
        ['2 Related Work', 12],
        ...body(5),
        ['3 BERT', 12],
        ...body(5),
        ['4 Why It Works', 12]
      ])
    ]
    expect(detectSections(pages).map((m) => m.name)).toEqual([
      'introduction',
      'related work',
      'method',
      'why it works'
    ])
  })
})

describe('canonicalSection', () => {
  it('maps common heading titles', () => {
    expect(canonicalSection('Related Work and Background')).toBe('related work')
    expect(canonicalSection('Conclusions and Future Work')).toBe('conclusion')
    expect(canonicalSection('Experimental Setup')).toBe('experiments')
    expect(canonicalSection('Ablation Studies')).toBe('results')
    expect(canonicalSection('Our Approach')).toBe('method')
    expect(canonicalSection('Trace Trees')).toBeNull()
  })
})

describe('marksFromSpans', () => {
  it('finds each heading at a line start on its page', () => {
    const text = 'Some text mentioning 2 Method inline\n2 Method\nmore'
    const marks = marksFromSpans(
      [{ name: 'method', heading: '2 Method', startPage: 1, endPage: 1 }],
      () => text
    )
    expect(marks[0]!.offset).toBe(text.indexOf('\n2 Method') + 1)
  })
})
