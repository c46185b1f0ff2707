import { basename } from 'node:path'
import type { FindPapersInput, PagesInput } from '../../shared/contract'
import type { LibraryNotice, PageRange, Paper, Region } from '../../shared/types'
import type { PaperText } from '../domain'
import { appError, UserFacingError } from '../errors'
import type { StoredPaper } from '../storage/catalogFormat'
import { parseArxivId } from './arxivId'
import type { BibtexKey } from './bibtex'
import type { Catalog } from './Catalog'
import type { IngestLine, Job } from '../ingest/IngestLine'
import type { EmbeddedPaper, ReadPaper } from './indexing/IngestPipeline'
import type { LibraryDeps } from './libraryDeps'
import type {
  LibraryImports,
  ImportedOutcome,
  ImportedPdf,
  ImportedReference
} from './LibraryImports'
import { libraryParts } from './libraryParts'
import type { LibraryUpkeep } from './LibraryUpkeep'
import type { PaperContent } from './PaperContent'
import { pdfFilesIn, type AddOutcome, type PaperIntake } from './PaperIntake'
import { readPdfFile } from './pdfFileCheck'
import type { Organizer } from './Organizer'
import type { MetadataRefresher } from './online/MetadataRefresher'
import type { PaperFiles } from './PaperFiles'

/** The three papers the app ships with. */
export const DEFAULT_ARXIV_IDS = ['1706.03762', '1810.04805', '2005.11401'] as const

export type { AddOutcome } from './PaperIntake'
export type { ImportedPdf } from './LibraryImports'
export type { LibraryDeps } from './libraryDeps'

/**
 * The library: adds papers, runs ingestion one paper at a time, removes, retries, cancels.
 * @remarks Every state change is saved (the catalog's journal) before it is announced, and papers
 * found unfinished on {@link open} are resumed, so a crash loses at most the work in flight.
 */
export class LibraryService {
  private readonly catalog: Catalog
  private readonly files: PaperFiles
  private readonly queue: IngestLine<ReadPaper, EmbeddedPaper>
  private readonly intake: PaperIntake
  /** Editing, tags, collections and BibTeX. */
  readonly organizer: Organizer
  /** Online metadata (arXiv, Crossref, OpenAlex), or null when there is none. */
  readonly metadata: MetadataRefresher | null
  /** Imports from BibTeX/RIS, Zotero and DOIs. */
  readonly imports: LibraryImports
  private readonly upkeep: LibraryUpkeep
  private readonly content: PaperContent
  private closing = false
  private batchDepth = 0
  private readonly batched: Job[] = []
  private readonly readOnly: boolean

  constructor(private readonly deps: LibraryDeps) {
    this.readOnly = deps.readOnly ?? false
    const parts = libraryParts(deps, this.readOnly, {
      changed: () => this.changed(),
      closing: () => this.closing,
      settled: (job) => this.settled(job),
      enqueue: (job) => this.enqueue(job),
      batch: (work) => this.batch(work),
      writable: () => this.writable(),
      get: (id) => this.get(id),
      reportDamaged: (id, what) => this.reportDamaged(id, what)
    })
    this.catalog = parts.catalog
    this.files = parts.files
    this.queue = parts.queue
    this.organizer = parts.organizer
    this.metadata = parts.metadata
    this.intake = parts.intake
    this.upkeep = parts.upkeep
    this.content = parts.content
    this.imports = parts.imports
  }

  /**
   * Records what a sync found about a paper (issue 33: its origin, a "file missing" flag, the
   * metadata its Zotero item brought, already merged by field source).
   */
  async applySync(id: string, change: Partial<StoredPaper>): Promise<StoredPaper> {
    this.writable()
    const next = await this.catalog.update(id, change)
    this.changed()
    return next
  }

  /** Loads the catalog, checks every paper and repairs what it can (see {@link LibraryUpkeep.open}). */
  open(): Promise<void> {
    return this.upkeep.open()
  }

