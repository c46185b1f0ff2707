import { z } from 'zod'
import { LANGUAGES, type UiLanguage } from './languages'

/**
 * The reference styles the app formats with (CSL files shipped in the app), plus the two
 * exchange formats. A new CSL style is a row here and a file in the styles data.
 */
export const CITATION_STYLES = ['apa', 'chicago', 'ieee', 'vancouver', 'abnt'] as const

/** One of the reference styles. */
export const CitationStyleSchema = z.enum(CITATION_STYLES)
/** One of the reference styles. */
export type CitationStyle = z.infer<typeof CitationStyleSchema>

/**
 * The style a reference is copied in unless the user picks another: the language row's (ABNT in
 * Portuguese, APA in English).
 * @remarks The rows keep their literal types, so a row naming a style not in
 * {@link CITATION_STYLES} does not compile.
 */
export function defaultCitationStyle(language: UiLanguage): CitationStyle {
  return (LANGUAGES.find((row) => row.code === language) ?? LANGUAGES[0]).citationStyle
}
