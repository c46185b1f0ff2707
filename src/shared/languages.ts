/**
 * The languages the interface (and the app's fixed texts) come in: one row each. A new language
 * is one row here plus one catalog folder (src/shared/i18n/<code>/, mapped in its index.ts) and
 * its CSL locale in main's `library/csl/styles.json` (`scripts/cslStyles.mjs`); the renderer,
 * main, the CLI, the settings dialog and the reference formatter all read this table.
 */
export interface LanguageRow {
  /** The BCP 47 code: the setting's value, i18next's language, the document's `lang`. */
  code: string
  /** The language named in itself (never translated): the settings dialog's choices. */
  nativeName: string
  /** System locales ("pt", "pt_BR.UTF-8", "pt-PT") that start with one of these pick this row. */
  localePrefixes: readonly string[]
  /** Told to the model when an answer is to be written in this language. */
  answerInstruction: string
  /**
   * Common words of questions in this language (space-separated), and the letters only it
   * uses: they tell which language a question is in (agent/language.ts).
   */
  questionWords: string
  accents?: RegExp
  /** The CSL locale references are written in (its file ships in main's `library/csl/`). */
  cslLocale: string
  /** The reference style copied unless the user picks another (one of `CITATION_STYLES`). */
  citationStyle: string
}

/** The table; the first row is the fallback when a system locale matches no row. */
export const LANGUAGES = [
  {
    code: 'en',
    nativeName: 'English',
    localePrefixes: ['en'],
    answerInstruction: 'Write the answer in English.',
    questionWords:
      'the what which how is are does do of in and to for with between difference paper papers model why when where this that was be use uses used',
    cslLocale: 'en-US',
    citationStyle: 'apa'
  },
  {
    code: 'pt-BR',
    nativeName: 'Português (Brasil)',
    localePrefixes: ['pt'],
    answerInstruction: 'Write the answer in Brazilian Portuguese (pt-BR).',
    questionWords:
      'que qual quais como por para uma um os as dos das do da no na nos nas não é são em com sobre entre diferença quanto onde quando porque artigo artigos modelo usa usam isso esse essa este esta foi ser qual oi olá obrigado obrigada muito valeu tchau você',
    accents: /[ãõçâêôáéíóú]/i,
    cslLocale: 'pt-BR',
    citationStyle: 'abnt'
  }
] as const satisfies readonly LanguageRow[]

/** The codes of {@link LANGUAGES}, in order (a tuple, as `z.enum` wants). */
export const UI_LANGUAGES = LANGUAGES.map((row) => row.code) as unknown as Codes<typeof LANGUAGES>
/** The codes of a tuple of rows, as a tuple (a mapped type over a generic keeps the tuple). */
type Codes<T extends readonly { code: string }[]> = { readonly [I in keyof T]: T[I]['code'] }
/** One of {@link UI_LANGUAGES}. */
export type UiLanguage = (typeof UI_LANGUAGES)[number]

/** The fallback language: the table's first row. */
export const DEFAULT_UI_LANGUAGE: UiLanguage = LANGUAGES[0].code

/** Whether `value` is one of the table's codes. */
export function isUiLanguage(value: unknown): value is UiLanguage {
  return LANGUAGES.some((row) => row.code === value)
}

/** The table's row for a language. */
export function languageRow(code: UiLanguage): LanguageRow {
  return LANGUAGES.find((row) => row.code === code) ?? LANGUAGES[0]
}

/**
 * The UI language for a system locale: the first row with a matching prefix, case-insensitive
 * ("pt", "pt-BR", "pt-PT", "pt_BR.UTF-8" -> pt-BR); else the fallback (English).
 */
export function languageForLocale(locale: string | undefined): UiLanguage {
  const lower = locale?.toLowerCase() ?? ''
  const row = LANGUAGES.find((r) => r.localePrefixes.some((p) => lower.startsWith(p)))
  return row?.code ?? DEFAULT_UI_LANGUAGE
}
