import { UserFacingError } from '../errors'
import {
  CATALOG_FORMAT,
  StoredCollectionSchema,
  StoredPaperSchema,
  type StoredCollection,
  type StoredPaper
} from '../storage/catalogFormat'
import {
  keepBeforeMigration,
  moveAside,
  readVersioned,
  writeVersioned
} from '../storage/versionedFile'

/** A catalog record this version cannot read, kept verbatim and written back unchanged. */
export interface UnreadableRecord {
  /** Which list of `library.json` it came from (a paper unless said otherwise). */
  kind?: 'collection'
  /** The record's `id`, when it has one. */
  id: string | null
  reason: string
  raw: unknown
}

/** What {@link Catalog.load} found. */
export type CatalogLoad =
  | { state: 'missing' | 'ok'; migratedFrom: number | null }
  /** The file could not be parsed: moved to `aside` (null when read-only), library to rebuild. */
  | { state: 'unreadable'; reason: string; aside: string | null }

/** What changed in the catalog since the last {@link Catalog.takeChanges}. */
export type CatalogChanges =
  /** Everything (nothing was announced yet, or the catalog was loaded again): every paper. */
  | { full: true; papers: StoredPaper[]; removed: [] }
  /** The papers added or changed (in catalog order) and the ids of the papers removed. */
  | { full: false; papers: StoredPaper[]; removed: string[] }

/**
 * The catalog of papers, `library.json`, kept in memory and saved atomically after each change.
 * @remarks Read through its own storage format ({@link CATALOG_FORMAT}): migrations run at load,
 * before anything reads it. Records this version cannot read are kept verbatim and saved back
 * unchanged; a file that cannot be parsed at all is moved aside (kept), never overwritten, and
 * the caller rebuilds from the files on disk. Saves are serialised so a slow write can never
 * land after a newer one. A read-only catalog never writes.
 */
export class Catalog {
  private readonly papers = new Map<string, StoredPaper>()
  private readonly collections = new Map<string, StoredCollection>()
  private unreadable: UnreadableRecord[] = []
  private unreadableCollections: UnreadableRecord[] = []
  private saving: Promise<void> = Promise.resolve()
  /** Papers changed since the last takeChanges(); `all` until the first, and after a load. */
  private changes = { all: true, ids: new Set<string>() }

  constructor(
    private readonly file: string,
    private readonly readOnly = false
  ) {}

