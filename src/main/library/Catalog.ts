import { open } from 'node:fs/promises'
import { diskWriteFailed, writeFileAtomic } from '../atomicWrite'
import { keepGeneration } from '../storage/catalogGeneration'
import { UserFacingError } from '../errors'
import {
  CATALOG_JOURNAL,
  journalHeader,
  journalLine,
  type JournalEntry
} from '../storage/catalogJournalFormat'
import { CATALOG_FORMAT, type StoredCollection, type StoredPaper } from '../storage/catalogFormat'
import {
  keepBeforeMigration,
  moveAside,
  readVersioned,
  writeVersioned
} from '../storage/versionedFile'
import {
  readJournal,
  readSalvage,
  skipsChanges,
  type CatalogLoad,
  type JournalProblem,
  type UnreadableRecord
} from './catalogLoad'
import { replayCatalog } from './catalogReplay'

/** Changes in the journal after which `library.json` is written whole again (at least). */
const COMPACT_AFTER = 1000

/** What changed in the catalog since the last {@link Catalog.takeChanges}. */
export type CatalogChanges =
  /** Everything (nothing was announced yet, or the catalog was loaded again): every paper. */
  | { full: true; papers: StoredPaper[]; removed: [] }
  /** The papers added or changed (in catalog order) and the ids of the papers removed. */
  | { full: false; papers: StoredPaper[]; removed: string[] }

/**
 * The catalog of papers, `library.json` plus `library.journal`, kept in memory; every change is
 * on disk (fsynced) before the call that made it returns.
 * @remarks Read through its own storage formats ({@link CATALOG_FORMAT}, {@link CATALOG_JOURNAL}):
 * migrations run at load, before anything reads it. A paper's change is one line appended to
 * the journal (its whole record, or its removal), so a status change costs the same in a
 * library of ten papers or ten thousand; `library.json` is written whole (atomically) at open
 * when the journal holds changes, when the journal has grown as large as the catalog (at least
 * {@link COMPACT_AFTER} changes), for collection changes, and at close. Records this version
 * cannot read are kept verbatim and saved back unchanged; a file that cannot be parsed at all is
 * moved aside (kept), never overwritten, and the caller rebuilds from the files on disk; journal
 * lines that cannot be read are skipped, the journal kept aside and reported. Writes are
 * serialised so a slow write can never land after a newer one. A read-only catalog never writes.
 */
export class Catalog {
  private readonly papers = new Map<string, StoredPaper>()
  private readonly collections = new Map<string, StoredCollection>()
  private unreadable: UnreadableRecord[] = []
  private unreadableCollections: UnreadableRecord[] = []
  private saving: Promise<void> = Promise.resolve()
  /** Papers changed since the last takeChanges(); `all` until the first, and after a load. */
  private changes = { all: true, ids: new Set<string>() }
  /** The number of the last change made (journal `seq`). */
  private seq = 0
  /** Changes in the journal since `library.json` was last written whole. */
  private journaled = 0
  /** True once the journal file on disk starts with this version's header. */
  private journalReady = false
  /** A write failed: the next one writes library.json whole (the journal may end mid-line). */
  private wholeNeeded = false
  private readonly journal: string
  /** The last good generation of `library.json`, kept beside it (`library.previous.json`). */
  private readonly previous: string

  private readonly compactAfter: number

  constructor(
    private readonly file: string,
    private readonly readOnly = false,
    options: { compactAfter?: number } = {}
  ) {
    this.journal = file.replace(/\.json$/, '') + '.journal'
    this.previous = file.replace(/\.json$/, '') + '.previous.json'
    this.compactAfter = options.compactAfter ?? COMPACT_AFTER
  }

