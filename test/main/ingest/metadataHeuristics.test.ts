import { describe, expect, it } from 'vitest'
import { fixSpacingAccents, namesIn, pageAuthors } from '../../../src/main/ingest/authorNames'
import { readMetadata } from '../../../src/main/ingest/metadata'
import { sensibleTitleCase } from '../../../src/main/ingest/titleCase'

const line = (text: string, fontSize = 10): { text: string; fontSize: number; offset: number } => ({
  text,
  fontSize,
  offset: 0
})
const noInfo = { title: null, author: null, subject: null, creationDate: null }

describe('author names under the title', () => {
  it('splits several people on one line, keeping initials and particles with their person', () => {
    expect(namesIn('Sharan Narang Michael Matena Peter J. Liu')).toEqual([
      'Sharan Narang',
      'Michael Matena',
      'Peter J. Liu'
    ])
    expect(namesIn('Ludwig van Beethoven Ada Lovelace')).toEqual([
      'Ludwig van Beethoven',
      'Ada Lovelace'
    ])
    expect(namesIn('José Luis García')).toEqual(['José Luis García'])
    expect(namesIn('Work done as an intern')).toEqual([])
  })

  it('cuts at affiliation numbers and footnote marks, skipping affiliation lines', () => {
    const lines = [
      line('A Title', 14),
      line('Zhenzhong Lan1 Mingda Chen2∗ Sebastian Goodman1'),
      line('Piyush Sharma1 Radu Soricut1'),
      line('1Google Research 2Toyota Technological Institute at Chicago'),
      line('ABSTRACT')
    ]
    expect(pageAuthors(lines, 1)).toEqual([
      'Zhenzhong Lan',
      'Mingda Chen',
      'Sebastian Goodman',
      'Piyush Sharma',
      'Radu Soricut'
    ])
  })

  it('rejoins a spacing accent with its letter', () => {
    expect(fixSpacingAccents('Barlas O˘guz')).toBe('Barlas Oğuz')
  })
})

describe('titles set in capitals', () => {
  it('title-cases them, keeping the acronyms the page spells with capitals', () => {
    const body = 'We propose Low-Rank Adaptation, or LoRA, which freezes the weights'
    expect(sensibleTitleCase('LORA: LOW-RANK ADAPTATION OF LARGE LANGUAGE MODELS', body)).toBe(
      'LoRA: Low-Rank Adaptation of Large Language Models'
    )
    expect(sensibleTitleCase('REFORMER: THE EFFICIENT TRANSFORMER', '1 INTRODUCTION')).toBe(
      'Reformer: The Efficient Transformer'
    )
  })

  it('leaves a title printed in mixed case exactly as printed', () => {
    expect(sensibleTitleCase('Deep contextualized word representations', '')).toBe(
      'Deep contextualized word representations'
    )
  })
})

describe('venue, DOI and year from page 1', () => {
  it('takes the printed venue and its year over the arXiv id, and a printed DOI', () => {
    const lines = [
      line('Published as a conference paper at ICLR 2020'),
      line('A Study of Papers', 14),
      line('Ada Lovelace'),
      line('Abstract')
    ]
    const m = readMetadata(
      noInfo,
      [{ page: 1, lines }],
      ['arXiv:1909.11942v6 [cs.CL]\nhttps://doi.org/10.1145/3292500.3330701.']
    )
    expect(m).toMatchObject({
      venue: 'ICLR 2020',
      year: 2020,
      doi: '10.1145/3292500.3330701',
      authors: ['Ada Lovelace']
    })
  })

  it('does not take "under review" for a venue', () => {
    const m = readMetadata(
      noInfo,
      [
        {
          page: 1,
          lines: [line('Under review as a conference paper at ICLR 2021'), line('A Paper', 14)]
        }
      ],
      ['arXiv:2010.00001']
    )
    expect(m).toMatchObject({ venue: null, year: 2020 })
  })
})
