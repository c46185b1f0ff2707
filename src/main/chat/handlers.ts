import type { Answer } from '../../shared/types'
import type { chatChannels } from '../../shared/chatChannels'
import type { HandlerSlice } from '../ipc/combine'
import { documentLanguage } from '../settings/documentLanguage'
import type { SettingsService } from '../settings/settingsService'
import type { ConversationService, SavedAnswer } from './ConversationService'

/** What the handlers need of the agent. */
export interface AgentPort {
  ask(
    input: { question: string; requestId: string; paperIds?: readonly string[] },
    signal?: AbortSignal
  ): Promise<Answer>
  cancel(requestId: string): boolean
}

/** What the handlers need of conversations (asking goes through them, in a thread or not). */
export type ConversationPort = Pick<
  ConversationService,
  'list' | 'get' | 'create' | 'rename' | 'setScope' | 'delete' | 'restore' | 'export'
> & {
  ask(
    input: {
      question: string
      requestId: string
      threadId?: string
      paperIds?: readonly string[]
    },
    signal?: AbortSignal
  ): Promise<SavedAnswer>
}

/** What the chat channels need. */
export interface ChatHandlerDeps {
  settings: SettingsService
  agent: AgentPort
  conversations: ConversationPort
}

/** The handlers of the chat channels (`chat:*`, `threads:*`). */
export function chatHandlers(deps: ChatHandlerDeps): HandlerSlice<keyof typeof chatChannels> {
  return {
    'chat:ask': (input) => deps.conversations.ask(input),
    'chat:cancel': ({ requestId }) => ({ cancelled: deps.agent.cancel(requestId) }),
    'threads:list': ({ query }) => deps.conversations.list(query),
    'threads:get': ({ threadId }) => ({ thread: deps.conversations.get(threadId) }),
    'threads:create': async (input) => ({ thread: await deps.conversations.create(input) }),
    'threads:rename': async ({ threadId, title }) => ({
      thread: await deps.conversations.rename(threadId, title)
    }),
    'threads:setScope': async ({ threadId, scope }) => ({
      thread: await deps.conversations.setScope(threadId, scope)
    }),
    'threads:delete': async ({ threadId }) => {
      await deps.conversations.delete(threadId)
      return { deleted: true as const }
    },
    'threads:restore': async ({ threadId }) => ({
      thread: await deps.conversations.restore(threadId)
    }),
    'threads:export': ({ threadId, turnId, format, uiLanguage, style }) =>
      deps.conversations.export(
        threadId,
        format,
        turnId,
        documentLanguage(deps.settings, uiLanguage),
        style
      )
  }
}
