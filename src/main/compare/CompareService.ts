import { randomBytes } from 'node:crypto'
import {
  cellKey,
  type CompareCell,
  type CompareColumn,
  type Comparison
} from '../../shared/compare'
import type { Paper, Settings, UiLanguage } from '../../shared/types'
import { AnswerRun } from '../agent/AnswerRun'
import type { ChatModel } from '../agent/ChatModel'
import { answerLanguage } from '../agent/language'
import { mainUiLanguage } from '../language/mainUiLanguage'
import { rewriteQuery } from '../agent/queryRewrite'
import { scopeTo } from '../agent/scope'
import { CancelledError, isUserFacing, toAppError, UserFacingError } from '../errors'
import type { EventSink } from '../events'
import type { Retriever } from '../search/types'
import type { ComparisonStore } from './ComparisonStore'
import { gridCells, unique, withColumns } from './comparisonGrid'
import { checkPapers, comparisonRows } from './comparisonRows'
import { fillCell } from './fillCell'

/** Cells filled at once unless the composition root says otherwise. */
const DEFAULT_CONCURRENCY = 4
/** A rate-limited cell is retried this many times before it is marked failed. */
const MAX_PAUSES_PER_CELL = 5
/** The wait when the provider gives no Retry-After, and the longest wait honoured. */
const DEFAULT_RETRY_SECONDS = 10
const MAX_RETRY_SECONDS = 120

/** What the comparison service needs; the composition root passes the real ones. */
export interface CompareServiceDeps {
  store: ComparisonStore
  retriever: Retriever
  papers: () => Paper[]
  /** The model to use now, or null when no API key is set (evidence-only cells). */
  chatModel: () => ChatModel | null
  settings: () => Settings
  events: EventSink
  /** A collection's name and papers; throws NOT_FOUND for an unknown one. */
  collection: (id: string) => { name: string; paperIds: string[] }
  /** A conversation's papers (null: the whole library); throws NOT_FOUND for an unknown one. */
  threadScope: (threadId: string) => readonly string[] | null
  concurrency?: number
  /** Waits out a rate limit; resolves early (throwing CANCELLED) when `signal` fires. */
  wait?: (seconds: number, signal: AbortSignal) => Promise<void>
}

/**
 * A new comparison. The papers: `paperIds`, or a collection's indexed papers, or (neither) the
 * papers of the conversation `threadId`. With `threadId` it is saved with that conversation,
 * and its papers are limited to the conversation's, as a question asked there would be.
 */
export interface CreateInput {
  paperIds?: readonly string[]
  collectionId?: string
  threadId?: string
  questions: readonly string[]
  claims?: readonly string[]
  title?: string
}

/** Changes to a comparison; new rows or columns get pending cells, nothing else is redone. */
export interface UpdateInput {
  addPaperIds?: readonly string[]
  removePaperIds?: readonly string[]
  addQuestions?: readonly string[]
  addClaims?: readonly string[]
  removeColumnIds?: readonly string[]
  title?: string
}

/**
 * Comparisons: papers × questions (or claims), each cell filled from that paper's own passages.
 * @remarks {@link run} fills the pending (and failed) cells only, several at once; a rate limit
 * pauses every worker until the provider's Retry-After has passed, then the same cell is tried
 * again. Each filled cell is saved at once, so a crash or a cancel loses at most the cells in
 * flight, and running again continues where it stopped.
 */
export class CompareService {
  private readonly running = new Map<
    string,
    { controller: AbortController; done: Promise<Comparison> }
  >()
  private saving: Promise<void> = Promise.resolve()

  constructor(private readonly deps: CompareServiceDeps) {}

  /** Saved comparisons, newest first; with `threadId`, those saved with that conversation. */
  list(threadId?: string): Comparison[] {
    const all = this.deps.store.list()
    return threadId ? all.filter((c) => c.threadId === threadId) : all
  }

  get(id: string): Comparison {
    return this.deps.store.get(id)
  }

