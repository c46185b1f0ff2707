import { join } from 'node:path'

/** What is watched, and what to call when something there changed. */
export interface WatchTargets {
  folders: { path: string; poll: boolean }[]
  /** A linked Zotero data folder: its `zotero.sqlite` (and write-ahead log) is watched. */
  zoteroDir: string | null
  onFolderChange(path: string): void
  onZoteroChange(): void
  /** A file stops growing for this long before it counts as written (ms, default 2000). */
  stableMs?: number
  /** Polling interval for folders watched by polling and for Zotero's database (ms). */
  pollMs?: number
  debounceMs?: number
}

/**
 * Watches the sync's folders with chokidar (the only import of it): a PDF added, changed or
 * removed, once it has stopped growing (`awaitWriteFinish`), schedules a pass over its folder.
 * Network and cloud-synced folders are polled (`usePolling`), where events are unreliable;
 * Zotero's database is polled too (it is rewritten in place, from another process).
 * @returns a function that stops watching.
 */
export async function watchSyncTargets(t: WatchTargets): Promise<() => Promise<void>> {
  const { watch } = await import('chokidar')
  const debounce = t.debounceMs ?? 500
  const timers = new Map<string, NodeJS.Timeout>()
  const later = (key: string, fn: () => void): void => {
    clearTimeout(timers.get(key))
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key)
        fn()
      }, debounce)
    )
  }
  const closers: (() => Promise<void>)[] = []
  // Watching starts once each watcher has read its tree: a file added before then would be
  // taken for one already there (ignoreInitial) and never reported.
  const ready: Promise<void>[] = []
  for (const f of t.folders) {
    const w = watch(f.path, {
      ignoreInitial: true,
      usePolling: f.poll,
      interval: t.pollMs ?? 2000,
      awaitWriteFinish: { stabilityThreshold: t.stableMs ?? 2000, pollInterval: 100 },
      ignored: (path, stats) => Boolean(stats?.isFile() && !/\.pdf$/i.test(path))
    })
    const changed = (): void => later(f.path, () => t.onFolderChange(f.path))
    w.on('add', changed).on('change', changed).on('unlink', changed).on('unlinkDir', changed)
    ready.push(new Promise((done) => w.once('ready', () => done())))
    closers.push(() => w.close())
  }
  if (t.zoteroDir) {
    const db = join(t.zoteroDir, 'zotero.sqlite')
    const w = watch([db, `${db}-wal`], {
      ignoreInitial: true,
      usePolling: true,
      interval: t.pollMs ?? 2000,
      awaitWriteFinish: { stabilityThreshold: t.stableMs ?? 2000, pollInterval: 100 }
    })
    const changed = (): void => later('zotero', () => t.onZoteroChange())
    w.on('add', changed).on('change', changed)
    ready.push(new Promise((done) => w.once('ready', () => done())))
    closers.push(() => w.close())
  }
  await Promise.all(ready)
  return async () => {
    for (const timer of timers.values()) clearTimeout(timer)
    await Promise.all(closers.map((c) => c()))
  }
}
