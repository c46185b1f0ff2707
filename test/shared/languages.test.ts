import { describe, expect, it } from 'vitest'
import { CATALOGS } from '../../src/shared/i18n'
import { LANGUAGES, languageForLocale, UI_LANGUAGES } from '../../src/shared/languages'

type Tree = { [key: string]: string | Tree }

/** Every leaf key of a catalog ("a.b.c"). */
function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k
    return typeof v === 'string' ? [key] : keys(v, key)
  })
}

describe('the language table', () => {
  it('gives every row a catalog folder with every English key', () => {
    expect(UI_LANGUAGES).toEqual(LANGUAGES.map((row) => row.code))
    const english = CATALOGS.en
    for (const { code } of LANGUAGES) {
      const catalogs = CATALOGS[code]
      expect(catalogs, code).toBeDefined()
      for (const part of ['renderer', 'main'] as const) {
        const have = new Set(keys(catalogs[part] as unknown as Tree))
        const missing = keys(english[part] as unknown as Tree).filter((k) => !have.has(k))
        expect(missing, `${code} ${part}`).toEqual([])
      }
      // Every language is named in every catalog's settings (the "System (…)" choice).
      for (const other of LANGUAGES) {
        expect(
          other.code in catalogs.renderer.settings.uiLanguageNames,
          `${code}: ${other.code}`
        ).toBe(true)
      }
    }
  })

  it('matches a system locale by its prefix, else English', () => {
    for (const locale of ['pt', 'pt-BR', 'pt-PT', 'PT_br.UTF-8']) {
      expect(languageForLocale(locale), locale).toBe('pt-BR')
    }
    for (const locale of ['en-US', 'de-DE', '', undefined]) {
      expect(languageForLocale(locale), String(locale)).toBe('en')
    }
  })
})
