import type { ThreadExport, Thread, ThreadSummary, DamagedThread } from '../../shared/threads'
import type { Answer, Paper, UiLanguage } from '../../shared/types'
import type { CitationStyle } from '../../shared/citationStyles'
import type { AskInput } from '../agent/AgentService'
import type { PriorTurn } from '../agent/history'
import { isUserFacing, toAppError, UserFacingError } from '../errors'
import { exportThread } from './exportThread'
import { toThread } from './threadFile'
import type { Chunk } from '../domain'
import type { ThreadStore } from './ThreadStore'

/** The agent as conversations use it. */
export interface Answerer {
  ask(input: AskInput, signal?: AbortSignal): Promise<Answer>
}

/** What the conversation service needs. */
export interface ConversationDeps {
  store: ThreadStore
  agent: Answerer
  papers: () => Paper[]
  /** The model name answers are generated with now (recorded on each turn). */
  modelName: () => string
  /**
   * The library's chunks by id: where a cited figure or table is on its page, for turns saved
   * before citations kept it (format 1), so their crops are drawn again.
   */
  chunks?: (chunkIds: readonly string[]) => Chunk[]
}

/** A figure's or table's chunk id (`…-page-3-figure-1`), whose region can be looked up. */
const FIGURE_CHUNK = /-page-\d+-(figure|table)-[^-]+$/

/** An answer and where it was saved (null outside a thread). */
export type SavedAnswer = Answer & { threadId: string | null; turnId: string | null }

/**
 * Conversations: asks in a thread with its history and scope, and saves every turn.
 * @remarks The turn is on disk as `running` before the agent starts, and gets its answer,
 * `stopped` or `failed` when the agent ends; a crash in between leaves it to be marked
 * `interrupted` at the next open. Only finished answers (`done`) become history.
 */
export class ConversationService {
  constructor(private readonly deps: ConversationDeps) {}

  /** Answers a question; with `threadId`, as a follow-up in that thread, saved there. */
  async ask(
    input: {
      question: string
      requestId: string
      threadId?: string
      paperIds?: readonly string[]
      uiLanguage?: AskInput['uiLanguage']
      provider?: AskInput['provider']
    },
    signal?: AbortSignal
  ): Promise<SavedAnswer> {
    const { threadId, ...rest } = input
    if (!threadId) {
      const answer = await this.deps.agent.ask(rest, signal)
      return { ...answer, threadId: null, turnId: null }
    }
    const thread = this.deps.store.get(threadId)
    const paperIds = limitTo(thread.scope, input.paperIds)
    const history: PriorTurn[] = thread.turns
      .filter((t) => t.status === 'done')
      .map((t) => ({
        question: t.question,
        answer: t.answer,
        paperIds: [...new Set(t.citations.map((c) => c.paperId))]
      }))
    const turn = await this.deps.store.beginTurn(thread.id, input.question)
    try {
      const answer = await this.deps.agent.ask(
        {
          question: input.question,
          requestId: input.requestId,
          history,
          ...(paperIds && { paperIds }),
          ...(input.uiLanguage && { uiLanguage: input.uiLanguage }),
          ...(input.provider && { provider: input.provider })
        },
        signal
      )
      const generated = answer.mode === 'generated' || answer.mode === 'offtopic'
      const model = generated && answer.usage.outputTokens > 0 ? this.deps.modelName() : null
      await this.deps.store.finishTurn(thread.id, turn.id, { status: 'done', answer, model })
      return { ...answer, threadId: thread.id, turnId: turn.id }
    } catch (error) {
      const appError = toAppError(error, 'while answering')
      await this.deps.store.finishTurn(thread.id, turn.id, {
        status: isUserFacing(error, 'CANCELLED') ? 'stopped' : 'failed',
        error: appError
      })
      throw error
    }
  }

  list(query?: string): { threads: ThreadSummary[]; damaged: DamagedThread[] } {
    return { threads: this.deps.store.list(query), damaged: this.deps.store.damaged() }
  }

  /** A thread, with citations of removed papers marked. */
  get(threadId: string): Thread {
    return this.view(this.deps.store.get(threadId))
  }

  async create(options: { title?: string; scope?: string[] | null }): Promise<Thread> {
    if (options.scope) this.requirePapers(options.scope)
    return this.view(await this.deps.store.create(options))
  }

  async rename(threadId: string, title: string): Promise<Thread> {
    return this.view(await this.deps.store.rename(threadId, title))
  }

  async setScope(threadId: string, scope: string[] | null): Promise<Thread> {
    if (scope) this.requirePapers(scope)
    return this.view(await this.deps.store.setScope(threadId, scope))
  }

  delete(threadId: string): Promise<void> {
    return this.deps.store.delete(threadId)
  }

  async restore(threadId: string): Promise<Thread> {
    return this.view(await this.deps.store.restore(threadId))
  }

  export(
    threadId: string,
    format: 'md' | 'bib',
    turnId?: string,
    language: UiLanguage = 'en',
    style?: CitationStyle
  ): ThreadExport {
    const thread = this.get(threadId)
    if (turnId && !thread.turns.some((t) => t.id === turnId)) {
      throw new UserFacingError('NOT_FOUND', {
        key: 'noSuchTurn',
        params: { id: threadId, turn: turnId }
      })
    }
    return exportThread(thread, this.deps.papers(), format, turnId, language, style)
  }

  private view(stored: ReturnType<ThreadStore['get']>): Thread {
    const ids = new Set(this.deps.papers().map((p) => p.id))
    return withFigureRegions(
      toThread(stored, (id) => ids.has(id)),
      this.deps.chunks
    )
  }

  private requirePapers(ids: readonly string[]): void {
    const known = new Set(this.deps.papers().map((p) => p.id))
    const missing = ids.filter((id) => !known.has(id))
    if (missing.length) {
      throw new UserFacingError('NOT_FOUND', {
        key: 'conversationPapersMissing',
        params: { ids: missing.join(', ') }
      })
    }
  }
}

/**
 * The papers a question in a thread may use: the thread's scope, narrowed by the papers the
 * caller asked for (both limit it). Asking outside the thread's scope is refused.
 */
function limitTo(
  scope: readonly string[] | null,
  asked: readonly string[] | undefined
): readonly string[] | undefined {
  if (!asked) return scope ?? undefined
  if (!scope) return asked
  const both = asked.filter((id) => scope.includes(id))
  if (both.length === 0) {
    throw new UserFacingError('INVALID_INPUT', {
      key: 'askOutsideConversation',
      params: { ids: asked.join(', '), scope: scope.join(', ') }
    })
  }
  return both
}

/**
 * A thread whose figure and table citations all say where the figure is: a citation saved
 * without its region (format 1) gets it from the paper's chunk, if the paper is still there.
 */
function withFigureRegions(thread: Thread, chunks: ConversationDeps['chunks']): Thread {
  const wanted = thread.turns.flatMap((t) =>
    t.citations.filter((c) => !c.region && FIGURE_CHUNK.test(c.chunkId)).map((c) => c.chunkId)
  )
  if (!chunks || wanted.length === 0) return thread
  const found = new Map(chunks([...new Set(wanted)]).map((c) => [c.id, c]))
  for (const turn of thread.turns) {
    turn.citations = turn.citations.map((c) => {
      const chunk = c.region ? undefined : found.get(c.chunkId)
      if (!chunk?.region || !chunk.kind) return c
      return { ...c, kind: chunk.kind, region: { ...chunk.region } }
    })
  }
  return thread
}
