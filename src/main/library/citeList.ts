import {
  CITATION_STYLES,
  defaultCitationStyle,
  type CitationStyle
} from '../../shared/citationStyles'
import type { Channel, ChannelOutput } from '../../shared/contract'
import type { UiLanguage } from '../../shared/languages'

/** What a reference list can be asked in: the CSL reference styles and the two exchange formats. */
export const CITE_FORMATS = [...CITATION_STYLES, 'bibtex', 'ris'] as const

/** One of {@link CITE_FORMATS}. */
export type CiteFormat = (typeof CITE_FORMATS)[number]

/** Which papers: some by id, a collection, or (neither) the whole library. */
export interface CiteSelection {
  paperIds?: string[]
  collectionId?: string
}

/** A selection's references in one format. */
export interface CitedList {
  style: CiteFormat
  /** The whole list as a person pastes it: numbered or sorted as the style wants. */
  text: string
  /** How many papers the list holds. */
  count: number
  /** Each paper's reference (a BibTeX entry for `bibtex`); RIS is one text only. */
  references: { paperId: string; text: string }[]
}

/** Calls one channel of the router and returns its value (throws its error). */
export type CiteCall = <C extends Channel>(channel: C, input: unknown) => Promise<ChannelOutput<C>>

/** Styles whose list is numbered in the order cited; the others are sorted by author. */
const NUMBERED: Partial<Record<CitationStyle, (n: number) => string>> = {
  ieee: (n) => `[${n}]`,
  vancouver: (n) => `${n}.`
}

/**
 * The references of a selection in `style` (by default the UI language's: ABNT in Portuguese,
 * APA in English), numbered or sorted as a reference list in that style is.
 * @remarks The one place that turns the three reference channels into a list, so the CLI's
 * `cite --style`, the MCP `cite` tool and the HTTP API's `/references` give the same text.
 */
export async function citeList(
  call: CiteCall,
  selection: CiteSelection,
  language: UiLanguage,
  style: CiteFormat = defaultCitationStyle(language)
): Promise<CitedList> {
  if (style === 'bibtex') {
    const r = await call('library:bibtex', selection)
    const entries = r.bibtex.trim() ? r.bibtex.trim().split(/\n+(?=@)/) : []
    const references = entries.map((e, i) => ({
      paperId: r.entries[i]?.paperId ?? '',
      text: e.trim()
    }))
    return { style, text: r.bibtex.trimEnd(), count: r.entries.length, references }
  }
  if (style === 'ris') {
    const r = await call('library:ris', selection)
    return { style, text: r.ris.replace(/\n+$/, ''), count: r.count, references: [] }
  }
  const r = await call('library:references', { ...selection, style, uiLanguage: language })
  const number = NUMBERED[style]
  const references = number
    ? r.references
    : [...r.references].sort((a, b) => a.text.localeCompare(b.text, language))
  const text = references
    .map((ref, i) => (number ? `${number(i + 1)} ${ref.text}` : ref.text))
    .join('\n\n')
  return { style, text, count: references.length, references }
}