  /**
   * Loads (or reloads) `library.json` and the changes journaled since; a missing file is an
   * empty library; a newer one (either) throws NEWER_FORMAT.
   * @remarks The file is read and checked before the records in memory are replaced, so a
   * read-only library reloading beside a writer never shows a half-loaded catalog; an
   * unreadable file leaves them as they were.
   */
  async load(): Promise<CatalogLoad> {
    // A reader beside a writer: the writer may compact between the two reads; the journal then
    // starts past what library.json includes, and both are read again.
    let read = await readVersioned(this.file, CATALOG_FORMAT)
    let journal = await readJournal(this.journal)
    for (let tries = 0; tries < 5 && this.readOnly && skipsChanges(read, journal); tries++) {
      read = await readVersioned(this.file, CATALOG_FORMAT)
      journal = await readJournal(this.journal)
    }
    if (read.state === 'newer') {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'newerLibrary',
        params: { file: this.file, version: read.version, supported: CATALOG_FORMAT.version }
      })
    }
    if (journal.state === 'newer') {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'newerLibrary',
        params: { file: this.journal, version: journal.version, supported: CATALOG_JOURNAL.version }
      })
    }
    if (read.state === 'unreadable') {
      const salvage = await readSalvage(this.file, this.previous, journal)
      const aside = this.readOnly ? null : await moveAside(this.file)
      // Its changes apply to a catalog that is gone: kept beside it, not applied to the rebuild.
      const journalAside =
        journal.state === 'missing'
          ? undefined
          : this.readOnly
            ? null
            : await moveAside(this.journal)
      if (!this.readOnly) this.journalReady = false
      return {
        state: 'unreadable',
        reason: read.reason,
        aside,
        ...(journalAside !== undefined && { journalAside }),
        salvage
      }
    }
    const replayed = replayCatalog(read.state === 'ok' ? read.data : null, journal, this.readOnly)
    const { papers, unreadable, collections, unreadableCollections, base, seq } = replayed
    const { problems, missing, appliedAfter } = replayed
    this.papers.clear()
    for (const [id, p] of papers) this.papers.set(id, p)
    this.unreadable = unreadable
    this.collections.clear()
    for (const [id, c] of collections) this.collections.set(id, c)
    this.unreadableCollections = unreadableCollections
    this.changes = { all: true, ids: new Set() }
    this.seq = seq
    let problem: JournalProblem | undefined
    if (problems.length) {
      const aside = this.readOnly ? null : await moveAside(this.journal)
      problem = { reason: problems.join('; '), aside, missing, appliedAfter }
    }
    const wasReplayed = journal.state === 'ok' && seq > base
    const migratedFrom = read.state === 'ok' ? read.migratedFrom : null
    if (!this.readOnly) {
      // Checked at open: a last good copy that is missing or unreadable is taken again from
      // this one (a failed copy, a full disk, changes nothing).
      if (
        read.state === 'ok' &&
        (await readVersioned(this.previous, CATALOG_FORMAT)).state !== 'ok'
      )
        await keepGeneration(this.file, this.previous)
      if (migratedFrom !== null) await keepBeforeMigration(this.file, migratedFrom)
      // Everything read is written whole once, and the journal starts again empty.
      this.journalReady = journal.state === 'ok' && !problem
      const inJournal = journal.state === 'ok' ? journal.entries.length : 0
      if (migratedFrom !== null || wasReplayed || problem || inJournal > 0) {
        try {
          await this.save()
        } catch (e) {
          // A full disk: opening never needs free space. The journal, intact, keeps the
          // changes and takes new ones; it is compacted at a later write once there is room.
          if (!(e instanceof UserFacingError) || e.code !== 'DISK_WRITE_FAILED' || problem) throw e
          this.wholeNeeded = false
          this.journalReady = journal.state === 'ok'
          this.journaled = inJournal
        }
      } else this.journaled = 0
    }
    const found = { migratedFrom, ...(problem && { journal: problem }) }
    if (read.state === 'missing') return { state: 'missing', ...found, migratedFrom: null }
    return { state: 'ok', ...found }
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
      for (const c of new Set(p.collectionIds)) counts.set(c, (counts.get(c) ?? 0) + 1)
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

  /** The ids of the papers, without copying their records. */
  ids(): string[] {
    return [...this.papers.keys()]
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
    await this.record({ seq: ++this.seq, op: 'put', paper })
    return paper
  }

  /** Applies a change to one paper and saves; returns the updated record. */
  async update(id: string, change: Partial<StoredPaper>): Promise<StoredPaper> {
    const cur = this.papers.get(id)
    if (!cur) throw new Error(`catalog: no paper ${id}`)
    const next = { ...cur, ...structuredClone(change) }
    this.papers.set(id, next)
    this.changes.ids.add(id)
    await this.record({ seq: ++this.seq, op: 'put', paper: next })
    return structuredClone(next)
  }

  async delete(id: string): Promise<void> {
    if (!this.papers.delete(id)) return
    this.changes.ids.add(id)
    await this.record({ seq: ++this.seq, op: 'delete', id })
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

  /**
   * Writes `library.json` whole when the journal holds changes (at close: the next open reads
   * one file), then waits for every write.
   */
  async close(): Promise<void> {
    if (!this.readOnly && this.journaled > 0) await this.save()
    await this.saving
  }

  // One paper's change: a line appended to the journal and fsynced (the record is written as it
  // is now, before anything else can change it); library.json is written whole instead once the
  // journal is as long as the catalog, or after a write that failed (a line may be half-written).
  private record(entry: JournalEntry): Promise<void> {
    if (this.readOnly) return Promise.resolve()
    const line = journalLine(entry)
    const whole = ++this.journaled >= Math.max(this.compactAfter, this.papers.size)
    const run = this.saving
      .catch(() => undefined)
      .then(async () => {
        if (whole || this.wholeNeeded) return this.writeWhole()
        try {
          if (this.journalReady) await appendSynced(this.journal, line)
          else {
            // No journal yet (or one set aside): begun with the header.
            await writeFileAtomic(this.journal, journalHeader() + line)
            this.journalReady = true
          }
        } catch (cause) {
          this.wholeNeeded = true
          throw diskWriteFailed(this.journal, cause, line.length)
        }
      })
    this.saving = run
    return run
  }

  // Writes library.json whole, then empties the journal; after the writes before it (in order).
  private save(): Promise<void> {
    if (this.readOnly) return Promise.resolve()
    const run = this.saving.catch(() => undefined).then(() => this.writeWhole())
    this.saving = run
    return run
  }

  // The catalog as it is when the write starts, with the number of the last change it includes:
  // changes made since and still queued carry numbers at or below it and are skipped at load. A
  // stop between the two writes leaves journal lines library.json already has: skipped too.
  private async writeWhole(): Promise<void> {
    const papers = [...this.papers.values(), ...this.unreadable.map((r) => r.raw)]
    const collections = [
      ...this.collections.values(),
      ...this.unreadableCollections.map((r) => r.raw)
    ]
    const journalSeq = this.seq
    this.journaled = 0
    try {
      await writeVersioned(this.file, CATALOG_FORMAT, { journalSeq, papers, collections }, 1)
      // Beside it, its last good copy: what the journal's next changes apply to.
      await keepGeneration(this.file, this.previous)
      await writeFileAtomic(this.journal, journalHeader())
    } catch (e) {
      this.wholeNeeded = true
      throw e
    }
    this.journalReady = true
    this.wholeNeeded = false
  }
}

/** Appends a line and fsyncs it before returning. */
async function appendSynced(path: string, line: string): Promise<void> {
  const fh = await open(path, 'a')
  try {
    await fh.write(line)
    await fh.datasync()
  } finally {
    await fh.close()
  }
}
