import i18next, { type i18n as I18n, type TFunction } from 'i18next'
import { initReactI18next, Trans, useTranslation } from 'react-i18next'
import type { AppError } from '../../../shared/errors'
import { mainEn } from '../../../shared/i18n/mainCatalog'
import { mainPtBR } from '../../../shared/i18n/mainCatalogPtBR'
import type { UiLanguage, UiLanguageSetting } from '../../../shared/types'
import { en } from './en'
import { ptBR } from './pt-BR'

/**
 * The renderer's i18n: the one place that imports i18next. Components use
 * {@link useTranslation} (re-exported here) and plain functions take a {@link TFunction}.
 */
export const i18n: I18n = i18next.createInstance()

/** The catalogs by language. */
export const CATALOGS = { en, 'pt-BR': ptBR } as const

/** The UI languages, each named in its own language (never translated). */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = {
  en: 'English',
  'pt-BR': 'Português (Brasil)'
}

/** The UI language for a system locale ("pt", "pt-BR", "pt-PT" -> pt-BR; else English). */
export function systemUiLanguage(
  locale: string | undefined = globalThis.navigator?.language
): UiLanguage {
  return locale?.toLowerCase().startsWith('pt') ? 'pt-BR' : 'en'
}

/** The UI language a setting works out to. */
export function resolveUiLanguage(setting: UiLanguageSetting | undefined): UiLanguage {
  return setting === 'en' || setting === 'pt-BR' ? setting : systemUiLanguage()
}

void i18n.use(initReactI18next).init({
  // `main`: main's own messages (errors carry a key into it), shared with main and the CLI.
  resources: {
    en: { translation: en, main: mainEn },
    'pt-BR': { translation: ptBR, main: mainPtBR }
  },
  lng: systemUiLanguage(),
  fallbackLng: false,
  supportedLngs: ['en', 'pt-BR'],
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
  return i18n.language === 'pt-BR' ? 'pt-BR' : 'en'
}

/** A number in the UI language's format ("1,234" / "1.234"). */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(uiLanguage(), options).format(n)
}

/** What a failure needs to be told: main's English message and, when it has one, its key. */
export type Failure = Pick<AppError, 'message' | 'key' | 'params'>

/**
 * A failure from main in the UI language: its catalog message when it has a key (from
 * src/shared/i18n/mainCatalog.ts), else null (main's English message is all there is).
 */
export function failureText(error: Failure, t: TFunction): string | null {
  if (!error.key) return null
  const options = { ns: 'main', ...(error.params ?? {}) }
  if (!i18n.exists(`errors.${error.key}`, options)) return null
  return t(`errors.${error.key}`, options)
}

export { Trans, useTranslation, type TFunction }
