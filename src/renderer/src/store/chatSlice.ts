import type { AppError } from '../../../shared/errors'
import type { Answer, AnswerEvent, Usage } from '../../../shared/types'
import { resolveUiLanguage } from '../i18n'
import type { SliceCreator } from './types'

/** The agent's latest reported step, for the live stage line. */
export interface Stage {
  stage: Extract<AnswerEvent, { type: 'stage' }>['stage']
  detail: string
}

/** One question and what came back for it. */
export interface Turn {
  requestId: string
  /** The saved turn's id in the thread, once main has saved it. */
  turnId?: string
  question: string
  /** `interrupted`: restored from a thread whose app stopped while answering it. */
  status: 'running' | 'done' | 'error' | 'cancelled' | 'interrupted'
  stage: Stage | null
  /** Text streamed so far (replaced by `answer.answer` when the answer arrives). */
  streamed: string
  answer: Answer | null
  error: AppError | null
  /** Token usage: live from usage events, then the answer's own total. */
  usage: Usage
}

/** The chat's state. */
export interface ChatSlice {
  chat: { turns: Turn[] }
  /** Asks a question; resolves when the answer (or its error) has arrived. */
  ask: (question: string) => Promise<void>
  /** Asks a failed or cancelled turn's question again, in place. */
  retry: (requestId: string) => Promise<void>
  cancel: (requestId: string) => Promise<void>
  /** Applies one pushed chat event (stage, token, usage) to its turn. */
  applyChatEvent: (event: AnswerEvent) => void
}

let counter = 0
function newRequestId(): string {
  const uuid = globalThis.crypto?.randomUUID?.()
  return uuid ?? `req-${Date.now().toString(36)}-${(counter++).toString(36)}`
}

const ZERO: Usage = { inputTokens: 0, outputTokens: 0 }

/** A turn's fields while its question is being answered, for a new ask and for a retry. */
const RUNNING = {
  status: 'running',
  stage: null,
  streamed: '',
  answer: null,
  error: null,
  usage: ZERO
} as const satisfies Partial<Turn>

/** The token usage of the whole session: the sum over every turn. */
export function sessionUsage(turns: Turn[]): Usage {
  return turns.reduce(
    (sum, t) => ({
      inputTokens: sum.inputTokens + t.usage.inputTokens,
      outputTokens: sum.outputTokens + t.usage.outputTokens
    }),
    ZERO
  )
}

/** Creates the chat slice. */
export const createChatSlice: SliceCreator<ChatSlice> = (set, get, api) => {
  const patch = (requestId: string, change: (t: Turn) => Partial<Turn>): void =>
    set((s) => ({
      chat: {
        turns: s.chat.turns.map((t) => (t.requestId === requestId ? { ...t, ...change(t) } : t))
      }
    }))

  /**
   * Asks in the open thread (created on the first question), so the agent gets its history
   * and main saves the turn.
   */
  const run = async (requestId: string, question: string): Promise<void> => {
    const threadId = await get().ensureThread()
    // Main writes the evidence label (and, by default, the answer) in the UI language.
    const uiLanguage = resolveUiLanguage(get().settings.values?.uiLanguage)
    const result = await api.chat.ask({
      question,
      requestId,
      uiLanguage,
      ...(threadId && { threadId })
    })
    void get().refreshThreads()
    const turn = get().chat.turns.find((t) => t.requestId === requestId)
    if (!turn || turn.status === 'cancelled') return
    if (result.ok) {
      const { threadId: _t, turnId, ...answer } = result.value
      patch(requestId, () => ({
        status: 'done',
        answer,
        stage: null,
        usage: answer.usage,
        ...(turnId && { turnId })
      }))
    } else if (result.error.code === 'CANCELLED') {
      patch(requestId, () => ({ status: 'cancelled', stage: null }))
    } else {
      patch(requestId, () => ({ status: 'error', error: result.error, stage: null }))
    }
  }

  return {
    chat: { turns: [] },
    ask: async (question) => {
      const q = question.trim()
      if (!q) return
      const requestId = newRequestId()
      const turn: Turn = { requestId, question: q, ...RUNNING }
      set((s) => ({ chat: { turns: [...s.chat.turns, turn] } }))
      await run(requestId, q)
    },
    retry: async (oldId) => {
      const old = get().chat.turns.find((t) => t.requestId === oldId)
      if (!old || old.status === 'running') return
      const requestId = newRequestId()
      patch(oldId, () => ({ requestId, ...RUNNING }))
      await run(requestId, old.question)
    },
    cancel: async (requestId) => {
      patch(requestId, (t) => (t.status === 'running' ? { status: 'cancelled', stage: null } : {}))
      await api.chat.cancel({ requestId })
    },
    applyChatEvent: (event) => {
      const turn = get().chat.turns.find((t) => t.requestId === event.requestId)
      if (!turn || turn.status !== 'running') return
      if (event.type === 'stage') {
        // A revision rewrites the answer from scratch: drop the draft that was streamed.
        const restart = event.stage === 'revising' || event.stage === 'drafting'
        patch(event.requestId, (t) => ({
          stage: { stage: event.stage, detail: event.detail },
          streamed: restart ? '' : t.streamed
        }))
      } else if (event.type === 'token') {
        patch(event.requestId, (t) => ({ streamed: t.streamed + event.text }))
      } else {
        patch(event.requestId, (t) => ({
          usage: {
            inputTokens: t.usage.inputTokens + event.inputTokens,
            outputTokens: t.usage.outputTokens + event.outputTokens
          }
        }))
      }
    }
  }
}
