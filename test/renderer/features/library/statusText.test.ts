import { afterEach, describe, expect, it } from 'vitest'
import { paperMeta } from '../../../../src/renderer/src/features/library/statusText'
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
