import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { basename, resolve } from 'node:path'
import type { FolderImportEntry, FolderImportStatus } from '../../shared/folderImport'
import type { AppError } from '../../shared/errors'
import type { LibraryNotice, Paper } from '../../shared/types'
import { englishText, noticeOf, toAppError, UserFacingError, type ErrorText } from '../errors'
import type { AddOutcome } from '../library/PaperIntake'
import { pdfFilesIn } from '../library/PaperIntake'
import { sha256OfFile } from '../library/pdfFileCheck'
import { ImportEta } from './importEta'
import {
  IMPORT_JOB_FORMAT,
  type ImportItem,
  type ImportJobDocument
} from '../storage/importJobFormat'
import { moveAside, readVersioned, writeVersioned } from '../storage/versionedFile'

/**
 * What an item says about its file: the English message (logs, `--json`, older readers) and
 * the same text's key and values in main's catalog, said in the user's language by the UI and
 * the CLI. A library error without a key (stored before keys existed) keeps only its message.
 */
function itemText(text: ErrorText | Pick<AppError, 'message' | 'key' | 'params'>): {
  message: string
  key: string | undefined
  params: ErrorText['params']
} {
  if ('message' in text) return { message: text.message, key: text.key, params: text.params }
  return { message: englishText(text), key: text.key, params: text.params }
}

/** What a folder import needs from the library: its public entry points only. */
export interface ImportLibrary {
  addPathsDetailed(paths: string[]): Promise<AddOutcome[]>
  list(): Paper[]
  /** One paper by id (looked up, not listed: a thousand-paper list per poll costs seconds). */
  byId(id: string): Paper | undefined
  /** The paper whose PDF has this sha256, if any. */
  bySha(sha256: string): Paper | undefined
}

/** What {@link FolderImport} is built from. */
export interface FolderImportDeps {
  library: ImportLibrary
  /** The manifest, `imports/folder-import.json` in the data folder. */
  file: string
  /** Called with the status after every change (the app's `import:progress` event). */
  emit?: (status: FolderImportStatus) => void
  /** Runs before the first paper of a run (measures ingestion settings when needed). */
  beforeRun?: () => Promise<void>
  log?: (message: string) => void
  /** Papers handed to the library and not yet indexed, at most (default 2). */
  window?: number
  /** How often in-flight papers are checked, ms (default 100). */
  pollMs?: number
  /** The shortest time between two progress events of the same state, ms (default 250). */
  emitEveryMs?: number
  readOnly?: boolean
}

const FINAL = new Set<ImportItem['state']>(['done', 'duplicate', 'failed'])
const IN_FLIGHT = new Set<ImportItem['state']>(['adding', 'added'])
/** The shortest time between two progress events of the same state, ms. */
const EMIT_EVERY_MS = 250

/**
 * Imports a folder of PDFs (a thousand or more) through the library, with an overall ETA,
 * pause/resume, and a manifest that survives quitting mid-way.
 * @remarks The manifest (`IMPORT_JOB_FORMAT`) lists every file found when the import started
 * and where each stands. A file's sha256 is written to it BEFORE the library is asked to add
 * the file, so a restart tells this job's own papers from older duplicates; papers the library
 * was indexing when the process stopped are resumed by the library itself when it opens, and
 * the import only waits for them. No file is added twice and no paper is indexed twice.
 * The library is fed a few files at a time (`window`), so pausing takes effect within a paper
 * or two and the library's own queue stays short. Duplicates (the same PDF already in the
 * library, or twice in the folder) and failures (damaged, password-protected, no text) are
 * summarised at the end with their reasons.
 */
export class FolderImport {
  private job: ImportJobDocument | null = null
  private running: Promise<void> | null = null
  /** When the current run started (performance.now()), or null when not running. */
  private sessionStart: number | null = null
  private saveTimer: NodeJS.Timeout | null = null
  private saving: Promise<void> = Promise.resolve()
  private pauseAsked = false
  private stopNow = false
  private lastEmit = -Infinity
  private lastState: FolderImportStatus['state'] | null = null
  private emitTimer: NodeJS.Timeout | null = null
  /** The speed of the papers settled by work in this run, for the ETA. */
  private readonly etaFrom = new ImportEta()
  private damagedNotice: LibraryNotice | null = null

  constructor(private readonly deps: FolderImportDeps) {}

