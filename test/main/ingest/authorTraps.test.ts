import { describe, expect, it } from 'vitest'
import { extractPaper } from '../../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../../src/main/ingest/PdfjsReader'
import { makePdf, type FixtureLine } from '../../fixtures/makePdf'

const body: FixtureLine[] = Array.from({ length: 20 }, () => ({
  text: 'the model reads every page of the paper and finds what a person would find there.'
}))

/** The authors read from a generated first page: a title, `block`, an abstract and body text. */
const authorsOf = async (block: FixtureLine[]): Promise<string[]> => {
  const bytes = makePdf({
    pages: [
      [
        { text: 'Reading Author Blocks Like People Do', size: 18 },
        ...block,
        { text: 'Abstract', size: 11 },
        ...body
      ]
    ]
  })
  return (await extractPaper(new PdfjsReader(), bytes)).metadata.authors
}

describe('author traps on generated PDFs', () => {
  it('drops superscript marks and ORCID ids, and joins a name wrapped to the next line', async () => {
    const authors = await authorsOf([
      { text: 'Kathryn Eichhorn¹, Markus Bühner² [0000-0002-0597-8708], Jonas', size: 11 },
      { text: 'Hauck¹ [0000-0003-4519-1931] and Sven Hilbert²', size: 11 },
      { text: '¹ Department of Psychology, University of Somewhere', size: 9 }
    ])
    expect(authors).toEqual(['Kathryn Eichhorn', 'Markus Bühner', 'Jonas Hauck', 'Sven Hilbert'])
  })

  it('reads affiliation letters and degrees as marks, and each listed run as one person', async () => {
    const authors = await authorsOf([
      { text: 'Tamar Wainstock a,b, Israel Yoles b, Ruslan Sergienko a,', size: 11 },
      { text: 'Shirley Shapiro Ben David, MD; Amir Ben-Tov, PhD', size: 11 },
      { text: 'a Department of Public Health, University of Somewhere', size: 8 }
    ])
    expect(authors).toEqual([
      'Tamar Wainstock',
      'Israel Yoles',
      'Ruslan Sergienko',
      'Shirley Shapiro Ben David',
      'Amir Ben-Tov'
    ])
  })

  it('reads a column block: names at one size, smaller affiliation lines, "and" alone', async () => {
    const authors = await authorsOf([
      { text: 'Doris Folini', size: 12 },
      { text: 'Institute for Atmospheric Science, Somewhere', size: 10 },
      { text: 'Pesquisador', size: 10 },
      { text: 'Coimbra Portugal', size: 10 },
      { text: 'and', size: 12 },
      { text: 'Simon Scheidegger', size: 12 }
    ])
    expect(authors).toEqual(['Doris Folini', 'Simon Scheidegger'])
  })

  it('puts TeX spacing accents and cedillas back on their letters', async () => {
    const authors = await authorsOf([
      { text: "Hasan Dinçer a, Yas¸ar G¨okalp b, Celina d' ´Avila Samogin c", size: 11 }
    ])
    expect(authors).toEqual(['Hasan Dinçer', 'Yaşar Gökalp', "Celina d'Ávila Samogin"])
  })
  it('drops affiliation letters glued to names when the affiliations carry them glued', async () => {
    const authors = await authorsOf([
      { text: 'Irene Lopatovskaa, Ioannis Arapakisb', size: 11 },
      { text: 'aPratt SILS, 144 West Street, New York', size: 8 },
      { text: 'bDepartment of Computing Science, University of Glasgow', size: 8 }
    ])
    expect(authors).toEqual(['Irene Lopatovska', 'Ioannis Arapakis'])
  })
})

describe('authors from the PDF Info field', () => {
  it('keeps the people and leaves out a program or an address listed beside them', async () => {
    const bytes = makePdf({
      pages: [
        [
          { text: 'Slides of a Thesis Defence', size: 24 },
          { text: 'Presented by Maria Souza at PPGEco/UFES, maria@ufes.br', size: 11 },
          ...body
        ]
      ],
      info: { Author: 'Maria Souza, PPGEco/UFES; maria@ufes.br' }
    })
    const { metadata } = await extractPaper(new PdfjsReader(), bytes)
    expect(metadata.authors).toEqual(['Maria Souza'])
  })
})
