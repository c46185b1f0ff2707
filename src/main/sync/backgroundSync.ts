import { noticeOf, UserFacingError } from '../errors'
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
}

/**
 * The app's side of `sync`: while the app runs, the watched folders and the linked Zotero
 * library (set up with `watch add` / `zotero link`) are caught up once at start and then
 * followed, so a PDF dropped into a watched folder becomes a paper with no import step.
 * @remarks Nothing configured or sync paused: nothing is watched. Each pass that changed
 * something is told to the user as one library notice ("2 new, 1 file missing"); the same
 * `SyncService` as the CLI does the work, so both keep one state file and never add a file twice.
 * Returns the function that stops watching (called when the app closes its services).
 */
export async function startBackgroundSync(deps: BackgroundSyncDeps): Promise<() => Promise<void>> {
  const sync = new SyncService({
    library: deps.library,
    file: syncStateFile(deps.dataDir),
    ...(deps.settleMs !== undefined ? { settleMs: deps.settleMs } : {}),
    ...(deps.log ? { log: deps.log } : {})
  })
  // The library opens whatever the sync state says: a file from a newer ResearchPal is said
  // and left untouched, and nothing is followed until the app is updated.
  const loaded = await sync.load().then(
    (damaged) => ({ damaged }),
    (e: unknown) => ({ failed: e })
  )
  if ('failed' in loaded) {
    const e = loaded.failed
    if (e instanceof UserFacingError && e.text) deps.notify(noticeOf('warning', e.text, null))
    else deps.log?.(`sync: ${e instanceof Error ? e.message : String(e)}`)
    return async () => {}
  }
  if (loaded.damaged) deps.notify(noticeOf('warning', loaded.damaged, null))
  const state = sync.current()
  if (state.paused || (!state.folders.length && !state.zotero)) return async () => {}
  const tell = (run: SyncRun): void => {
    const notice = syncNotice(run)
    if (notice) deps.notify(notice)
  }
  const failed = (e: unknown): void =>
    deps.log?.(`sync: ${e instanceof Error ? e.message : String(e)}`)
  let stopped = false
  const settle = deps.settleMs ?? 2000
  // A file still being written (modified too recently) is looked at again once it may have
  // settled: the watcher says nothing more of a file that stopped changing.
  const pass = (work: () => Promise<SyncRun>): void => {
    if (stopped) return
    void work().then((run) => {
      tell(run)
      if (run.changes.some((c) => c.kind === 'settling'))
        setTimeout(() => pass(work), Math.max(200, settle)).unref()
    }, failed)
  }
  const stopWatching = await watchSyncTargets({
    folders: state.folders.map((f) => ({ path: f.path, poll: f.poll })),
    zoteroDir: state.zotero?.dir ?? null,
    ...(deps.settleMs !== undefined ? { stableMs: deps.settleMs } : {}),
    onFolderChange: (path) => pass(() => sync.syncFolder(path)),
    onZoteroChange: () => pass(() => sync.syncZotero())
  })
  // The catch-up pass once watching: what changed while the app was closed, and nothing missed
  // between the two.
  pass(() => sync.syncAll())
  return async () => {
    stopped = true
    await stopWatching()
  }
}

/** One notice for a pass that changed something the user would want to know of; else null. */
export function syncNotice(run: SyncRun): LibraryNotice | null {
  const n = (kind: string): number => run.counts[kind] ?? 0
  const added = n('new')
  const updated = n('updated') + n('moved') + n('restored')
  const missing = n('missing') + n('trashed')
  if (!added && !updated && !missing) return null
  return noticeOf(
    missing ? 'warning' : 'info',
    {
      key: 'syncRan',
      params: { added: String(added), updated: String(updated), missing: String(missing) }
    },
    null
  )
}
