import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import type { AppError } from '../../shared/errors'
import type { DamagedThread, ThreadSummary } from '../../shared/threads'
import type { Answer } from '../../shared/types'
import { appError, UserFacingError } from '../errors'
import { keepBeforeMigration, writeVersioned } from '../storage/versionedFile'
import {
  parseThreadFile,
  salvageThreadFile,
  THREAD_FORMAT,
  threadDocument,
  UnreadableThreadError,
  type StoredThread
} from './threadFile'

/** The title a thread has until its first question names it. */
export const UNTITLED = ''
const TITLE_CHARS = 80

/** One stored turn. */
export type StoredTurn = StoredThread['turns'][number]

/** How a running turn ended. */
export type TurnOutcome =
  | { status: 'done'; answer: Answer; model: string | null }
  | { status: 'stopped' | 'failed'; error: AppError }

/**
 * The conversations of one library: `threads/<id>.json`, one file per thread, written
 * atomically after every change.
 * @remarks One file per thread, so a damaged file costs one thread, never the others: at open
 * it is moved to `threads/damaged/` and reported ({@link damaged}). A turn is saved as
 * `running` before its answer starts; a turn still `running` at the next open was cut off by a
 * crash or a quit, and is marked `interrupted`. Deleting moves the file to `threads/trash/` so
 * it can be restored (undo).
 */
export class ThreadStore {
  private readonly threads = new Map<string, StoredThread>()
  private readonly saving = new Map<string, Promise<void>>()
  private readonly unreadable: DamagedThread[] = []
  private readonly trashDir: string
  private readonly damagedDir: string

  constructor(
    private readonly dir: string,
    private readonly log: (message: string) => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
    /** A reader beside the writing process (the MCP server): never writes, moves or marks. */
    private readonly readOnly = false
  ) {
    this.trashDir = join(dir, 'trash')
    this.damagedDir = join(dir, 'damaged')
  }

