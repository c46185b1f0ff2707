import type { ChatModel } from '../agent/ChatModel'
import { noticeOf } from '../errors'
import type { LibraryService } from '../library/LibraryService'
import type { OpenContext } from '../openContext'
import type { Retriever } from '../search/types'
import type { SettingsService } from '../settings/settingsService'
import { CompareService } from './CompareService'
import { ComparisonStore } from './ComparisonStore'

/** What opening the comparisons needs beyond {@link OpenContext}. */
export interface CompareOpenContext extends OpenContext {
  settings: SettingsService
  library: LibraryService
  retriever: Retriever
  /** The model to use now, or null when no API key is set (evidence-only cells). */
  chatModel: () => ChatModel | null
  /** A conversation's papers (null: the whole library); throws NOT_FOUND for an unknown one. */
  threadScope: (threadId: string) => readonly string[] | null
}

/**
 * Opens the saved comparison tables and the service that fills them.
 * @remarks Comparison files that could not be read are said on the library's notices.
 */
export async function openCompare(ctx: CompareOpenContext): Promise<CompareService> {
  const { library, settings } = ctx
  const comparisons = new ComparisonStore(ctx.paths.comparisons, ctx.log, ctx.readOnly)
  await comparisons.open()
  for (const text of comparisons.notices()) library.addNotice(noticeOf('warning', text, null))
  return new CompareService({
    store: comparisons,
    retriever: ctx.retriever,
    papers: () => library.list(),
    settings: () => settings.get(),
    events: ctx.events,
    chatModel: ctx.chatModel,
    collection: (id) => {
      const papers = library.organizer.select({ collectionId: id })
      const name = library.organizer.collections().find((c) => c.id === id)!.name
      return { name, paperIds: papers.map((p) => p.id) }
    },
    threadScope: ctx.threadScope
  })
}
