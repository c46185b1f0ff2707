import { CITE_FORMATS, citeList, type CiteFormat } from '../library/citeList'
import { mainT } from '../i18n'
import type { Services } from '../services'
import { UsageError, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import { collectionId } from './libraryCommands'
import type { CommandOutput } from './output'

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
  const selection: { paperIds?: string[]; collectionId?: string } = {}
  if (args.values.collection) selection.collectionId = await collectionId(s, args.values.collection)
  else if (args.positional.length) selection.paperIds = args.positional
  const list = await citeList(
    (channel, input) => call(s, channel, input),
    selection,
    language,
    given as CiteFormat | undefined
  )
  const text = list.count ? list.text : mainT(language)('cli.cite.none')
  return { json: list, text, exitCode: 0 }
}
