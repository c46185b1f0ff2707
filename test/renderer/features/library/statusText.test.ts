import { afterEach, describe, expect, it } from 'vitest'
import { paperMeta, statusText } from '../../../../src/renderer/src/features/library/statusText'
import { i18n, setUiLanguage } from '../../../../src/renderer/src/i18n'
import { paper } from '../../fakeApi'

afterEach(() => setUiLanguage('en'))

describe("a paper row's details line", () => {
  it("names the paper's language in the UI's language, beside the year", () => {
    const thesis = paper({ authors: ['Maria Silva'], year: 2018, pages: 120, language: 'pt' })
    setUiLanguage('en')
    expect(paperMeta(thesis, i18n.t)).toBe('Maria Silva · 2018 · Portuguese · 120 pages')
    setUiLanguage('pt-BR')
    expect(paperMeta(thesis, i18n.t)).toBe('Maria Silva · 2018 · português · 120 páginas')
  })

  it('says nothing of the language when none was detected or set', () => {
    const p = paper({ authors: ['A. Author'], year: 2020, pages: 3, language: null })
    expect(paperMeta(p, i18n.t)).toBe('A. Author · 2020 · 3 pages')
  })
})

describe("a paper's status while it is indexed", () => {
  it('says which page is being read and which passage embedded, in the UI language', () => {
    const p = paper({ status: 'extracting' })
    expect(statusText(p, { stage: 'extracting', done: 3, total: 15 }, i18n.t)).toBe(
      'Reading text: page 3 of 15'
    )
    expect(statusText(p, { stage: 'extracting', done: 0, total: 0 }, i18n.t)).toBe('Reading text')
    expect(statusText(p, { stage: 'embedding', done: 40, total: 120 }, i18n.t)).toBe(
      'Indexing: passage 40 of 120'
    )
    setUiLanguage('pt-BR')
    expect(statusText(p, { stage: 'extracting', done: 3, total: 1500 }, i18n.t)).toBe(
      'Lendo o texto: página 3 de 1.500'
    )
  })
})
