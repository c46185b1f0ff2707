import { randomUUID } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { FolderImportStatus } from '../../shared/folderImport'
import type { LibraryNotice } from '../../shared/types'
import { noticeOf, UserFacingError, type ErrorText } from '../errors'
import { pdfFilesIn } from '../library/PaperIntake'
import { ImportEta } from './importEta'
import { addFile, recoverInterrupted, settleInFlight, type ImportLibrary } from './importItems'
import { IN_FLIGHT, importCounts, importStatus } from './importStatus'
import {
  IMPORT_JOB_FORMAT,
  type ImportItem,
  type ImportJobDocument
} from '../storage/importJobFormat'
import { moveAside, readVersioned, writeVersioned } from '../storage/versionedFile'

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
    if (this.job) recoverInterrupted(this.job, this.deps.library.list())
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
          settled: importCounts(this.job?.items ?? []).settled,
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
    const elapsedMs = this.activeMs()
    const state =
      job.state === 'running' && this.pauseAsked
        ? 'pausing'
        : job.state === 'running' && !this.running
          ? 'paused'
          : job.state
    return importStatus(job, state, elapsedMs, (x) => this.etaFrom.estimate(x))
  }

  /** Notes a paper that took work (indexed or failed) for the recent speed. */
  private worked(item: ImportItem): void {
    this.etaFrom.settled(this.activeMs(), item.bytes)
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

  private async run(): Promise<void> {
    const job = this.job!
    this.sessionStart = performance.now()
    this.etaFrom.reset()
    const window = Math.max(1, this.deps.window ?? 2)
    try {
      if (job.items.some((i) => i.state === 'queued')) await this.deps.beforeRun?.()
      for (;;) {
        if (this.stopNow) break
        const changed = settleInFlight(job, this.deps.library, (i) => this.worked(i))
        if (changed) this.scheduleSave()
        const inFlight = job.items.filter((i) => IN_FLIGHT.has(i.state)).length
        const next = this.pauseAsked ? undefined : job.items.find((i) => i.state === 'queued')
        if (next && inFlight < window) {
          await addFile(next, {
            job,
            library: this.deps.library,
            save: () => this.save(),
            log: this.deps.log
          })
          this.scheduleSave()
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