  /** Records something found outside the library (a store repaired at open). */
  addNotice(notice: LibraryNotice): void {
    this.upkeep.record({ ...notice })
  }

  /** Catalog records this version cannot read (kept unchanged), without their raw content. */
  unreadableRecords(): { id: string | null; reason: string }[] {
    return this.catalog.unreadableRecords().map(({ id, reason }) => ({ id, reason }))
  }

  /** Whether opening queued repairs (see {@link LibraryUpkeep.repairsQueued}). */
  repairsQueued(): boolean {
    return this.upkeep.repairsQueued()
  }

  /** What the library repaired or found since it was opened, oldest first. */
  notices(): LibraryNotice[] {
    return this.upkeep.notices()
  }

  /** A paper found damaged while in use (see {@link LibraryUpkeep.reportDamaged}). */
  reportDamaged(paperId: string, what: string): void {
    this.upkeep.reportDamaged(paperId, what)
  }

  /**
   * Reads the catalog again, for a read-only library another process is writing.
   * @remarks The writer saves `library.json` by renaming a complete file over it and appends
   * whole lines to `library.journal`, so a reload sees the catalog as it was after some change.
   */
  async reload(): Promise<void> {
    if (!this.deps.readOnly) return
    await this.catalog.load()
  }

  /** Every paper, oldest first. */
  list(): StoredPaper[] {
    return this.catalog.list()
  }

  /** The ids of the papers (cheap: no record is copied, unlike {@link list}). */
  paperIds(): string[] {
    return this.catalog.ids()
  }

  /** One paper, or undefined when there is none with this id. */
  byId(id: string): StoredPaper | undefined {
    return this.catalog.get(id)
  }

  /** The paper whose PDF has this sha256, if any. */
  bySha(sha256: string): StoredPaper | undefined {
    return this.catalog.findBySha(sha256)
  }

