import { noticeOf, toAppError, UserFacingError } from '../errors'
import type { AppError } from '../../shared/errors'
import type { SyncStatus } from '../../shared/sync'
import type { LibraryNotice } from '../../shared/types'
import { SyncService, syncStateFile, type SyncLibrary } from './SyncService'
import type { SyncRun } from './syncStateFormat'
import { watchSyncTargets } from './watcher'

/** What the app's background sync needs: the library, where its data lives, a way to tell the user. */
export interface BackgroundSyncDeps {
  library: SyncLibrary
  dataDir: string
  notify: (notice: LibraryNotice) => void
  log?: (message: string) => void
  /** A file modified less than this long ago is still being written (ms, default 2000). */
  settleMs?: number
  /** Told whenever the status changes (a pass started or ended, a folder added). */
  onStatus?: (status: SyncStatus) => void
  /** Follow the folders and Zotero while open (the app); off: only what Settings asks is done. */
  watch?: boolean
}

/**
 * How long a file must be left alone to count as written (ms): RESEARCHPAL_SYNC_SETTLE_MS when
 * set (tests shorten it), else 2 s.
 */
export function syncSettleMs(env: NodeJS.ProcessEnv): number {
  const v = Number(env.RESEARCHPAL_SYNC_SETTLE_MS)
  return env.RESEARCHPAL_SYNC_SETTLE_MS && Number.isFinite(v) && v >= 0 ? v : 2000
}

/** How many of the last pass's changes Settings lists. */
const CHANGES_SHOWN = 20

/**
 * The app's side of `sync`, and what Settings changes: while the app runs, the watched folders
 * and the linked Zotero library are caught up once at start and then followed, so a PDF dropped
 * into a watched folder becomes a paper with no import step.
 * @remarks The same `SyncService` as the CLI does the work, so both keep one state file and
 * never add a file twice. Each pass that changed something is told to the user as one library
 * notice ("2 new, 1 file missing"); a pass that fails is told too, once until one goes through,
 * with what to do. Adding a folder, linking Zotero, pausing or resuming re-arms the watchers.
 */
export class BackgroundSync {
  private readonly sync: SyncService
  private available = false
  private running = 0
  private stopped = false
  private error: AppError | null = null
  private toldFailure: string | null = null
  private stopWatching: () => Promise<void> = async () => {}

  constructor(private readonly deps: BackgroundSyncDeps) {
    this.sync = new SyncService({
      library: deps.library,
      file: syncStateFile(deps.dataDir),
      ...(deps.settleMs !== undefined ? { settleMs: deps.settleMs } : {}),
      ...(deps.log ? { log: deps.log } : {})
    })
  }

  /**
   * Reads the sync state and, when watching, starts following what it names with a catch-up
   * pass. A state file from a newer ResearchPal is said and left untouched, and nothing is
   * followed or changed until the app is updated; the library opens either way.
   */
  async start(): Promise<void> {
    const loaded = await this.sync.load().then(
      (damaged) => ({ damaged }),
      (e: unknown) => ({ failed: e })
    )
    if ('failed' in loaded) {
      const e = loaded.failed
      this.error = toAppError(e)
      if (e instanceof UserFacingError && e.text)
        this.deps.notify(noticeOf('warning', e.text, null))
      else this.deps.log?.(`sync: ${e instanceof Error ? e.message : String(e)}`)
      return
    }
    this.available = true
    if (loaded.damaged) this.deps.notify(noticeOf('warning', loaded.damaged, null))
    if (this.deps.watch !== false) await this.rearm()
    this.pass(() => this.sync.syncAll())
  }

  /** Where the folders and the link stand, for Settings. */
  status(): SyncStatus {
    const s = this.sync.current()
    const run = s.lastRun
    return {
      available: this.available,
      paused: s.paused,
      running: this.running > 0,
      folders: s.folders.map((f) => {
        const files = Object.values(f.files)
        return {
          path: f.path,
          poll: f.poll,
          lastSyncAt: f.lastSyncAt,
          files: files.filter((x) => x.state !== 'missing').length,
          missing: files.filter((x) => x.state === 'missing' && x.paperId).length
        }
      }),
      zotero: s.zotero && {
        dir: s.zotero.dir,
        collections: s.zotero.collections,
        lastSyncAt: s.zotero.lastSyncAt,
        items: Object.values(s.zotero.items).filter((i) => i.state !== 'trashed').length,
        trashed: Object.values(s.zotero.items).filter((i) => i.state === 'trashed').length
      },
      lastRun: run && {
        at: run.at,
        counts: Object.fromEntries(Object.entries(run.counts).filter(([k]) => k !== 'settling')),
        changes: run.changes
          .filter((c) => c.kind !== 'settling')
          .slice(0, CHANGES_SHOWN)
          .map((c) => ({
            kind: c.kind,
            source: c.source,
            file: c.file,
            paperId: c.paperId,
            title: c.paperId ? (this.deps.library.byId(c.paperId)?.title ?? c.title) : c.title
          }))
      },
      error: this.error
    }
  }

  /** Watches one more folder and brings in what it holds now. */
  async addFolder(path: string, options: { poll?: boolean } = {}): Promise<SyncStatus> {
    this.writable()
    const f = await this.sync.addFolder(path, options)
    await this.rearm()
    this.pass(() => this.sync.syncFolder(f.path))
    return this.status()
  }

  /** Stops watching a folder; its papers stay in the library. */
  async removeFolder(path: string): Promise<SyncStatus> {
    this.writable()
    await this.sync.removeFolder(path)
    await this.rearm()
    return this.changed()
  }