  async create(input: CreateInput): Promise<Comparison> {
    const columns = withColumns([], input.questions, input.claims ?? [])
    const { paperIds, collection } = comparisonRows(input, this.deps)
    const now = new Date().toISOString()
    const c: Comparison = {
      id: `cmp-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
      title: input.title?.trim() || columns[0]!.text.slice(0, 80),
      createdAt: now,
      updatedAt: now,
      threadId: input.threadId ?? null,
      collection,
      paperIds,
      columns,
      cells: []
    }
    c.cells = gridCells(c)
    await this.save(c)
    return c
  }

  async update(id: string, input: UpdateInput): Promise<Comparison> {
    const old = this.get(id)
    if (input.addPaperIds) checkPapers(input.addPaperIds, this.deps.papers())
    const drop = new Set(input.removePaperIds ?? [])
    const dropColumns = new Set(input.removeColumnIds ?? [])
    const next: Comparison = {
      ...old,
      title: input.title?.trim() || old.title,
      updatedAt: new Date().toISOString(),
      paperIds: unique([...old.paperIds.filter((p) => !drop.has(p)), ...(input.addPaperIds ?? [])]),
      columns: withColumns(
        old.columns.filter((col) => !dropColumns.has(col.id)),
        input.addQuestions ?? [],
        input.addClaims ?? []
      )
    }
    next.cells = gridCells(next, old.cells)
    if (next.paperIds.length === 0 || next.columns.length === 0) {
      throw new UserFacingError('INVALID_INPUT', { key: 'comparisonNeedsPaperAndQuestion' })
    }
    await this.save(next)
    return next
  }

  async remove(id: string): Promise<void> {
    this.cancel(id)
    await this.deps.store.remove(id)
  }

  /** Stops filling a comparison; the cells filled so far stay saved. */
  cancel(id: string): boolean {
    const r = this.running.get(id)
    if (!r) return false
    r.controller.abort()
    return true
  }

  /** Stops every comparison being filled (Ctrl-C in the CLI, closing the app). */
  cancelAll(): void {
    for (const r of this.running.values()) r.controller.abort()
  }

  /**
   * Fills every pending or failed cell; resolves with the comparison when done or cancelled.
   * @remarks A second call while one runs joins it instead of starting another.
   */
  run(
    id: string,
    options: { uiLanguage?: UiLanguage; signal?: AbortSignal } = {}
  ): Promise<Comparison> {
    this.get(id)
    const existing = this.running.get(id)
    if (existing) return existing.done
    const controller = new AbortController()
    options.signal?.addEventListener('abort', () => controller.abort(), { once: true })
    const done = this.fill(id, controller.signal, options.uiLanguage).finally(() =>
      this.running.delete(id)
    )
    this.running.set(id, { controller, done })
    return done
  }

  private async fill(
    id: string,
    signal: AbortSignal,
    uiLanguage?: UiLanguage
  ): Promise<Comparison> {
    const start = this.get(id)
    const todo = start.cells.filter((c) => c.status === 'pending' || c.status === 'failed')
    const total = start.cells.length
    let done = total - todo.length
    const emit = (
      state: 'running' | 'paused' | 'done' | 'cancelled',
      extra: { cell?: CompareCell; retryAfterSeconds?: number } = {}
    ): void =>
      this.deps.events.emit('compare:progress', { comparisonId: id, state, done, total, ...extra })
    emit('running')
    const model = this.deps.chatModel()
    const settings = this.deps.settings()
    const ui = uiLanguage ?? mainUiLanguage(settings.uiLanguage)
    const wait = this.deps.wait ?? sleep
    let pause: Promise<void> | null = null
    const pauses = new Map<string, number>()
    const queue = [...todo]
    // One retrieval query per column, shared by its cells: the question rewritten once into
    // an English search query (the papers are English), not once per paper.
    const queries = new Map<string, Promise<string>>()
    const queryOf = (column: CompareColumn): Promise<string> => {
      if (!model) return Promise.resolve(column.text)
      let q = queries.get(column.id)
      if (!q) {
        const run = new AnswerRun(`compare-${id}-${column.id}-query`, quiet)
        q = rewriteQuery(model, column.text, run, signal, '', ['RATE_LIMITED'])
        // A rate-limited rewrite is tried again after the pause, not remembered as failed.
        q.catch(() => queries.delete(column.id))
        queries.set(column.id, q)
      }
      return q
    }

    const one = async (cell: CompareCell): Promise<CompareCell> => {
      const current = this.get(id)
      const column = current.columns.find((c) => c.id === cell.columnId)
      const paper = this.deps.papers().find((p) => p.id === cell.paperId)
      if (!column) return cell
      if (!paper || paper.status !== 'indexed') {
        return {
          ...cell,
          status: 'failed',
          notice: {
            code: 'NOT_FOUND',
            message: paper
              ? `Paper ${paper.id} is not indexed yet (${paper.status}). Run the comparison again once it is.`
              : `Paper ${cell.paperId} is no longer in the library. Remove it from the comparison.`
          }
        }
      }
      const scope = scopeTo(this.deps.retriever, this.deps.papers, [paper.id])
      return fillCell({
        retriever: scope.retriever,
        paper,
        column,
        query: await queryOf(column),
        model,
        languageInstruction: answerLanguage(settings.answerLanguage, column.text, ui).instruction,
        signal
      })
    }

    const worker = async (): Promise<void> => {
      for (;;) {
        while (pause) await pause
        if (signal.aborted) return
        const job = queue.shift()
        if (!job) return
        let filled: CompareCell
        try {
          filled = await one(job)
        } catch (error) {
          if (signal.aborted || isUserFacing(error, 'CANCELLED')) return
          if (!isUserFacing(error, 'RATE_LIMITED')) throw error
          const key = cellKey(job.paperId, job.columnId)
          const n = (pauses.get(key) ?? 0) + 1
          pauses.set(key, n)
          if (n > MAX_PAUSES_PER_CELL) {
            filled = { ...job, status: 'failed', notice: toAppError(error) }
          } else {
            queue.unshift(job)
            if (!pause) {
              const seconds = Math.min(
                error.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS,
                MAX_RETRY_SECONDS
              )
              emit('paused', { retryAfterSeconds: seconds })
              pause = wait(seconds, signal)
                .catch(() => undefined)
                .finally(() => {
                  pause = null
                  if (!signal.aborted) emit('running')
                })
            }
            continue
          }
        }
        if (signal.aborted) return
        const saved = await this.putCell(id, filled)
        if (saved) {
          done += 1
          emit('running', { cell: filled })
        }
      }
    }

    const limit = Math.max(1, this.deps.concurrency ?? DEFAULT_CONCURRENCY)
    await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker))
    await this.saving
    emit(signal.aborted ? 'cancelled' : 'done')
    return this.get(id)
  }

  /** Saves one filled cell into the latest version of the comparison; false if it was removed. */
  private async putCell(id: string, cell: CompareCell): Promise<boolean> {
    let kept = false
    await this.enqueue(async () => {
      const c = this.deps.store.list().find((x) => x.id === id)
      if (!c) return
      const key = cellKey(cell.paperId, cell.columnId)
      const at = c.cells.findIndex((x) => cellKey(x.paperId, x.columnId) === key)
      if (at < 0) return
      const cells = [...c.cells]
      cells[at] = cell
      await this.deps.store.save({ ...c, cells, updatedAt: new Date().toISOString() })
      kept = true
    })
    return kept
  }

  private save(c: Comparison): Promise<void> {
    return this.enqueue(() => this.deps.store.save(c))
  }

  /** Saves one at a time, so a later snapshot is never overwritten by an earlier one. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.saving.then(task)
    this.saving = next.catch(() => undefined)
    return next
  }
}

/** The rewrite's stage and usage events are not shown in the chat. */
const quiet: EventSink = { emit: () => undefined }

function sleep(seconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new CancelledError({ key: 'cancelledComparison' }))
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, seconds * 1000)
    const onAbort = (): void => {
      clearTimeout(timer)
      reject(new CancelledError({ key: 'cancelledComparison' }))
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
