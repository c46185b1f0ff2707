import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import { UserFacingError } from '../errors'
import {
  importZotero,
  referenceIdentity,
  type ImportedOutcome,
  type ImportedPdf,
  type ImportedReference
} from '../library/importers'
import { mergeMetadata } from '../library/metadataMerge'
import { sha256OfFile } from '../library/pdfFileCheck'
import { readZoteroLibrary, type ZoteroItem } from '../library/zoteroLibrary'
import type { AddOutcome } from '../library/PaperIntake'
import type { StoredPaper } from '../storage/catalogFormat'
import { moveAside, readVersioned, writeVersioned } from '../storage/versionedFile'
import { scanFolder } from './folderScan'
import {
  emptySyncState,
  SYNC_STATE_FORMAT,
  type SyncChange,
  type SyncRun,
  type SyncStateDocument,
  type WatchedFolder,
  type ZoteroItemState,
  type ZoteroLink
} from './syncStateFormat'

/** What a sync needs of the library: its public entry points. */
export interface SyncLibrary {
  list(): StoredPaper[]
  byId(id: string): StoredPaper | undefined
  bySha(sha256: string): StoredPaper | undefined
  addPathsDetailed(paths: string[]): Promise<AddOutcome[]>
  addImported(items: ImportedPdf[]): Promise<ImportedOutcome>
  addReferences(items: ImportedReference[]): Promise<(string | null)[]>
  /** Puts a PDF into a metadata-only paper, keeping its id. */
  attachPdf(paperId: string, name: string, bytes: Uint8Array): Promise<unknown>
  applySync(id: string, change: Partial<StoredPaper>): Promise<StoredPaper>
  organizer: {
    collectionNamed(name: string): Promise<{ id: string }>
    collections(): { id: string; name: string }[]
  }
}

