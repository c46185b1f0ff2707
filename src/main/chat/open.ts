import type { AgentService } from '../agent/AgentService'
import type { LibraryService } from '../library/LibraryService'
import type { OpenContext } from '../openContext'
import type { ChunkSource } from '../search/types'
import type { SettingsService } from '../settings/settingsService'
import { ConversationService } from './ConversationService'
import { ThreadStore } from './ThreadStore'

/** What opening the conversations needs beyond {@link OpenContext}. */
export interface ChatOpenContext extends OpenContext {
  settings: SettingsService
  library: LibraryService
  agent: AgentService
  /** The chunk records, where an older turn's cited figure is found again. */
  keywords: ChunkSource
}

/** The saved threads and the service that answers in them. */
export interface OpenedChat {
  threads: ThreadStore
  conversations: ConversationService
}

/**
 * Opens the thread store (conversations live in main, beside the catalog) and the conversation
 * service that asks the agent with a thread's earlier turns.
 */
export async function openChat(ctx: ChatOpenContext): Promise<OpenedChat> {
  const { library, settings } = ctx
  const threads = new ThreadStore(ctx.paths.threads, ctx.log, undefined, ctx.readOnly)
  await threads.open()
  const conversations = new ConversationService({
    store: threads,
    agent: ctx.agent,
    papers: () => library.list(),
    modelName: () => settings.get().model,
    chunks: (ids) => ctx.keywords.getChunks(ids)
  })
  return { threads, conversations }
}