  /** One paper; NOT_FOUND when there is none with this id. */
  get(id: string): StoredPaper {
    const p = this.catalog.get(id)
    if (!p) throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id } })
    return p
  }

  /** Adds PDF files and folders of PDFs; returns one record per file found, in order. */
  async addPaths(paths: string[]): Promise<Paper[]> {
    return (await this.addPathsDetailed(paths)).map((o) => o.paper)
  }

  /**
   * Like {@link addPaths}, saying which inputs were already in the library.
   * @remarks Every path is checked first: a path that does not exist throws NOT_FOUND before
   * anything is added. A file that is not a PDF becomes a record with status `error`.
   */
  async addPathsDetailed(paths: string[]): Promise<AddOutcome[]> {
    this.writable()
    const files = await pdfFilesIn(paths)
    return this.batch(async () => {
      const out: AddOutcome[] = []
      for (const f of files) {
        // Checked on disk first: a broken link, an oversized or huge junk file is refused
        // without being read into memory, as an error row of its own.
        const read = await readPdfFile(f)
        const added = read.refused
          ? await this.intake.addBadFile(basename(f), f, read.sha256, read.refused)
          : await this.againIfFailed(await this.intake.addFile(basename(f), read.bytes))
        out.push({ input: f, ...added })
      }
      return out
    })
  }

  /** Adds imported PDFs with their metadata (see {@link LibraryImports.addImported}). */
  addImported(items: ImportedPdf[]): Promise<ImportedOutcome> {
    return this.imports.addImported(items)
  }

  /** Keeps references as metadata-only papers (see {@link LibraryImports.addReferences}). */
  addReferences(items: ImportedReference[]): Promise<(string | null)[]> {
    return this.imports.addReferences(items)
  }

  /** Puts a PDF into a metadata-only paper, keeping its id (see {@link PaperIntake.attachPdf}). */
  async attachPdf(paperId: string, name: string, bytes: Uint8Array): Promise<Paper> {
    this.writable()
    return this.intake.attachPdf(paperId, name, bytes)
  }

  /** Fetches a metadata-only paper's PDF (see {@link LibraryImports.fetchPdf}). */
  fetchPdf(paperId: string): Promise<Paper> {
    return this.imports.fetchPdf(paperId)
  }

  /** Adds a paper by DOI (see {@link LibraryImports.addDoi}). */
  addDoi(doi: string): Promise<Paper> {
    return this.imports.addDoi(doi)
  }

  /** Adds a PDF given as bytes (a dropped file). */
  async addBytes(name: string, bytes: Uint8Array): Promise<Paper> {
    this.writable()
    return (await this.againIfFailed(await this.intake.addFile(name, bytes))).paper
  }

  /** Adds an arXiv paper by id or URL; INVALID_INPUT when it is neither. */
  async addArxiv(idOrUrl: string): Promise<Paper> {
    this.writable()
    const ref = parseArxivId(idOrUrl)
    return (await this.againIfFailed(await this.intake.addArxiv(ref, null))).paper
  }

  /**
   * Adding a paper that failed before (cancelled, download or disk failure, damaged files, ...)
   * tries it again, and adding an indexed paper whose text or index is gone re-indexes it, as a
   * person adding it again expects; a file that is not a PDF stays an error row. The intake has
   * already put a missing PDF back.
   */
  private async againIfFailed<T extends { paper: Paper; duplicate: boolean }>(o: T): Promise<T> {
    const p = o.paper
    const code = p.error?.code
    if (!o.duplicate || code === 'NOT_A_PDF' || code === 'DUPLICATE') return o
    if (p.status === 'error') return { ...o, paper: await this.retry(p.id) }
    if (p.status !== 'indexed' || this.queue.has(p.id)) return o
    const searchable =
      (p.chunks === 0 || this.deps.keywords.hasPaper(p.id)) && (await this.files.hasPages(p.id))
    if (searchable) return o
    const stored = this.catalog.get(p.id)
    if (stored) await this.upkeep.requeue(stored)
    this.changed()
    return { ...o, paper: this.get(p.id) }
  }

  /** Adds the three default papers, from `defaultCorpusDir` when it has them, else from arXiv. */
  async addDefaults(): Promise<Paper[]> {
    this.writable()
    return this.batch(() => this.intake.addDefaults(DEFAULT_ARXIV_IDS, this.deps.defaultCorpusDir))
  }

  /** Removes a paper: its chunks from both indexes, its page text, its PDF and its record. */
  async remove(id: string): Promise<void> {
    this.writable()
    this.get(id)
    const { aborted } = this.queue.cancel(id)
    if (aborted.length) await this.waitUntilNotRunning(id)
    await this.deps.keywords.removePaper(id)
    await this.deps.vectors.removePaper(id)
    await this.files.remove(id)
    await this.catalog.delete(id)
    this.changed()
  }

  /** Queues a failed (or cancelled) paper again; an indexed or queued paper is left as it is. */
  async retry(id: string): Promise<Paper> {
    this.writable()
    const p = this.get(id)
    if (p.status !== 'error' || this.queue.has(id)) return p
    const next = await this.catalog.update(id, { status: 'pending', error: null })
    this.queue.add({ paperId: id, kind: 'ingest' })
    this.changed()
    return next
  }

  /** Cancels one paper's ingestion, or all; returns how many papers were cancelled. */
  cancel(id?: string): number {
    const { dropped, aborted } = this.queue.cancel(id)
    for (const job of dropped) {
      if (job.kind === 'embed') continue // an indexed paper just stays keyword-only
      void this.catalog
        .update(job.paperId, {
          status: 'error',
          error: appError('CANCELLED', {
            key: 'indexingCancelled',
            params: { file: job.paperId }
          })
        })
        .then(() => this.changed())
        .catch((e: unknown) => this.deps.log?.(`cancel ${job.paperId}: ${String(e)}`))
    }
    return new Set([...dropped.map((j) => j.paperId), ...aborted.map((j) => j.paperId)]).size
  }

  /** Where a paper's PDF is kept in the data folder (it may not be there: a download pending). */
  pdfPath(id: string): string {
    return this.files.pdfPath(id)
  }

  /** The stored PDF of a paper, for the viewer. */
  pdfBytes(id: string): Promise<Uint8Array> {
    return this.content.pdfBytes(id)
  }

  /** The words OCR read on one page with their boxes; empty for a page with a text layer. */
  ocrWords(id: string, page: number): Promise<{ text: string; box: Region }[]> {
    return this.content.ocrWords(id, page)
  }

  /** Papers whose title, authors, id or year contain every word of `query` (case-insensitive). */
  find(input: FindPapersInput): Paper[] {
    return this.content.find(input)
  }

  /** The text of pages `from`..`to` (1-based, inclusive; `to` defaults to `from`). */
  pages(input: PagesInput): Promise<PageRange> {
    return this.content.pages(input)
  }

  /** BibTeX entries of papers, in the order given, with stable keys. */
  bibtex(paperIds: readonly string[]): { bibtex: string; entries: BibtexKey[] } {
    return this.content.bibtex(paperIds)
  }

  /** The cleaned text per page of an indexed paper; DATA_DAMAGED names a damaged file. */
  paperText(id: string): Promise<PaperText> {
    return this.content.paperText(id)
  }

  /** Resolves when no paper is queued or being ingested. */
  async whenIdle(): Promise<void> {
    await this.upkeep.backfilled()
    await this.queue.idle()
    await this.catalog.flush()
  }

  /**
   * Queues vector computation for indexed papers that lack vectors from the current embedder.
   * @remarks Call it when the model appears; returns how many papers were queued.
   */
  backfillVectors(): Promise<number> {
    return this.upkeep.backfillVectors()
  }

  /** Stops work in flight without marking it failed, so the next {@link open} resumes it. */
  async close(): Promise<void> {
    this.closing = true
    this.metadata?.close()
    await this.upkeep.backfilled()
    this.queue.cancel()
    await this.queue.idle()
    await this.catalog.close()
  }

  // Jobs found while adding a batch start together, so progress counts the whole batch.
  private async batch<T>(work: () => Promise<T>): Promise<T> {
    this.batchDepth++
    try {
      return await work()
    } finally {
      if (--this.batchDepth === 0) for (const job of this.batched.splice(0)) this.queue.add(job)
    }
  }

  // A paper to read: the reader starts loading now (the extraction worker takes ~1 s to load
  // pdf.js and the tokenizer), while the rest of the batch is copied in or the PDF downloaded.
  private enqueue(job: Job): void {
    if (job.kind === 'ingest') this.deps.reader.warmUp?.()
    if (this.batchDepth > 0) this.batched.push(job)
    else this.queue.add(job)
  }

  // Once a paper is indexed, the app asks the registries about it.
  private settled(job: Job): void {
    if (job.kind !== 'ingest' || !this.deps.autoOnlineMetadata) return
    if (this.catalog.get(job.paperId)?.status === 'indexed') this.metadata?.schedule([job.paperId])
  }

  private async waitUntilNotRunning(id: string): Promise<void> {
    while (this.queue.has(id)) await new Promise((r) => setTimeout(r, 10))
  }

  private writable(): void {
    if (this.readOnly) {
      throw new UserFacingError('INVALID_INPUT', { key: 'libraryReadOnly' })
    }
  }

  // Only what changed since the last event (the whole list once, at open): at thousands of
  // papers, copying and sending every record on each status change cost more than the paper.
  private changed(): void {
    this.deps.events.emit('library:changed', {
      ...this.catalog.takeChanges(),
      collections: this.organizer.collections()
    })
  }
}