  /** Loads every thread; sets aside unreadable files; marks cut-off turns interrupted. */
  async open(): Promise<void> {
    if (!this.readOnly) await mkdir(this.dir, { recursive: true })
    let names: string[]
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.json')).sort()
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && this.readOnly) return
      throw e
    }
    for (const name of names) {
      const path = join(this.dir, name)
      let text: string
      try {
        text = await readFile(path, 'utf8')
      } catch (e) {
        this.log(`threads: could not read ${path}: ${(e as Error).message}`)
        continue
      }
      try {
        const { file, migratedFrom } = parseThreadFile(text)
        const thread = file.thread
        if (`${thread.id}.json` !== name) throw new UnreadableThreadError('file name and id differ')
        this.threads.set(thread.id, thread)
        // A reader cannot tell a crashed turn from one the writer is answering now.
        if (this.readOnly) continue
        const cut = thread.turns.filter((t) => t.status === 'running')
        for (const t of cut) {
          t.status = 'interrupted'
          t.error = appError('CANCELLED', { key: 'interruptedTurn' })
        }
        // The older file is kept beside the upgraded one, for going back to an older version.
        if (migratedFrom !== null) await keepBeforeMigration(path, migratedFrom)
        if (cut.length || migratedFrom !== null) await this.save(thread.id)
      } catch (e) {
        if (!(e instanceof UnreadableThreadError)) throw e
        if (e.newer) this.keepNewer(path, e.message)
        else await this.setAside(path, name, e.message, salvageThreadFile(text))
      }
    }
  }

  /** Thread files found unreadable at open, with where they went. */
  damaged(): DamagedThread[] {
    return this.unreadable.map((d) => ({ ...d }))
  }

  /** Threads newest first; `query` keeps those whose title or a question contains it. */
  list(query = ''): ThreadSummary[] {
    const q = query.trim().toLowerCase()
    return [...this.threads.values()]
      .filter(
        (t) =>
          !q ||
          t.title.toLowerCase().includes(q) ||
          t.turns.some((turn) => turn.question.toLowerCase().includes(q))
      )
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id))
      .map((t) => ({
        id: t.id,
        title: t.title,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
        scope: t.scope ? [...t.scope] : null,
        turnCount: t.turns.length,
        lastQuestion: t.turns.at(-1)?.question ?? null
      }))
  }

  /** A copy of one thread; NOT_FOUND when there is none. */
  get(threadId: string): StoredThread {
    return structuredClone(this.require(threadId))
  }

  async create(options: { title?: string; scope?: string[] | null } = {}): Promise<StoredThread> {
    this.writable()
    const at = this.now()
    const stamp = at.toISOString().replace(/[-:T]/g, '').slice(0, 14)
    const id = `t-${stamp}-${randomBytes(3).toString('hex')}`
    const thread: StoredThread = {
      id,
      title: options.title?.trim().slice(0, 200) ?? UNTITLED,
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      scope: options.scope ? [...new Set(options.scope)] : null,
      turns: []
    }
    this.threads.set(id, thread)
    await this.save(id)
    return structuredClone(thread)
  }

  async rename(threadId: string, title: string): Promise<StoredThread> {
    return this.change(threadId, (t) => {
      t.title = title.trim().slice(0, 200)
    })
  }

  async setScope(threadId: string, scope: string[] | null): Promise<StoredThread> {
    return this.change(threadId, (t) => {
      t.scope = scope ? [...new Set(scope)] : null
    })
  }

  /** Moves a thread to the trash (see {@link restore}). */
  async delete(threadId: string): Promise<void> {
    this.writable()
    this.require(threadId)
    await this.saving.get(threadId)
    await mkdir(this.trashDir, { recursive: true })
    await rename(this.file(threadId), join(this.trashDir, `${threadId}.json`))
    this.threads.delete(threadId)
  }

  /** Brings a deleted thread back from the trash. */
  async restore(threadId: string): Promise<StoredThread> {
    this.writable()
    const from = join(this.trashDir, `${threadId}.json`)
    let text: string
    try {
      text = await readFile(from, 'utf8')
    } catch {
      throw new UserFacingError('NOT_FOUND', {
        key: 'noDeletedConversation',
        params: { id: threadId }
      })
    }
    const { file } = parseThreadFile(text)
    await rename(from, this.file(threadId))
    this.threads.set(threadId, file.thread)
    return structuredClone(file.thread)
  }

  /**
   * Saves a new turn as `running` before it is answered, so a crash leaves it on disk.
   * @remarks The first question of an untitled thread becomes its title.
   */
  async beginTurn(threadId: string, question: string): Promise<StoredTurn> {
    const at = this.now().toISOString()
    const turn: StoredTurn = {
      id: `u-${randomBytes(4).toString('hex')}`,
      question,
      status: 'running',
      answer: '',
      mode: null,
      verified: false,
      notice: null,
      citations: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      model: null,
      askedAt: at,
      finishedAt: null,
      error: null
    }
    await this.change(threadId, (t) => {
      if (!t.title.trim()) t.title = autoTitle(question)
      t.turns.push(turn)
    })
    return structuredClone(turn)
  }

  /** Records how a running turn ended. */
  async finishTurn(threadId: string, turnId: string, outcome: TurnOutcome): Promise<StoredTurn> {
    let out: StoredTurn | undefined
    await this.change(threadId, (t) => {
      const turn = t.turns.find((x) => x.id === turnId)
      if (!turn) throw new Error(`threads: no turn ${turnId} in ${threadId}`)
      turn.finishedAt = this.now().toISOString()
      if (outcome.status === 'done') {
        const a = outcome.answer
        Object.assign(turn, {
          status: 'done',
          answer: a.answer,
          mode: a.mode,
          verified: a.verified,
          notice: a.notice,
          citations: a.citations.map(storedCitation),
          usage: a.usage,
          model: outcome.model,
          error: null,
          ...(a.outsideScope && { outsideScope: [...a.outsideScope] }),
          // What the answer showed besides its text, so that a reload draws it the same.
          ...(a.check && { check: a.check }),
          ...(a.excerpts && { excerpts: a.excerpts.map((x) => ({ ...x })) }),
          ...(a.answeredBy && { answeredBy: { ...a.answeredBy } }),
          ...(a.reply && { reply: { ...a.reply } })
        })
      } else {
        turn.status = outcome.status
        turn.error = outcome.error
      }
      out = structuredClone(turn)
    })
    return out!
  }

  /** Waits for every pending write. */
  async flush(): Promise<void> {
    await Promise.all([...this.saving.values()].map((p) => p.catch(() => undefined)))
  }

  private require(threadId: string): StoredThread {
    const t = this.threads.get(threadId)
    if (!t) {
      throw new UserFacingError('NOT_FOUND', {
        key: 'noSuchConversation',
        params: { id: threadId }
      })
    }
    return t
  }

  private writable(): void {
    if (this.readOnly) {
      throw new UserFacingError('INVALID_INPUT', { key: 'conversationsReadOnly' })
    }
  }

  private async change(threadId: string, edit: (t: StoredThread) => void): Promise<StoredThread> {
    this.writable()
    const t = this.require(threadId)
    edit(t)
    t.updatedAt = this.now().toISOString()
    await this.save(threadId)
    return structuredClone(t)
  }

  private file(threadId: string): string {
    return join(this.dir, `${threadId}.json`)
  }

  /** Saves one thread; saves of a thread are serialised so an older one never lands last. */
  private save(threadId: string): Promise<void> {
    const thread = this.threads.get(threadId)
    if (!thread) return Promise.resolve()
    const doc = structuredClone(threadDocument(thread))
    const previous = this.saving.get(threadId) ?? Promise.resolve()
    const run = previous
      .catch(() => undefined)
      .then(() => writeVersioned(this.file(threadId), THREAD_FORMAT, doc, 1))
    this.saving.set(threadId, run)
    return run
  }

  // A newer version's file stays where that version will look for it; this one leaves it alone.
  private keepNewer(path: string, reason: string): void {
    this.unreadable.push({ file: path, movedTo: path, reason: `${reason}; left in place` })
    this.log(
      `threads: ${path} is ${reason}; left in place, not shown. Update ResearchPal to see it.`
    )
  }

  /**
   * Moves a damaged thread file to `damaged/`, keeping it, and puts back what of it could be
   * read: the conversation with every turn read whole before the damage.
   * @remarks A reader shows the salvaged thread but leaves the file to the writer.
   */
  private async setAside(
    path: string,
    name: string,
    reason: string,
    salvaged: ReturnType<typeof salvageThreadFile>
  ): Promise<void> {
    const thread = salvaged?.file.thread
    const kept = thread && `${thread.id}.json` === name ? salvaged.turnsKept : undefined
    const recovered = kept === undefined ? {} : { recoveredTurns: kept }
    if (kept !== undefined) this.threads.set(thread!.id, thread!)
    if (this.readOnly) {
      this.unreadable.push({ file: path, movedTo: path, reason, ...recovered })
      return
    }
    await mkdir(this.damagedDir, { recursive: true })
    const movedTo = join(this.damagedDir, `${name}.${this.now().getTime()}`)
    await rename(path, movedTo)
    this.unreadable.push({ file: path, movedTo, reason, ...recovered })
    if (kept !== undefined) {
      for (const t of thread!.turns.filter((x) => x.status === 'running')) {
        t.status = 'interrupted'
        t.error = appError('CANCELLED', { key: 'interruptedTurn' })
      }
      await this.save(thread!.id)
    }
    this.log(
      `threads: ${path} could not be read (${reason}); moved it to ${movedTo}${kept === undefined ? '' : `; ${kept} whole turn(s) recovered`}`
    )
  }
}

/** A citation as stored: where it points, and what is needed to draw a cited figure's crop. */
function storedCitation(c: Answer['citations'][number]): StoredTurn['citations'][number] {
  return {
    number: c.number,
    paperId: c.paperId,
    title: c.title,
    page: c.page,
    chunkId: c.chunkId,
    snippet: c.snippet,
    ...(c.kind && { kind: c.kind }),
    ...(c.region && { region: { ...c.region } })
  }
}

/** A title from a first question: its first line, cut at a word near 80 characters. */
export function autoTitle(question: string): string {
  const line = question.trim().split('\n')[0]!.replace(/\s+/g, ' ')
  if (line.length <= TITLE_CHARS) return line
  const cut = line.slice(0, TITLE_CHARS)
  const space = cut.lastIndexOf(' ')
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`
}
