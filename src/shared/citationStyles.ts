import { z } from 'zod'
import type { UiLanguage } from './types'

/**
 * The reference styles the app formats with (CSL files shipped in the app), plus the two
 * exchange formats. A new CSL style is a row here and a file in the styles data.
 */
export const CITATION_STYLES = ['apa', 'chicago', 'ieee', 'vancouver', 'abnt'] as const

/** One of the reference styles. */
export const CitationStyleSchema = z.enum(CITATION_STYLES)
/** One of the reference styles. */
export type CitationStyle = z.infer<typeof CitationStyleSchema>

/** The style a reference is copied in unless the user picks another: ABNT in Portuguese. */
export function defaultCitationStyle(language: UiLanguage): CitationStyle {
  return language === 'pt-BR' ? 'abnt' : 'apa'
}
