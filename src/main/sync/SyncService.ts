import { stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { UserFacingError } from '../errors'
import { readZoteroLibrary } from '../library/zoteroLibrary'
import type { StoredPaper } from '../storage/catalogFormat'
import type { SyncLibrary, SyncNote } from './syncPorts'
import { moveAside, readVersioned, writeVersioned } from '../storage/versionedFile'
import { scanFolder } from './folderScan'
import { ZoteroSync } from './zoteroSync'
import {
  emptySyncState,
  SYNC_STATE_FORMAT,
  type SyncChange,
  type SyncRun,
  type SyncStateDocument,
  type WatchedFolder,
  type ZoteroLink
} from './syncStateFormat'

export type { SyncLibrary, SyncNote } from './syncPorts'

/** The sync state file in a data folder. */
export function syncStateFile(dataDir: string): string {
  return join(dataDir, 'sync', 'sync-state.json')
}

/**
 * Keeps the library in step with watched folders and a linked Zotero library.
 * @remarks One pass compares what is there now with the state file (`SYNC_STATE_FORMAT`) and
 * acts on the difference: new PDFs go through the library (duplicates by sha256), a file found
 * again under another name keeps its paper, a file gone marks its paper "file missing", a
 * Zotero item gone from the live items marks its paper "in Zotero's trash"; no paper is ever
 * removed. As in the folder import, a file's sha256 is written as `adding` before the library
 * is asked to add it, so after kill -9 the next pass finds that paper by its hash and neither
 * adds nor reports it twice. Passes run one at a time.
 */
export class SyncService {
  private state: SyncStateDocument = emptySyncState()
  private queue: Promise<unknown> = Promise.resolve()
  private changes: SyncChange[] = []
  private readonly zotero: ZoteroSync

  constructor(
    private readonly deps: {
      library: SyncLibrary
      file: string
      /** A file modified less than this long ago is still being written (ms, default 2000). */
      settleMs?: number
      /** Told of each change as it happens (watch mode prints them). */
      onChange?: (change: SyncChange) => void
      log?: (message: string) => void
    }
  ) {
    this.zotero = new ZoteroSync({
      library: deps.library,
      note: (c) => this.note(c),
      save: () => this.save(),
      log: deps.log
    })
  }

  /**
   * Reads the state file. A newer one is refused; a damaged one is kept aside and the sync starts
   * afresh (every file is hashed again and found in the library by its sha256: nothing is added
   * twice, no paper is touched); what was done is returned for the user.
   */
  async load(): Promise<{ key: 'syncStateDamaged'; params: Record<string, string> } | null> {
    const read = await readVersioned(this.deps.file, SYNC_STATE_FORMAT)
    if (read.state === 'newer')
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'newerImport',
        params: { file: this.deps.file, version: read.version }
      })
    if (read.state === 'unreadable') {
      const aside = await moveAside(this.deps.file)
      this.state = emptySyncState()
      return { key: 'syncStateDamaged', params: { detail: read.reason, aside } }
    }
    this.state = read.state === 'ok' ? read.data : emptySyncState()
    if (read.state === 'ok' && read.migratedFrom !== null) await this.save()
    return null
  }

  /** The state as loaded (folders, link, last run). */
  current(): SyncStateDocument {
    return structuredClone(this.state)
  }

  async addFolder(folder: string, options: { poll?: boolean } = {}): Promise<WatchedFolder> {
    const path = resolve(folder)
    const info = await stat(path).catch(() => null)
    if (!info?.isDirectory())
      throw new UserFacingError('NOT_FOUND', { key: 'importNotAFolder', params: { dir: path } })
    let f = this.state.folders.find((x) => x.path === path)
    if (!f) {
      f = {
        path,
        poll: options.poll ?? false,
        addedAt: new Date().toISOString(),
        lastSyncAt: null,
        files: {}
      }
      this.state.folders.push(f)
    } else if (options.poll !== undefined) f.poll = options.poll
    await this.save()
    return structuredClone(f)
  }

  /** Stops watching a folder; its papers stay in the library. False when it was not watched. */
  async removeFolder(folder: string): Promise<boolean> {
    const path = resolve(folder)
    const before = this.state.folders.length
    this.state.folders = this.state.folders.filter((f) => f.path !== path)
    if (this.state.folders.length === before) return false
    await this.save()
    return true
  }

  /** Links a Zotero data folder (read-only), optionally only some of its collections. */
  async linkZotero(dir: string, collections: string[] = []): Promise<ZoteroLink> {
    const path = resolve(dir)
    const lib = await readZoteroLibrary(path)
    const names = lib.collections.map((c) => c.name)
    const unknown = collections.filter(
      (w) => !names.some((n) => n.toLowerCase() === w.toLowerCase())
    )
    if (unknown.length)
      throw new UserFacingError('NOT_FOUND', {
        key: names.length ? 'noZoteroCollection' : 'noZoteroCollections',
        params: { wanted: unknown.map((u) => `"${u}"`).join(', '), names: names.join(', ') }
      })
    const same = this.state.zotero?.dir === path
    this.state.zotero = {
      dir: path,
      collections,
      linkedAt: new Date().toISOString(),
      lastSyncAt: same ? this.state.zotero!.lastSyncAt : null,
      items: same ? this.state.zotero!.items : {}
    }
    await this.save()
    return structuredClone(this.state.zotero)
  }

  /** Ends the Zotero link; its papers stay. False when there was none. */
  async unlinkZotero(): Promise<boolean> {
    if (!this.state.zotero) return false
    this.state.zotero = null
    await this.save()
    return true
  }

  async setPaused(paused: boolean): Promise<void> {
    this.state.paused = paused
    await this.save()
  }

  /**
   * One catch-up pass over every watched folder and the Zotero link; returns what changed.
   * @remarks Passes are queued, never run side by side. Paused: nothing is done.
   */
  syncAll(): Promise<SyncRun> {
    return this.serial(async () => {
      for (const f of this.state.folders) await this.folderPass(f)
      if (this.state.zotero) await this.zotero.zoteroPass(this.state.zotero)
    })
  }

  /** One pass over one watched folder (a watcher saw something change in it). */
  syncFolder(path: string): Promise<SyncRun> {
    return this.serial(async () => {
      const f = this.state.folders.find((x) => x.path === path)
      if (f) await this.folderPass(f)
    })
  }

  /** One pass over the Zotero link (its database changed). */
  syncZotero(): Promise<SyncRun> {
    return this.serial(async () => {
      if (this.state.zotero) await this.zotero.zoteroPass(this.state.zotero)
    })
  }

  private serial(work: () => Promise<void>): Promise<SyncRun> {
    const run = this.queue.then(async () => {
      this.changes = []
      if (!this.state.paused) await work()
      const counts: Record<string, number> = {}
      for (const c of this.changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1
      const out: SyncRun = { at: new Date().toISOString(), counts, changes: this.changes }
      // What the last pass that changed anything did stays shown ("3 new, 1 file missing").
      if (this.changes.some((c) => c.kind !== 'settling') || !this.state.lastRun)
        this.state.lastRun = { ...out, changes: out.changes.slice(0, 500) }
      await this.save()
      return out
    })
    this.queue = run.catch(() => undefined)
    return run
  }

  private note(change: SyncNote): void {
    const { paper, ...rest } = change
    const c: SyncChange = { ...rest, paperId: paper?.id ?? null, title: paper?.title ?? null }
    this.changes.push(c)
    this.deps.onChange?.(c)
  }

  private async folderPass(folder: WatchedFolder): Promise<void> {
    const lib = this.deps.library
    const info = await stat(folder.path).catch(() => null)
    // A folder that is not there (an unmounted drive, a cloud folder signed out) is not a
    // folder whose files were all deleted: nothing is marked missing.
    if (!info?.isDirectory()) {
      this.deps.log?.(`sync: ${folder.path} is not reachable; skipped`)
      return
    }
    const scan = await scanFolder(folder.path, folder.files, { settleMs: this.deps.settleMs })
    for (const f of scan.settling) this.note({ kind: 'settling', source: 'folder', file: f.path })
    const goneBySha = new Map<string, string>()
    for (const p of scan.gone) {
      const sha = folder.files[p]?.sha256
      if (sha) goneBySha.set(sha, p)
    }
    for (const f of scan.changed) {
      const sha = f.sha256!
      const prev = folder.files[f.path]
      const base = { size: f.size, mtimeMs: f.mtimeMs, sha256: sha, message: null }
      // Touched but the same bytes (or an add a kill interrupted: see the class remarks).
      if (prev && prev.sha256 === sha && prev.state !== 'adding' && prev.state !== 'missing') {
        folder.files[f.path] = { ...prev, ...base, message: prev.message }
        continue
      }
      const held = lib.bySha(sha)
      const replaced = prev && prev.sha256 !== sha && prev.paperId ? prev.paperId : null
      if (held && held.status !== 'error') {
        const from = goneBySha.get(sha) ?? this.missingElsewhere(sha, f.path)
        folder.files[f.path] = { ...base, state: 'synced', paperId: held.id }
        if (prev?.state === 'adding') {
          // Added before a kill, not reported then.
          this.note({ kind: 'new', source: 'folder', file: f.path, paper: held })
        } else if (from) {
          goneBySha.delete(sha)
          this.forget(from)
          this.note({ kind: 'moved', source: 'folder', file: f.path, paper: held })
        } else if (held.syncFlag === 'fileMissing') {
          this.note({ kind: 'restored', source: 'folder', file: f.path, paper: held })
        } else this.note({ kind: 'duplicate', source: 'folder', file: f.path, paper: held })
        await lib.applySync(held.id, { syncFlag: null, syncOrigin: f.path })
      } else {
        folder.files[f.path] = { ...base, state: 'adding', paperId: null }
        await this.save()
        const [outcome] = await lib.addPathsDetailed([f.path])
        const paper = outcome!.paper
        if (paper.status === 'error') {
          folder.files[f.path] = {
            ...base,
            state: 'failed',
            paperId: paper.id,
            message: paper.error?.message ?? null
          }
          this.note({ kind: 'failed', source: 'folder', file: f.path, paper })
        } else {
          folder.files[f.path] = { ...base, state: 'synced', paperId: paper.id }
          const p = await lib.applySync(paper.id, { syncFlag: null, syncOrigin: f.path })
          this.note({
            kind: replaced ? 'updated' : 'new',
            source: 'folder',
            file: f.path,
            paper: p
          })
        }
        await this.save()
      }
      // The older version of a replaced file: its paper stays, flagged as without its file.
      if (replaced && replaced !== folder.files[f.path]!.paperId) await this.flagMissing(replaced)
    }
    for (const path of scan.gone) {
      const r = folder.files[path]
      // Moved (handled above: forgotten, or the same bytes found elsewhere).
      if (!r || (r.sha256 && !goneBySha.has(r.sha256))) continue
      folder.files[path] = { ...r, state: 'missing' }
      if (r.paperId && r.state === 'synced' && !this.presentElsewhere(r.paperId)) {
        const paper = await this.flagMissing(r.paperId)
        this.note({ kind: 'missing', source: 'folder', file: path, paper })
      }
    }
    // Moves whose old path was recorded but not seen gone in this pass.
    for (const [path, r] of Object.entries(folder.files))
      if (r.state === 'missing' && r.sha256 && scan.changed.some((c) => c.sha256 === r.sha256))
        delete folder.files[path]
    folder.lastSyncAt = new Date().toISOString()
  }

  private async flagMissing(paperId: string): Promise<StoredPaper | null> {
    const p = this.deps.library.byId(paperId)
    if (!p) return null
    return this.deps.library.applySync(paperId, { syncFlag: 'fileMissing' })
  }

  /** A file recorded missing in any watched folder whose bytes are these (moved across folders). */
  private missingElsewhere(sha: string, except: string): string | null {
    for (const f of this.state.folders)
      for (const [path, r] of Object.entries(f.files))
        if (path !== except && r.state === 'missing' && r.sha256 === sha) return path
    return null
  }

  private presentElsewhere(paperId: string): boolean {
    return this.state.folders.some((f) =>
      Object.values(f.files).some((r) => r.paperId === paperId && r.state === 'synced')
    )
  }

  private forget(path: string): void {
    for (const f of this.state.folders) delete f.files[path]
  }

  private save(): Promise<void> {
    const { version: _v, ...body } = this.state
    return writeVersioned(this.deps.file, SYNC_STATE_FORMAT, body)
  }
}
