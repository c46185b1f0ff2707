import { describe, expect, it } from 'vitest'
import { mainUiLanguage } from '../../../src/main/language/mainUiLanguage'

describe('main UI language', () => {
  it("works out main's UI language from the setting or, for 'system', the locale", () => {
    expect(mainUiLanguage('pt-BR', {})).toBe('pt-BR')
    expect(mainUiLanguage('en', { LANG: 'pt_BR.UTF-8' })).toBe('en')
    expect(mainUiLanguage('system', { LANG: 'pt_BR.UTF-8' })).toBe('pt-BR')
    expect(mainUiLanguage('system', { LC_ALL: 'en_US.UTF-8', LANG: 'pt_BR.UTF-8' })).toBe('en')
    expect(mainUiLanguage('system', {})).toBe('en')
  })
})
