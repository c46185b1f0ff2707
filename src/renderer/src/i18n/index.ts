import i18next, { type i18n as I18n, type TFunction } from 'i18next'
import { initReactI18next, Trans, useTranslation } from 'react-i18next'
import type { AppError } from '../../../shared/errors'
import { CATALOGS } from '../../../shared/i18n'
import {
  DEFAULT_UI_LANGUAGE,
  isUiLanguage,
  languageForLocale,
  LANGUAGES,
  UI_LANGUAGES,
  type UiLanguage
} from '../../../shared/languages'
import type { UiLanguageSetting } from '../../../shared/types'

/**
 * The renderer's i18n: the one place that imports i18next. Components use
 * {@link useTranslation} (re-exported here) and plain functions take a {@link TFunction}.
 */
export const i18n: I18n = i18next.createInstance()

/** The UI language for a system locale ("pt", "pt-BR", "pt-PT" -> pt-BR; else English). */
export function systemUiLanguage(
  locale: string | undefined = globalThis.navigator?.language
): UiLanguage {
  return languageForLocale(locale)
}

/** The UI language a setting works out to. */
export function resolveUiLanguage(setting: UiLanguageSetting | undefined): UiLanguage {
  return isUiLanguage(setting) ? setting : systemUiLanguage()
}

void i18n.use(initReactI18next).init({
  // `main`: main's own messages (errors carry a key into it), shared with main and the CLI.
  resources: Object.fromEntries(
    LANGUAGES.map(({ code }) => [
      code,
      { translation: CATALOGS[code].renderer, main: CATALOGS[code].main }
    ])
  ),
  lng: systemUiLanguage(),
  fallbackLng: false,
  supportedLngs: [...UI_LANGUAGES],
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false }
})

/** Switches the UI language (and the document's `lang`). */
export function setUiLanguage(language: UiLanguage): void {
  if (i18n.language !== language) void i18n.changeLanguage(language)
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/** The current UI language. */
export function uiLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : DEFAULT_UI_LANGUAGE
}

/** A number in the UI language's format ("1,234" / "1.234"). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(uiLanguage(), options).format(n)
}

/**
 * A paper's language (ISO 639-1, `pt`) named in the UI language: "Portuguese" / "português".
 * @remarks From the browser's own language names, so every language a paper can be in is named
 * without a catalog entry; an unknown code is shown as it is.
 */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage()], { type: 'language' }).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * A date (an ISO timestamp) in the UI language's format: "Mar 5, 2026" / "5 de mar. de 2026".
 * @remarks Dates are shown in the user's time zone, so a late-evening date is the local day.
 */
export function formatDate(
  iso: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }
): string {
  const at = new Date(iso)
  return Number.isNaN(at.getTime())
    ? iso
    : new Intl.DateTimeFormat(uiLanguage(), options).format(at)
}

/** What a failure needs to be told: main's English message and, when it has one, its key. */
export type Failure = Pick<AppError, 'message' | 'key' | 'params'>

/**
 * A failure from main in the UI language: its catalog message when it has a key (from
 * src/shared/i18n/<lang>/main.ts), else null (main's English message is all there is).
 */
export function failureText(error: Failure, t: TFunction): string | null {
  if (!error.key) return null
  const options = { ns: 'main', ...(error.params ?? {}) }
  if (!i18n.exists(`errors.${error.key}`, options)) return null
  return t(`errors.${error.key}`, options)
}

export { Trans, useTranslation, type TFunction }