  /** Follows a Zotero data folder (read-only), optionally only some collections. */
  async linkZotero(dir: string, collections: string[]): Promise<SyncStatus> {
    this.writable()
    await this.sync.linkZotero(dir, collections)
    await this.rearm()
    this.pass(() => this.sync.syncZotero())
    return this.status()
  }

  /** Ends the Zotero link; its papers stay. */
  async unlinkZotero(): Promise<SyncStatus> {
    this.writable()
    await this.sync.unlinkZotero()
    await this.rearm()
    return this.changed()
  }

  /** Paused: nothing is watched or synced until resumed (then a catch-up pass runs). */
  async setPaused(paused: boolean): Promise<SyncStatus> {
    this.writable()
    await this.sync.setPaused(paused)
    await this.rearm()
    if (!paused) this.pass(() => this.sync.syncAll())
    return this.changed()
  }

  /** One catch-up pass now; resolves once it is done (its failure is in the status). */
  async syncNow(): Promise<SyncStatus> {
    this.writable()
    await this.run(() => this.sync.syncAll())
    return this.status()
  }

  /** Stops watching (the app closes its services); a running pass finishes on its own. */
  async stop(): Promise<void> {
    this.stopped = true
    await this.stopWatching()
  }

  private writable(): void {
    if (this.available) return
    throw new UserFacingError('INVALID_INPUT', { key: 'syncUnavailable' })
  }

  private changed(): SyncStatus {
    const s = this.status()
    this.deps.onStatus?.(s)
    return s
  }

  private async rearm(): Promise<void> {
    await this.stopWatching()
    this.stopWatching = async () => {}
    const state = this.sync.current()
    if (this.stopped || this.deps.watch === false || state.paused) return
    if (!state.folders.length && !state.zotero) return
    this.stopWatching = await watchSyncTargets({
      folders: state.folders.map((f) => ({ path: f.path, poll: f.poll })),
      zoteroDir: state.zotero?.dir ?? null,
      ...(this.deps.settleMs !== undefined ? { stableMs: this.deps.settleMs } : {}),
      onFolderChange: (path) => this.pass(() => this.sync.syncFolder(path)),
      onZoteroChange: () => this.pass(() => this.sync.syncZotero())
    })
  }

  /** A pass in the background; a file still being written is looked at again once settled. */
  private pass(work: () => Promise<SyncRun>): void {
    if (this.stopped) return
    void this.run(work).then((run) => {
      if (run?.changes.some((c) => c.kind === 'settling'))
        setTimeout(() => this.pass(work), Math.max(200, this.deps.settleMs ?? 2000)).unref()
    })
  }

  /** Runs a pass, tells the user what it did or why it failed; never throws. */
  private async run(work: () => Promise<SyncRun>): Promise<SyncRun | null> {
    this.running++
    this.changed()
    try {
      const run = await work()
      this.error = null
      this.toldFailure = null
      for (const notice of syncNotices(run)) this.deps.notify(notice)
      return run
    } catch (e) {
      this.failed(e)
      return null
    } finally {
      this.running--
      this.changed()
    }
  }

  /** A pass that failed: in the status, in the log, and said once until one goes through. */
  private failed(e: unknown): void {
    this.error = toAppError(e)
    const detail = e instanceof Error ? e.message : String(e)
    this.deps.log?.(`sync: ${detail}`)
    if (this.toldFailure === detail || this.stopped) return
    this.toldFailure = detail
    // A keyed failure (a Zotero folder that is not one any more, …) says what to do itself.
    this.deps.notify(
      e instanceof UserFacingError && e.text
        ? noticeOf('warning', e.text, null)
        : noticeOf('warning', { key: 'syncFailed', params: { detail } }, null)
    )
  }
}

/**
 * Starts the app's background sync (see {@link BackgroundSync}); returns the function that
 * stops watching.
 */
export async function startBackgroundSync(deps: BackgroundSyncDeps): Promise<() => Promise<void>> {
  const sync = new BackgroundSync(deps)
  await sync.start()
  return () => sync.stop()
}

/** The notices for a pass: what changed (one notice), and the files that could not be read. */
export function syncNotices(run: SyncRun): LibraryNotice[] {
  const out: LibraryNotice[] = []
  out.push(...syncChangeNotices(run))
  const failed = run.changes.filter((c) => c.kind === 'failed')
  if (failed.length) {
    const names = failed
      .slice(0, 3)
      .map((c) => `"${c.file?.split(/[\\/]/).pop() ?? c.title ?? ''}"`)
    if (failed.length > 3) names.push('…')
    out.push(
      noticeOf(
        'warning',
        {
          key: 'syncFilesFailed',
          params: { count: String(failed.length), files: names.join(', ') }
        },
        failed.length === 1 ? failed[0]!.paperId : null
      )
    )
  }
  return out
}

/**
 * The notices for what a pass changed: one for the new papers, one for the updated, one for
 * those whose source went away (each only when there are some).
 */
export function syncChangeNotices(run: SyncRun): LibraryNotice[] {
  const n = (kind: string): number => run.counts[kind] ?? 0
  const added = n('new') + n('noPdf')
  const updated = n('updated') + n('moved') + n('restored')
  const missing = n('missing') + n('trashed')
  const out: LibraryNotice[] = []
  if (added) out.push(noticeOf('info', { key: 'syncRan', params: { added: String(added) } }, null))
  if (updated)
    out.push(noticeOf('info', { key: 'syncUpdated', params: { updated: String(updated) } }, null))
  if (missing)
    out.push(
      noticeOf('warning', { key: 'syncMissing', params: { missing: String(missing) } }, null)
    )
  return out
}
