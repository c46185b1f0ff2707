import i18next, { type i18n as I18n, type TFunction } from 'i18next'
import { CATALOGS } from '../shared/i18n'
import { DEFAULT_UI_LANGUAGE, LANGUAGES, type UiLanguage } from '../shared/languages'

/** Main's i18n: the one main file that imports i18next (texts in src/shared/i18n/<lang>/main.ts). */
const instance: I18n = i18next.createInstance()
void instance.init({
  resources: Object.fromEntries(
    LANGUAGES.map(({ code }) => [code, { translation: CATALOGS[code].main }])
  ),
  lng: DEFAULT_UI_LANGUAGE,
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false }
})

/** The translate function for one UI language. */
export function mainT(language: UiLanguage): TFunction {
  return instance.getFixedT(language)
}

/**
 * Whether main's catalog has `key` (in every language: the catalog test keeps them equal);
 * a plural's base key exists given its `count`.
 */
export function mainHas(key: string, params: Record<string, unknown> = {}): boolean {
  return instance.exists(key, { ...params, lng: DEFAULT_UI_LANGUAGE })
}