  /**
   * Loads (or reloads) `library.json`; a missing file is an empty library; a newer one throws
   * NEWER_FORMAT.
   * @remarks The file is read and checked before the records in memory are replaced, so a
   * read-only library reloading beside a writer never shows a half-loaded catalog; an
   * unreadable file leaves them as they were.
   */
  async load(): Promise<CatalogLoad> {
    const read = await readVersioned(this.file, CATALOG_FORMAT)
    if (read.state === 'newer') {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'newerLibrary',
        params: { file: this.file, version: read.version, supported: CATALOG_FORMAT.version }
      })
    }
    if (read.state === 'unreadable') {
      const aside = this.readOnly ? null : await moveAside(this.file)
      return { state: 'unreadable', reason: read.reason, aside }
    }
    const papers = new Map<string, StoredPaper>()
    const unreadable: UnreadableRecord[] = []
    for (const raw of read.state === 'ok' ? read.data.papers : []) {
      const parsed = StoredPaperSchema.safeParse(raw)
      if (parsed.success && !papers.has(parsed.data.id)) {
        papers.set(parsed.data.id, parsed.data)
      } else {
        const id = idOf(raw)
        const issue = parsed.success ? null : parsed.error.issues[0]
        const reason = issue
          ? `${issue.path.join('.') || '(record)'}: ${issue.message}`
          : `a second record with id ${id}`
        unreadable.push({ id, reason, raw })
      }
    }
    const collections = new Map<string, StoredCollection>()
    const unreadableCollections: UnreadableRecord[] = []
    for (const raw of read.state === 'ok' ? read.data.collections : []) {
      const parsed = StoredCollectionSchema.safeParse(raw)
      if (parsed.success && !collections.has(parsed.data.id)) {
        collections.set(parsed.data.id, parsed.data)
      } else {
        const issue = parsed.success ? null : parsed.error.issues[0]
        const reason = issue
          ? `${issue.path.join('.') || '(collection)'}: ${issue.message}`
          : `a second collection with id ${idOf(raw)}`
        unreadableCollections.push({ kind: 'collection', id: idOf(raw), reason, raw })
      }
    }
    this.papers.clear()
    for (const [id, p] of papers) this.papers.set(id, p)
    this.unreadable = unreadable
    this.collections.clear()
    for (const [id, c] of collections) this.collections.set(id, c)
    this.unreadableCollections = unreadableCollections
    this.changes = { all: true, ids: new Set() }
    if (read.state === 'missing') return { state: 'missing', migratedFrom: null }
    if (read.migratedFrom !== null && !this.readOnly) {
      await keepBeforeMigration(this.file, read.migratedFrom)
      await this.save()
    }
    return { state: 'ok', migratedFrom: read.migratedFrom }
  }

  /** Records (papers, then collections) kept verbatim because this version cannot read them. */
  unreadableRecords(): UnreadableRecord[] {
    return [...this.unreadable, ...this.unreadableCollections].map((r) => ({ ...r }))
  }

  /** Every collection, in creation order. */
  listCollections(): StoredCollection[] {
    return [...this.collections.values()].map((c) => structuredClone(c))
  }

  /** One collection, or undefined. */
  getCollection(id: string): StoredCollection | undefined {
    const c = this.collections.get(id)
    return c && structuredClone(c)
  }

  /** Inserts or replaces a collection and saves. */
  async putCollection(c: StoredCollection): Promise<StoredCollection> {
    this.collections.set(c.id, structuredClone(c))
    await this.save()
    return c
  }

  /** Deletes a collection and takes it off every paper (the papers stay). */
  async deleteCollection(id: string): Promise<void> {
    if (!this.collections.delete(id)) return
    for (const [pid, p] of this.papers)
      if (p.collectionIds.includes(id)) {
        this.papers.set(pid, { ...p, collectionIds: p.collectionIds.filter((c) => c !== id) })
        this.changes.ids.add(pid)
      }
    await this.save()
  }

  /** How many papers each collection holds (without copying the records). */
  collectionCounts(): Map<string, number> {
    const counts = new Map<string, number>()
    for (const p of this.papers.values())
      for (const c of p.collectionIds) counts.set(c, (counts.get(c) ?? 0) + 1)
    return counts
  }

  /**
   * What changed since the last call: the papers added or changed and the ids removed, or every
   * paper when nothing was taken yet or the catalog was loaded again. Announcing a change costs
   * what changed, not the size of the library.
   */
  takeChanges(): CatalogChanges {
    const { all, ids } = this.changes
    this.changes = { all: false, ids: new Set() }
    if (all) return { full: true, papers: this.list(), removed: [] }
    const papers: StoredPaper[] = []
    const removed: string[] = []
    // Papers added since are in the order they were added, as in the full list.
    for (const id of ids) {
      const p = this.papers.get(id)
      if (p) papers.push(structuredClone(p))
      else removed.push(id)
    }
    return { full: false, papers, removed }
  }

  /** Every paper, oldest first. */
  list(): StoredPaper[] {
    return [...this.papers.values()].map((p) => structuredClone(p))
  }

  get(id: string): StoredPaper | undefined {
    const p = this.papers.get(id)
    return p && structuredClone(p)
  }

  /** The paper with this PDF hash, if any. */
  findBySha(sha256: string): StoredPaper | undefined {
    for (const p of this.papers.values()) if (p.sha256 === sha256) return structuredClone(p)
    return undefined
  }

  /** The paper of this arXiv id (without a version), if any. */
  findByArxivId(arxivId: string): StoredPaper | undefined {
    for (const p of this.papers.values()) if (p.arxivId === arxivId) return structuredClone(p)
    return undefined
  }

  /** Inserts or replaces a paper and saves. */
  async put(paper: StoredPaper): Promise<StoredPaper> {
    this.papers.set(paper.id, structuredClone(paper))
    this.changes.ids.add(paper.id)
    await this.save()
    return paper
  }

  /** Applies a change to one paper and saves; returns the updated record. */
  async update(id: string, change: Partial<StoredPaper>): Promise<StoredPaper> {
    const cur = this.papers.get(id)
    if (!cur) throw new Error(`catalog: no paper ${id}`)
    const next = { ...cur, ...structuredClone(change) }
    this.papers.set(id, next)
    this.changes.ids.add(id)
    await this.save()
    return structuredClone(next)
  }

  async delete(id: string): Promise<void> {
    if (!this.papers.delete(id)) return
    this.changes.ids.add(id)
    await this.save()
  }

  has(id: string): boolean {
    return this.papers.has(id)
  }

  /** True when an id is taken by a record this version cannot read. */
  hasUnreadable(id: string): boolean {
    return this.unreadable.some((r) => r.id === id)
  }

  /** Waits for pending saves. */
  flush(): Promise<void> {
    return this.saving
  }

  private save(): Promise<void> {
    if (this.readOnly) return Promise.resolve()
    const papers = [...this.papers.values(), ...this.unreadable.map((r) => r.raw)]
    const collections = [
      ...this.collections.values(),
      ...this.unreadableCollections.map((r) => r.raw)
    ]
    const run = this.saving
      .catch(() => undefined)
      .then(() => writeVersioned(this.file, CATALOG_FORMAT, { papers, collections }, 1))
    this.saving = run
    return run
  }
}

function idOf(raw: unknown): string | null {
  const id = typeof raw === 'object' && raw !== null ? (raw as { id?: unknown }).id : undefined
  return typeof id === 'string' ? id : null
}
