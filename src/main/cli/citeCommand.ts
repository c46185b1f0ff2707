import {
  CITATION_STYLES,
  defaultCitationStyle,
  type CitationStyle
} from '../../shared/citationStyles'
import { mainT } from '../i18n'
import type { Services } from '../services'
import { UsageError, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import { collectionId } from './libraryCommands'
import type { CommandOutput } from './output'

/** What `cite --style` takes: the reference styles and the two exchange formats. */
export const CITE_FORMATS = [...CITATION_STYLES, 'bibtex', 'ris'] as const
type CiteFormat = (typeof CITE_FORMATS)[number]

/** Styles whose list is numbered in the order cited; the others are sorted by author. */
const NUMBERED: Partial<Record<CitationStyle, (n: number) => string>> = {
  ieee: (n) => `[${n}]`,
  vancouver: (n) => `${n}.`
}

/**
 * `cite [paperId...] [--collection NAME] [--style apa|abnt|ieee|chicago|vancouver|bibtex|ris]`:
 * the references of those papers, a collection, or the whole library, in a style (by default the
 * UI language's: ABNT in Portuguese, APA in English).
 */
export async function cite(s: Services, args: CliArgs): Promise<CommandOutput> {
  const language = cliLanguage(s)
  const given = args.values.style
  if (given !== undefined && !(CITE_FORMATS as readonly string[]).includes(given))
    throw new UsageError('oneOf', { name: 'style', allowed: CITE_FORMATS, value: given })
  const style = (given as CiteFormat | undefined) ?? defaultCitationStyle(language)
  const selection: { paperIds?: string[]; collectionId?: string } = {}
  if (args.values.collection) selection.collectionId = await collectionId(s, args.values.collection)
  else if (args.positional.length) selection.paperIds = args.positional
  if (style === 'bibtex') {
    const r = await call(s, 'library:bibtex', selection)
    return { json: { style, ...r }, text: r.bibtex.trimEnd(), exitCode: 0 }
  }
  if (style === 'ris') {
    const r = await call(s, 'library:ris', selection)
    return { json: { style, ...r }, text: r.ris.replace(/\n+$/, ''), exitCode: 0 }
  }
  const r = await call(s, 'library:references', { ...selection, style, uiLanguage: language })
  const number = NUMBERED[style]
  const references = number
    ? r.references
    : [...r.references].sort((a, b) => a.text.localeCompare(b.text, language))
  const text = references.length
    ? references.map((ref, i) => (number ? `${number(i + 1)} ${ref.text}` : ref.text)).join('\n\n')
    : mainT(language)('cli.cite.none')
  return { json: { style, references }, text, exitCode: 0 }
}
