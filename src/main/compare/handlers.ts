import type { compareChannels } from '../../shared/compareChannels'
import type { HandlerSlice } from '../ipc/combine'
import type { LibraryPort } from '../library/handlers'
import { documentLanguage } from '../settings/documentLanguage'
import type { SettingsService } from '../settings/settingsService'
import type { CompareService } from './CompareService'
import { toCsv, toMarkdown } from './exportTable'

/** What the comparison channels need. */
export interface CompareHandlerDeps {
  settings: SettingsService
  library: Pick<LibraryPort, 'list' | 'bibtex'>
  compare: CompareService
}

/** The handlers of the comparison channels (`compare:*`). */
export function compareHandlers(
  deps: CompareHandlerDeps
): HandlerSlice<keyof typeof compareChannels> {
  return {
    'compare:list': ({ threadId }) => ({
      comparisons: deps.compare
        .list(threadId)
        .map(({ id, title, updatedAt, threadId, collection, paperIds, columns }) => ({
          id,
          title,
          updatedAt,
          threadId,
          collection,
          paperIds,
          columns
        }))
    }),
    'compare:get': ({ comparisonId }) => deps.compare.get(comparisonId),
    'compare:create': (input) => deps.compare.create(input),
    'compare:update': ({ comparisonId, ...changes }) => deps.compare.update(comparisonId, changes),
    'compare:run': ({ comparisonId, uiLanguage }) => deps.compare.run(comparisonId, { uiLanguage }),
    'compare:cancel': ({ comparisonId }) => ({ cancelled: deps.compare.cancel(comparisonId) }),
    'compare:delete': async ({ comparisonId }) => {
      await deps.compare.remove(comparisonId)
      return { removed: true as const }
    },
    'compare:export': ({ comparisonId, format, uiLanguage }) => {
      const c = deps.compare.get(comparisonId)
      const papers = deps.library.list()
      if (format === 'bibtex') {
        const known = c.paperIds.filter((id) => papers.some((p) => p.id === id))
        return {
          filename: `${comparisonId}.bib`,
          mimeType: 'application/x-bibtex',
          text: known.length ? deps.library.bibtex(known).bibtex : ''
        }
      }
      return format === 'csv'
        ? { filename: `${comparisonId}.csv`, mimeType: 'text/csv', text: toCsv(c, papers) }
        : {
            filename: `${comparisonId}.md`,
            mimeType: 'text/markdown',
            text: toMarkdown(c, papers, documentLanguage(deps.settings, uiLanguage))
          }
    }
  }
}