  /**
   * Reads the manifest. A damaged one is kept aside (its files stay in the library; importing
   * the folder again skips them as duplicates) and reported ({@link notice}); a newer one is
   * refused.
   */
  async load(): Promise<void> {
    const read = await readVersioned(this.deps.file, IMPORT_JOB_FORMAT)
    if (read.state === 'newer') {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'newerImport',
        params: { file: this.deps.file, version: read.version }
      })
    }
    if (read.state === 'unreadable') {
      const aside = this.deps.readOnly ? this.deps.file : await moveAside(this.deps.file)
      const text: ErrorText = {
        key: 'importManifestDamaged',
        params: { detail: read.reason, aside }
      }
      this.damagedNotice = noticeOf('warning', text, null)
      this.deps.log?.(this.damagedNotice.message)
      return
    }
    this.job = read.state === 'ok' ? read.data : null
    if (this.job) this.recoverInterrupted(this.job)
  }

  /** What opening found wrong with the manifest, if anything (a library notice, keyed). */
  notice(): LibraryNotice | null {
    return this.damagedNotice
  }

  /** True when an import was running when the app last stopped (the app resumes it). */
  wasRunning(): boolean {
    return this.job?.state === 'running'
  }

  /**
   * Starts importing a folder, or resumes the unfinished import of the same folder.
   * @remarks An unfinished import of another folder must be finished or cancelled first.
   */
  async start(folder: string): Promise<FolderImportStatus> {
    const dir = resolve(folder)
    const info = await stat(dir).catch(() => null)
    if (!info?.isDirectory())
      throw new UserFacingError('NOT_FOUND', { key: 'importNotAFolder', params: { dir } })
    const open = this.job && (this.job.state === 'running' || this.job.state === 'paused')
    if (open && this.job!.folder !== dir)
      throw new UserFacingError('INVALID_INPUT', {
        key: 'importUnfinished',
        params: {
          folder: this.job!.folder,
          settled: this.counts().settled,
          total: this.job!.items.length
        }
      })
    if (!open) {
      const files = await pdfFilesIn([dir])
      const items: ImportItem[] = []
      for (const path of files) {
        const bytes = (await stat(path).catch(() => null))?.size ?? 0
        items.push({
          path,
          bytes,
          state: 'queued',
          sha256: null,
          paperId: null,
          code: null,
          message: null
        })
      }
      this.job = {
        version: 1,
        id: randomUUID(),
        folder: dir,
        createdAt: new Date().toISOString(),
        state: 'running',
        activeMs: 0,
        finishedAt: null,
        items
      }
      await this.save()
    }
    return this.resume()
  }

  /** Resumes a paused (or interrupted) import; a no-op while running or when there is none. */
  async resume(): Promise<FolderImportStatus> {
    const job = this.requireJob()
    if (job.state === 'finished' || job.state === 'cancelled') return this.status()
    if (this.running && !this.pauseAsked) return this.status()
    await this.running
    job.state = 'running'
    this.pauseAsked = false
    await this.save()
    this.running = this.run().finally(() => (this.running = null))
    this.announce()
    return this.status()
  }

  /** Stops handing files to the library; the papers in flight finish, then it is `paused`. */
  async pause(): Promise<FolderImportStatus> {
    const job = this.requireJob()
    if (job.state !== 'running') return this.status()
    this.pauseAsked = true
    this.announce()
    return this.status()
  }

  /** Ends the import: files not started are left out; papers already added stay. */
  async cancel(): Promise<FolderImportStatus> {
    const job = this.requireJob()
    if (job.state === 'finished' || job.state === 'cancelled') return this.status()
    this.pauseAsked = true
    await this.running
    job.state = 'cancelled'
    job.finishedAt = new Date().toISOString()
    await this.save()
    this.announce()
    return this.status()
  }

  /** Resolves when the import stops running (paused, finished or cancelled). */
  async settled(): Promise<void> {
    while (this.running) await this.running
  }

  /**
   * Stops at once, without waiting for the papers in flight (app quit): the manifest keeps
   * `running`, so the next start resumes; the library resumes the papers it was indexing.
   */
  async close(): Promise<void> {
    this.stopNow = true
    await this.running
    if (this.emitTimer) clearTimeout(this.emitTimer)
    this.emitTimer = null
    await this.flush()
  }

  /** The files of the import not yet started, then the rest (samples for measuring). */
  pendingFiles(): string[] {
    const items = this.job?.items ?? []
    return [
      ...items.filter((i) => i.state === 'queued'),
      ...items.filter((i) => i.state !== 'queued')
    ].map((i) => i.path)
  }

  /** The import's progress, or null when there has never been one. */
  current(): FolderImportStatus | null {
    return this.job ? this.status() : null
  }

  status(): FolderImportStatus {
    const job = this.requireJob()
    const c = this.counts()
    const elapsedMs = this.activeMs()
    const state =
      job.state === 'running' && this.pauseAsked
        ? 'pausing'
        : job.state === 'running' && !this.running
          ? 'paused'
          : job.state
    const entry = (i: ImportItem): FolderImportEntry => ({
      file: i.path,
      code: i.code ?? 'DUPLICATE',
      message: i.message ?? '',
      ...(i.key ? { key: i.key } : {}),
      ...(i.key && i.params ? { params: i.params } : {}),
      paperId: i.paperId
    })
    return {
      jobId: job.id,
      folder: job.folder,
      state,
      total: job.items.length,
      indexed: c.done,
      duplicates: c.duplicate,
      failed: c.failed,
      inFlight: c.inFlight,
      queued: c.queued,
      elapsedSeconds: Math.round(elapsedMs / 100) / 10,
      papersPerSecond: elapsedMs > 0 ? Math.round((c.settled / (elapsedMs / 1000)) * 100) / 100 : 0,
      etaSeconds: this.eta(elapsedMs),
      failures: job.items.filter((i) => i.state === 'failed').map(entry),
      duplicateFiles: job.items.filter((i) => i.state === 'duplicate').map(entry)
    }
  }

  // Time remaining from the recent speed (see ImportEta). Duplicates are left out of both the
  // work done and the work left: they cost almost nothing and would make it optimistic.
  private eta(elapsedMs: number): number | null {
    const job = this.job!
    let workedBytes = 0
    let workedPapers = 0
    let leftBytes = 0
    let leftPapers = 0
    for (const i of job.items) {
      if (i.state === 'done' || i.state === 'failed') {
        workedBytes += i.bytes
        workedPapers++
      } else if (!FINAL.has(i.state)) {
        leftBytes += i.bytes
        leftPapers++
      }
    }
    if (leftPapers === 0) return job.state === 'running' ? 0 : null
    return this.etaFrom.estimate({ leftPapers, leftBytes, elapsedMs, workedPapers, workedBytes })
  }

  /** Notes a paper that took work (indexed or failed) for the recent speed. */
  private worked(item: ImportItem): void {
    this.etaFrom.settled(this.activeMs(), item.bytes)
  }

  private counts(): Record<
    'queued' | 'inFlight' | 'done' | 'duplicate' | 'failed' | 'settled',
    number
  > {
    const c = { queued: 0, inFlight: 0, done: 0, duplicate: 0, failed: 0, settled: 0 }
    for (const i of this.job?.items ?? []) {
      if (i.state === 'queued') c.queued++
      else if (IN_FLIGHT.has(i.state)) c.inFlight++
      else {
        c[i.state as 'done' | 'duplicate' | 'failed']++
        c.settled++
      }
    }
    return c
  }

  private activeMs(): number {
    const job = this.job!
    return job.activeMs + (this.sessionStart === null ? 0 : performance.now() - this.sessionStart)
  }

  private requireJob(): ImportJobDocument {
    if (!this.job)
      throw new UserFacingError('NOT_FOUND', 'There is no folder import. Import a folder first.')
    return this.job
  }

  /**
   * After a restart: a file recorded as `adding` whose sha256 the catalog holds was added by
   * this job just before the stop (it is `added`); otherwise it was not added and is queued again.
   */
  private recoverInterrupted(job: ImportJobDocument): void {
    const bySha = new Map<string, Paper>()
    for (const p of this.deps.library.list()) if (p.sha256) bySha.set(p.sha256, p)
    for (const i of job.items) {
      if (i.state !== 'adding') continue
      const p = i.sha256 ? bySha.get(i.sha256) : undefined
      if (p) Object.assign(i, { state: 'added', paperId: p.id })
      else Object.assign(i, { state: 'queued', sha256: null })
    }
  }

  private async run(): Promise<void> {
    const job = this.job!
    this.sessionStart = performance.now()
    this.etaFrom.reset()
    const window = Math.max(1, this.deps.window ?? 2)
    try {
      if (job.items.some((i) => i.state === 'queued')) await this.deps.beforeRun?.()
      for (;;) {
        if (this.stopNow) break
        const changed = this.settleInFlight()
        if (changed) this.scheduleSave()
        const inFlight = job.items.filter((i) => IN_FLIGHT.has(i.state)).length
        const next = this.pauseAsked ? undefined : job.items.find((i) => i.state === 'queued')
        if (next && inFlight < window) {
          await this.addOne(next)
          this.announce()
          continue
        }
        if (inFlight === 0) {
          if (!next && !this.pauseAsked) {
            job.state = 'finished'
            job.finishedAt = new Date().toISOString()
          } else if (this.pauseAsked) job.state = 'paused'
          break
        }
        if (changed) this.announce()
        await new Promise((r) => setTimeout(r, this.deps.pollMs ?? 100))
      }
    } finally {
      job.activeMs += performance.now() - (this.sessionStart ?? performance.now())
      this.sessionStart = null
      this.pauseAsked = false
      await this.save()
      this.announce()
    }
  }

  /** Papers in flight that the library finished (indexed, failed or removed). */
  private settleInFlight(): boolean {
    const job = this.job!
    const flying = job.items.filter((i) => i.state === 'added')
    if (flying.length === 0) return false
    let changed = false
    for (const i of flying) {
      const p = this.deps.library.byId(i.paperId!)
      if (!p) {
        Object.assign(i, {
          state: 'failed',
          code: 'NOT_FOUND',
          ...itemText({ key: 'importRemoved', params: { file: basename(i.path) } })
        })
      } else if (p.status === 'indexed') i.state = 'done'
      else if (p.status === 'error') {
        Object.assign(i, {
          state: 'failed',
          code: p.error?.code ?? 'INTERNAL',
          ...itemText(p.error ?? { key: 'importNotIndexed', params: { file: basename(i.path) } })
        })
      } else continue
      if (p) this.worked(i)
      changed = true
    }
    return changed
  }

  /** Hashes one file, checks it against the library and this job, and hands it to the library. */
  private async addOne(item: ImportItem): Promise<void> {
    const job = this.job!
    const name = basename(item.path)
    try {
      const sha = await sha256OfFile(item.path)
      if (sha === null) {
        Object.assign(item, {
          state: 'failed',
          code: 'NOT_FOUND',
          ...itemText({ key: 'importUnreadable', params: { file: name } })
        })
        this.scheduleSave()
        return
      }
      const twinInJob = job.items.find(
        (i) => i !== item && i.sha256 === sha && i.state !== 'duplicate' && i.state !== 'queued'
      )
      const twin = this.deps.library.bySha(sha)
      // A paper that failed before is tried again by the library (as adding it by hand does).
      if (twinInJob || (twin && twin.status !== 'error')) {
        const of: ErrorText = twinInJob
          ? {
              key: 'importDuplicateInFolder',
              params: { file: name, other: basename(twinInJob.path) }
            }
          : { key: 'importDuplicateOf', params: { file: name, title: twin!.title } }
        Object.assign(item, {
          state: 'duplicate',
          sha256: sha,
          paperId: twinInJob?.paperId ?? twin?.id ?? null,
          code: null,
          ...itemText(of)
        })
        this.scheduleSave()
        return
      }
      // Written before the add: see recoverInterrupted.
      Object.assign(item, { state: 'adding', sha256: sha })
      await this.save()
      const [outcome] = await this.deps.library.addPathsDetailed([item.path])
      const paper = outcome!.paper
      if (paper.status === 'error' && paper.error) {
        Object.assign(item, {
          state: 'failed',
          paperId: paper.id,
          code: paper.error.code,
          ...itemText(paper.error)
        })
      } else Object.assign(item, { state: 'added', paperId: paper.id })
    } catch (e) {
      const error = toAppError(e, `while importing ${name}`)
      if (error.code === 'INTERNAL') this.deps.log?.(`import ${item.path}: ${String(e)}`)
      Object.assign(item, { state: 'failed', code: error.code, ...itemText(error) })
    }
    this.scheduleSave()
  }

  // At most a few updates a second (a thousand small papers settle fast; each update is sent to
  // the window), but a change of state (paused, finished) is sent at once.
  private announce(): void {
    if (!this.job || !this.deps.emit) return
    const now = performance.now()
    const status = this.status()
    const every = this.deps.emitEveryMs ?? EMIT_EVERY_MS
    if (status.state === this.lastState && now - this.lastEmit < every) {
      this.emitTimer ??= setTimeout(() => {
        this.emitTimer = null
        this.announce()
      }, every)
      return
    }
    if (this.emitTimer) clearTimeout(this.emitTimer)
    this.emitTimer = null
    this.lastEmit = now
    this.lastState = status.state
    this.deps.emit(status)
  }

  // Final states need not be written at once: a restart derives them from the catalog.
  private scheduleSave(): void {
    if (this.saveTimer) return
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null
      void this.save().catch((e: unknown) => this.deps.log?.(`saving the import: ${String(e)}`))
    }, 500)
  }

  private async flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer)
      this.saveTimer = null
      await this.save()
    }
    await this.saving
  }

  private save(): Promise<void> {
    if (this.deps.readOnly || !this.job) return Promise.resolve()
    if (this.saveTimer) {
      clearTimeout(this.saveTimer)
      this.saveTimer = null
    }
    // Time run so far, this session included: a process killed mid-way keeps most of it.
    const { version: _v, ...body } = {
      ...this.job,
      activeMs: this.activeMs(),
      items: this.job.items.map((i) => ({ ...i }))
    }
    // One write at a time, in order, so an older snapshot never lands after a newer one.
    this.saving = this.saving
      .catch(() => undefined)
      .then(() => writeVersioned(this.deps.file, IMPORT_JOB_FORMAT, body))
    return this.saving
  }
}