/** The kinds of change a sync reports, in the order the summary names them. */
export const CHANGE_KINDS = [
  'new',
  'updated',
  'moved',
  'restored',
  'missing',
  'trashed',
  'duplicate',
  'failed',
  'noPdf',
  'settling'
] as const
/** One kind of change. */
export type ChangeKind = (typeof CHANGE_KINDS)[number]

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
  ) {}

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
      if (this.state.zotero) await this.zoteroPass(this.state.zotero)
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
      if (this.state.zotero) await this.zoteroPass(this.state.zotero)
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

  private note(change: {
    kind: ChangeKind
    source: SyncChange['source']
    file: string | null
    paper?: { id: string; title: string } | null
  }): void {
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

  private async zoteroPass(link: ZoteroLink): Promise<void> {
    const lib = this.deps.library
    const zotero = await readZoteroLibrary(link.dir)
    const wanted = link.collections.map((c) => c.toLowerCase())
    const chosen = (c: string): boolean => !wanted.length || wanted.includes(c.toLowerCase())
    const live = new Map(zotero.items.map((i) => [i.key, i]))
    const inScope = zotero.items.filter((i) => !wanted.length || i.collections.some(chosen))
    // Gone from Zotero's live items (moved to its trash, or deleted there): flagged, kept.
    for (const [key, r] of Object.entries(link.items)) {
      if (live.has(key) || r.state === 'trashed') continue
      link.items[key] = { ...r, state: 'trashed' }
      if (r.paperId && lib.byId(r.paperId)) {
        const paper = await lib.applySync(r.paperId, { syncFlag: 'zoteroTrash' })
        this.note({ kind: 'trashed', source: 'zotero', file: null, paper })
      }
    }
    // Items to add: new in scope, or interrupted (`adding`), or without a PDF before.
    const fresh = inScope.filter((i) => {
      const r = link.items[i.key]
      return (
        !r ||
        r.state === 'adding' ||
        r.state === 'noPdf' ||
        r.state === 'failed' ||
        (r.state === 'trashed' && !r.paperId)
      )
    })
    if (fresh.length) await this.addZoteroItems(link, fresh)
    for (const item of inScope) {
      const r = link.items[item.key]
      if (!r || r.state === 'adding' || r.state === 'failed' || !r.paperId) continue
      const paper = lib.byId(r.paperId)
      if (!paper) continue
      const wasTrashed = r.state === 'trashed'
      const fp = fingerprint(item, chosen)
      // Notes written in Zotero since the last pass (a state from before notes were kept
      // records them now, without calling it a change).
      const newNotes = r.notes ? item.notes.filter((n) => !r.notes!.includes(n)) : []
      if (fp === r.fingerprint && !wasTrashed && !newNotes.length) {
        if (!r.notes) link.items[item.key] = { ...r, notes: item.notes }
        continue
      }
      const change: Partial<StoredPaper> = wasTrashed ? { syncFlag: null } : {}
      // Notes are the user's own words: added to, never replaced or removed.
      const notes = [...(paper.notes ?? [])]
      for (const n of newNotes) if (!notes.includes(n)) notes.push(n)
      if (notes.length) change.notes = notes
      // Zotero's fields as an import's: they beat what the PDF or a registry said, never a
      // hand edit made here (field sources).
      Object.assign(change, mergeMetadata(paper, item.values, 'import'))
      const names = item.collections.filter(chosen)
      const ids = new Set(paper.collectionIds)
      for (const n of names) ids.add((await lib.organizer.collectionNamed(n)).id)
      const all = lib.organizer.collections()
      for (const old of r.collections)
        if (!names.some((n) => n.toLowerCase() === old.toLowerCase())) {
          const c = all.find((x) => x.name.toLowerCase() === old.toLowerCase())
          if (c) ids.delete(c.id)
        }
      change.collectionIds = [...ids]
      const tags = [...paper.tags]
      for (const t of item.tags)
        if (!tags.some((x) => x.toLowerCase() === t.toLowerCase()) && !r.tags.includes(t))
          tags.push(t)
      change.tags = tags
      change.syncOrigin = zoteroOrigin(names)
      const next = await lib.applySync(paper.id, change)
      link.items[item.key] = {
        ...r,
        // Kept without its PDF stays so (a PDF added in Zotero later is looked for).
        state: r.sha256 === null ? 'noPdf' : 'synced',
        title: item.values.title ?? null,
        fingerprint: fp,
        collections: names,
        tags: item.tags,
        notes: item.notes
      }
      this.note({
        kind: wasTrashed ? 'restored' : 'updated',
        source: 'zotero',
        file: null,
        paper: next
      })
    }
    link.lastSyncAt = new Date().toISOString()
  }

  /**
   * Adds new Zotero items through the Zotero importer itself (its mapping of fields, tags,
   * collections and notes), limited to these items: their PDFs, and for an item without one a
   * metadata-only paper (as a one-shot Zotero import keeps it). A PDF that appears in Zotero for
   * an item kept without one goes into that same paper, keeping its id, edits and notes.
   */
  private async addZoteroItems(link: ZoteroLink, items: ZoteroItem[]): Promise<void> {
    const lib = this.deps.library
    const wanted = link.collections.map((c) => c.toLowerCase())
    const chosen = (c: string): boolean => !wanted.length || wanted.includes(c.toLowerCase())
    const byPath = new Map<string, ZoteroItem>()
    // Items to keep without a PDF, by the identity the importer gives their reference.
    const byIdentity = new Map<string, ZoteroItem>()
    for (const item of items) {
      const pdf = item.pdf && (await stat(item.pdf).catch(() => null))?.isFile() ? item.pdf : null
      const prev = link.items[item.key]
      const base = {
        paperId: null,
        sha256: null,
        title: item.values.title ?? null,
        fingerprint: fingerprint(item, chosen),
        collections: item.collections.filter(chosen),
        tags: item.tags,
        notes: item.notes
      }
      const kept = prev?.paperId ? lib.byId(prev.paperId) : undefined
      if (!pdf) {
        if (kept) continue
        link.items[item.key] = { ...base, state: 'noPdf' }
        byIdentity.set(
          referenceIdentity({
            title: item.values.title ?? null,
            year: item.values.year ?? null,
            doi: item.values.doi ?? null,
            arxivId: item.arxivId,
            key: item.key
          }),
          item
        )
        continue
      }
      const sha = await sha256OfFile(pdf)
      if (sha && kept?.status === 'metadata') {
        await this.attachZoteroPdf(link, item, kept, pdf, sha, base)
        continue
      }
      link.items[item.key] = { ...base, state: 'adding', sha256: sha }
      byPath.set(pdf, item)
    }
    if (!byPath.size && !byIdentity.size) return
    // Written before the add (see the class remarks).
    await this.save()
    let outcome: ImportedOutcome = { added: [], failed: [] }
    const kept = new Map<string, string>()
    await importZotero(
      {
        list: () => lib.list(),
        addReferences: async (refs) => {
          const mine = refs.filter((r) => byIdentity.has(r.identity))
          const ids = await lib.addReferences(mine)
          mine.forEach((r, i) => {
            const id = ids[i]
            if (id) kept.set(r.identity, id)
          })
          return refs.map((r) => kept.get(r.identity) ?? null)
        },
        addImported: async (pdfs) => {
          outcome = await lib.addImported(pdfs.filter((p) => byPath.has(p.path)))
          return outcome
        }
      },
      link.dir,
      { collections: link.collections }
    )
    for (const [identity, item] of byIdentity) {
      const r = link.items[item.key]!
      const id = kept.get(identity)
      // Not kept: the importer matched it to a paper already here (by DOI, arXiv id or title).
      if (!id) continue
      const paper = await lib.applySync(id, {
        syncFlag: null,
        syncOrigin: zoteroOrigin(r.collections)
      })
      link.items[item.key] = { ...r, paperId: paper.id }
      this.note({ kind: 'noPdf', source: 'zotero', file: null, paper })
    }
    for (const a of outcome.added) {
      const item = byPath.get(a.input)
      if (!item) continue
      const r = link.items[item.key]!
      const interrupted = a.duplicate && r.sha256 !== null
      if (a.paper.status === 'error') {
        link.items[item.key] = { ...r, state: 'failed', paperId: a.paper.id }
        this.note({ kind: 'failed', source: 'zotero', file: a.input, paper: a.paper })
        continue
      }
      const paper = await lib.applySync(a.paper.id, {
        syncFlag: null,
        syncOrigin: zoteroOrigin(r.collections)
      })
      link.items[item.key] = { ...r, state: 'synced', paperId: paper.id }
      // A duplicate is the paper already in the library (or added before a kill): one paper.
      this.note({
        kind: a.duplicate && !interrupted ? 'duplicate' : 'new',
        source: 'zotero',
        file: a.input,
        paper
      })
    }
    for (const f of outcome.failed) {
      const item = byPath.get(f.file)
      if (!item) continue
      link.items[item.key] = { ...link.items[item.key]!, state: 'failed' }
      this.note({ kind: 'failed', source: 'zotero', file: f.file })
    }
    await this.save()
  }

  /** A PDF Zotero now has for an item kept here without one: into the same paper. */
  private async attachZoteroPdf(
    link: ZoteroLink,
    item: ZoteroItem,
    kept: StoredPaper,
    pdf: string,
    sha: string,
    base: Pick<ZoteroItemState, 'title' | 'fingerprint' | 'collections' | 'tags' | 'notes'>
  ): Promise<void> {
    const lib = this.deps.library
    try {
      await lib.attachPdf(kept.id, basename(pdf), await readFile(pdf))
      const paper = await lib.applySync(kept.id, { syncFlag: null })
      link.items[item.key] = { ...base, state: 'synced', paperId: kept.id, sha256: sha }
      this.note({ kind: 'updated', source: 'zotero', file: pdf, paper })
    } catch (e) {
      // The same PDF is already another paper here (DUPLICATE) or it is not a PDF: said once,
      // the paper stays as it was.
      link.items[item.key] = { ...base, state: 'failed', paperId: kept.id, sha256: sha }
      this.deps.log?.(`sync: ${pdf}: ${e instanceof Error ? e.message : String(e)}`)
      this.note({ kind: 'failed', source: 'zotero', file: pdf, paper: kept })
    }
    await this.save()
  }

  private save(): Promise<void> {
    const { version: _v, ...body } = this.state
    return writeVersioned(this.deps.file, SYNC_STATE_FORMAT, body)
  }
}

/** "Zotero: ML / Transformers" (or "Zotero" for an item in no followed collection). */
function zoteroOrigin(collections: string[]): string {
  return collections.length ? `Zotero: ${collections.join('; ')}` : 'Zotero'
}

/** What Zotero says of an item, hashed: a change to any of it is an update to bring in. */
function fingerprint(item: ZoteroItem, chosen: (c: string) => boolean): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        item.values,
        item.tags,
        item.collections.filter(chosen),
        basename(item.pdf ?? '')
      ])
    )
    .digest('hex')
    .slice(0, 16)
}
