import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import {
  FindPapersInputSchema,
  PagesInputSchema,
  type FindPapersInput,
  type PagesInput
} from '../../shared/contract'
import type { LibraryNotice, PageRange, Paper } from '../../shared/types'
import type { PaperText } from '../domain'
import { UserFacingError } from '../errors'
import { IngestLine, type Job } from '../ingest/IngestLine'
import { IngestPipeline, type EmbeddedPaper, type ReadPaper } from '../ingest/IngestPipeline'
import type { Embedder } from '../search/types'
import { CATALOG_FORMAT, type StoredPaper } from '../storage/catalogFormat'
import { removeStrayTemps } from '../storage/strayTemps'
import { parseArxivId } from './arxivId'
import { toBibtex, type BibtexKey } from './bibtex'
import { Catalog } from './Catalog'
import { PaperIntake, pdfFilesIn, type AddOutcome } from './PaperIntake'
import { checkPdfFile, sha256OfFile } from './pdfFileCheck'
import { Organizer } from './Organizer'
import { MetadataRefresher } from './online/MetadataRefresher'
import { mergeMetadata, type MetadataValues } from './metadataMerge'
import { DamagedFileError, PaperFiles } from './PaperFiles'
import type { LibraryDeps } from './libraryDeps'
import {
  labelOf,
  rebuildCatalog,
  repairOnOpen,
  reportDamage,
  type RepairContext
} from './openRepair'

/** The three papers the app ships with. */
export const DEFAULT_ARXIV_IDS = ['1706.03762', '1810.04805', '2005.11401'] as const

export type { AddOutcome } from './PaperIntake'
export type { LibraryDeps } from './libraryDeps'

/** A PDF from an import (BibTeX/RIS `file`, a Zotero attachment) and what the import says of it. */
export interface ImportedPdf {
  path: string
  values: MetadataValues
  tags: string[]
  /** Names of ResearchPal collections to put it in (created when missing). */
  collections: string[]
}

/**
 * The library: adds papers, runs ingestion one paper at a time, removes, retries, cancels.
 * @remarks Every state change is saved to `library.json` before it is announced, and papers
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
  private closing = false
  private batchDepth = 0
  private matching: Promise<void> = Promise.resolve()
  private backfilling: Promise<void> = Promise.resolve()
  private readonly batched: Job[] = []
  private readonly noticeList: LibraryNotice[] = []
  private readonly reportedDamage = new Set<string>()
  private readonly recovered = new Set<string>()
  private readonly readOnly: boolean

  constructor(private readonly deps: LibraryDeps) {
    const log = deps.log ?? (() => undefined)
    this.readOnly = deps.readOnly ?? false
    this.catalog = new Catalog(deps.paths.library, this.readOnly)
    this.files = new PaperFiles(deps.paths)
    const pipeline = new IngestPipeline({
      deps,
      catalog: this.catalog,
      files: this.files,
      progress: (paperId, stage, done, total) =>
        deps.events.emit('ingest:progress', {
          paperId,
          stage,
          done,
          total,
          overall: this.queue.overall()
        }),
      changed: () => this.changed(),
      matchEmbedder: (embedder) => this.matchEmbedder(embedder),
      closing: () => this.closing
    })
    this.queue = new IngestLine(
      {
        read: (t, pass) => pipeline.read(t, pass),
        embed: (t, read, pass) => pipeline.embed(t, read, pass),
        write: (t, embedded) => pipeline.write(t, embedded),
        fail: (t, e) => pipeline.fail(t, e),
        settled: ({ job }) => this.settled(job)
      },
      log
    )
    this.organizer = new Organizer(this.catalog, () => this.changed())
    this.metadata = deps.online
      ? new MetadataRefresher({
          catalog: this.catalog,
          online: deps.online,
          changed: () => this.changed(),
          log
        })
      : null
    this.intake = new PaperIntake({
      catalog: this.catalog,
      files: this.files,
      enqueue: (job) => this.enqueue(job),
      changed: () => this.changed()
    })
  }

  /**
   * Loads the catalog (migrating it), then checks every paper cheaply and repairs what it can.
   * @remarks A writer removes stray temp files, rebuilds an unreadable catalog from the folder,
   * resumes unfinished papers, re-indexes papers whose text or index files are missing or
   * damaged (or whose chunker changed) and queues missing vectors. A read-only library only
   * reports what needs repair. Everything repaired or found is a {@link notices notice}.
   */
  async open(): Promise<void> {
    const load = await this.catalog.load()
    if (load.state === 'ok' && load.migratedFrom !== null && !this.readOnly)
      this.deps.log?.(
        `library.json upgraded from format ${load.migratedFrom} to ${CATALOG_FORMAT.version} (the original kept as library.json.v${load.migratedFrom}.bak)`
      )
    if (!this.readOnly) {
      const { paths } = this.deps
      const temps = await removeStrayTemps([
        paths.root,
        paths.pdfs,
        paths.pages,
        join(paths.index, 'keywords', 'papers'),
        join(paths.index, 'vectors')
      ])
      if (temps.length) this.deps.log?.(`removed ${temps.length} unfinished temp file(s)`)
    }
    if (load.state === 'unreadable') await rebuildCatalog(this.repairContext(), load)
    for (const r of this.catalog.unreadableRecords()) {
      this.notify(
        'warning',
        `A record in library.json${r.id ? ` (${r.kind ?? 'paper'} ${r.id})` : ''} cannot be read by this version of ResearchPal (${r.reason}); it may come from a newer version. It is kept unchanged but not shown. Update ResearchPal to see it.`,
        r.kind ? null : r.id
      )
    }
    if (this.readOnly) reportDamage(this.repairContext())
    else await repairOnOpen(this.repairContext())
    if (!this.readOnly) {
      // Loading the model can take seconds: opening the library does not wait for it.
      this.backfilling = this.backfillVectors().then(
        () => undefined,
        (e: unknown) => this.deps.log?.(`backfilling vectors failed: ${String(e)}`)
      )
    }
    this.changed()
  }

  /** Records something found outside the library (a store repaired at open). */
  addNotice(notice: LibraryNotice): void {
    this.notify(notice.level, notice.message, notice.paperId)
  }

  /** Catalog records this version cannot read (kept unchanged), without their raw content. */
  unreadableRecords(): { id: string | null; reason: string }[] {
    return this.catalog.unreadableRecords().map(({ id, reason }) => ({ id, reason }))
  }

  /** What the library repaired or found since it was opened, oldest first. */
  notices(): LibraryNotice[] {
    return this.noticeList.map((n) => ({ ...n }))
  }

  /**
   * A paper's stored text or index turned out to be damaged while in use: it is re-indexed (a
   * writer) or reported (read-only); other papers are unaffected.
   */
  reportDamaged(paperId: string, what: string): void {
    const p = this.catalog.get(paperId)
    if (!p || this.reportedDamage.has(paperId)) return
    this.reportedDamage.add(paperId)
    this.notify(
      'warning',
      this.readOnly
        ? `${labelOf(p)}: ${what}. It is left out of search here; open ResearchPal or run an ingest command to repair it.`
        : `${labelOf(p)}: ${what}. Re-indexing it.`,
      paperId
    )
    if (!this.readOnly && p.status === 'indexed') this.queue.add({ paperId, kind: 'embed' })
  }

  private repairContext(): RepairContext {
    return {
      deps: this.deps,
      catalog: this.catalog,
      files: this.files,
      readOnly: this.readOnly,
      reported: this.reportedDamage,
      recovered: this.recovered,
      enqueue: (job) => this.queue.add(job),
      requeue: (p) => this.requeue(p),
      notify: (level, message, paperId) => this.notify(level, message, paperId)
    }
  }

  private async requeue(p: StoredPaper): Promise<void> {
    await this.deps.keywords.removePaper(p.id)
    await this.deps.vectors.removePaper(p.id)
    await this.catalog.update(p.id, { status: 'pending', error: null })
    this.queue.add({ paperId: p.id, kind: 'ingest' })
  }

  private notify(level: LibraryNotice['level'], message: string, paperId: string | null): void {
    const notice: LibraryNotice = { level, message, paperId }
    this.noticeList.push(notice)
    this.deps.log?.(message)
    this.deps.events.emit('library:notice', notice)
  }

  /**
   * Reads the catalog again, for a read-only library another process is writing.
   * @remarks The writer saves `library.json` by renaming a complete file over it, so a reload
   * sees the old catalog or the new one.
   */
  async reload(): Promise<void> {
    if (!this.deps.readOnly) return
    await this.catalog.load()
  }

  /** Every paper, oldest first. */
  list(): StoredPaper[] {
    return this.catalog.list()
  }

  /** One paper; NOT_FOUND when there is none with this id. */
  get(id: string): StoredPaper {
    const p = this.catalog.get(id)
    if (!p) throw new UserFacingError('NOT_FOUND', `There is no paper ${id} in the library.`)
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
        const refused = await checkPdfFile(f)
        const added = refused
          ? await this.intake.addBadFile(basename(f), f, await sha256OfFile(f), refused)
          : await this.againIfFailed(
              await this.intake.addFile(basename(f), new Uint8Array(await readFile(f)))
            )
        out.push({ input: f, ...added })
      }
      return out
    })
  }

  /**
   * Adds imported PDFs with their metadata: the import's fields win over what the PDF says
   * (a hand edit still wins over both), its tags are added and its collections created.
   */
  async addImported(items: ImportedPdf[]): Promise<AddOutcome[]> {
    return this.batch(async () => {
      const out: AddOutcome[] = []
      for (const item of items) {
        const added = await this.intake.addFile(
          basename(item.path),
          new Uint8Array(await readFile(item.path))
        )
        let paper = added.paper
        if (paper.status !== 'error') {
          const collectionIds = [...paper.collectionIds]
          for (const name of item.collections) {
            const c = await this.organizer.collectionNamed(name)
            if (!collectionIds.includes(c.id)) collectionIds.push(c.id)
          }
          const tags = [...paper.tags]
          for (const t of item.tags)
            if (!tags.some((x) => x.toLowerCase() === t.toLowerCase())) tags.push(t)
          paper = await this.catalog.update(paper.id, {
            ...mergeMetadata(paper, item.values, 'import'),
            collectionIds,
            tags
          })
        }
        out.push({ input: item.path, paper, duplicate: added.duplicate })
      }
      this.changed()
      return out
    })
  }

  /**
   * Adds a paper by DOI: its open-access PDF from Unpaywall, with Crossref's (or OpenAlex's)
   * details. NOT_FOUND when there is no open copy; OFFLINE when the network is not there.
   */
  async addDoi(doi: string): Promise<Paper> {
    if (!this.deps.online)
      throw new UserFacingError(
        'OFFLINE',
        'Adding by DOI needs the online services, which are off here.'
      )
    const found = await this.deps.online.openAccessPdf(doi)
    const name = `${doi.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`
    const added = await this.intake.addFile(name, found.bytes)
    let paper = added.paper
    for (const { source, values } of [
      { source: 'crossref' as const, values: { doi } },
      ...found.metadata
    ]) {
      const change = mergeMetadata(paper, values, source)
      if (Object.keys(change).length) paper = await this.catalog.update(paper.id, change)
    }
    this.changed()
    return paper
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
    if (stored) await this.requeue(stored)
    this.changed()
    return { ...o, paper: this.get(p.id) }
  }

  /** Adds the three default papers, from `defaultCorpusDir` when it has them, else from arXiv. */
  async addDefaults(): Promise<Paper[]> {
    this.writable()
    return this.batch(async () => {
      const out: Paper[] = []
      for (const id of DEFAULT_ARXIV_IDS) {
        const local = this.deps.defaultCorpusDir
          ? join(this.deps.defaultCorpusDir, `${id}.pdf`)
          : null
        const bytes = local ? await readFile(local).catch(() => null) : null
        out.push(
          (await this.intake.addArxiv({ id, version: null }, bytes && new Uint8Array(bytes))).paper
        )
      }
      return out
    })
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
          error: {
            code: 'CANCELLED',
            message: `Indexing ${job.paperId} was cancelled. Retry to index it.`
          }
        })
        .then(() => this.changed())
        .catch((e: unknown) => this.deps.log?.(`cancel ${job.paperId}: ${String(e)}`))
    }
    return new Set([...dropped.map((j) => j.paperId), ...aborted.map((j) => j.paperId)]).size
  }

  /** The stored PDF of a paper, for the viewer. */
  async pdfBytes(id: string): Promise<Uint8Array> {
    const p = this.get(id)
    const bytes = await this.files.readPdf(id)
    if (!bytes)
      throw new UserFacingError(
        'NOT_FOUND',
        `The PDF of "${p.title}" is not in the library folder yet.`
      )
    return bytes
  }

  /**
   * Papers whose title, authors, id or year contain every word of `query` (case-insensitive).
   * @remarks Collections are not part of the library yet; asking for one says so.
   */
  find(input: FindPapersInput): Paper[] {
    const parsed = FindPapersInputSchema.safeParse(input)
    if (!parsed.success) {
      throw new UserFacingError('INVALID_INPUT', `Invalid paper filter: ${parsed.error.message}`)
    }
    if (parsed.data.collection !== undefined) {
      throw new UserFacingError(
        'NOT_FOUND',
        `There is no collection "${parsed.data.collection}": this library has no collections. List the papers without a collection.`
      )
    }
    const words = (parsed.data.query ?? '').toLowerCase().split(/\s+/).filter(Boolean)
    return this.catalog.list().filter((p) => {
      const hay = [p.id, p.title, ...p.authors, String(p.year ?? '')].join(' ').toLowerCase()
      return words.every((w) => hay.includes(w))
    })
  }

  /** The text of pages `from`..`to` (1-based, inclusive; `to` defaults to `from`). */
  async pages(input: PagesInput): Promise<PageRange> {
    const parsed = PagesInputSchema.safeParse(input)
    if (!parsed.success) {
      throw new UserFacingError('INVALID_INPUT', `Invalid page range: ${parsed.error.message}`)
    }
    const { paperId, from } = parsed.data
    const p = this.get(paperId)
    const text = await this.paperText(paperId)
    const count = text.pages.length
    if (from > count) {
      throw new UserFacingError(
        'INVALID_INPUT',
        `Paper ${paperId} ("${p.title}") has ${count} pages; there is no page ${from}.`
      )
    }
    const to = Math.min(parsed.data.to ?? from, count)
    return {
      paperId,
      title: p.title,
      pageCount: count,
      pages: text.pages.filter((pg) => pg.page >= from && pg.page <= to)
    }
  }

  /** BibTeX entries of papers, in the order given, with stable keys. */
  bibtex(paperIds: readonly string[]): { bibtex: string; entries: BibtexKey[] } {
    return toBibtex([...new Set(paperIds)].map((id) => this.get(id)))
  }

  /** The cleaned text per page of an indexed paper; DATA_DAMAGED names a damaged file. */
  async paperText(id: string): Promise<PaperText> {
    const p = this.get(id)
    let text: PaperText | null
    try {
      text = await this.files.readPages(id)
    } catch (e) {
      if (!(e instanceof DamagedFileError)) throw e
      this.reportDamaged(id, `its page text cannot be read (${e.reason})`)
      throw new UserFacingError(
        'DATA_DAMAGED',
        `The stored text of "${p.title}" (${id}) is damaged (${e.reason}). ${this.readOnly ? 'Open ResearchPal or run an ingest command to repair it.' : 'It is being re-indexed; try again when it is done.'}`
      )
    }
    if (!text)
      throw new UserFacingError('NOT_FOUND', `The text of "${p.title}" is not extracted yet.`)
    return text
  }

  /** Resolves when no paper is queued or being ingested. */
  async whenIdle(): Promise<void> {
    await this.backfilling
    await this.queue.idle()
    await this.catalog.flush()
  }

  /**
   * Queues vector computation for indexed papers that lack vectors from the current embedder.
   * @remarks Call it when the model appears; returns how many papers were queued.
   */
  async backfillVectors(): Promise<number> {
    if (this.readOnly) return 0
    const embedder = await this.deps.embedder.current()
    if (!embedder) return 0
    await this.matchEmbedder(embedder)
    let queued = 0
    for (const p of this.catalog.list()) {
      if (p.status !== 'indexed') continue
      if (p.embedderId === embedder.id && this.deps.vectors.hasPaper(p.id)) continue
      if (this.queue.add({ paperId: p.id, kind: 'embed' })) queued++
    }
    return queued
  }

  /** Stops work in flight without marking it failed, so the next {@link open} resumes it. */
  async close(): Promise<void> {
    this.closing = true
    this.metadata?.close()
    await this.backfilling
    this.queue.cancel()
    await this.queue.idle()
    await this.catalog.flush()
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

  // Serialised: open()'s backfill and a running job may both notice the change.
  private matchEmbedder(embedder: Embedder): Promise<void> {
    const run = this.matching.then(() => this.clearForeignVectors(embedder))
    this.matching = run.catch(() => undefined)
    return run
  }

  private async clearForeignVectors(embedder: Embedder): Promise<void> {
    const stored = this.deps.vectors.embedderId()
    if (stored === null || stored === embedder.id) return
    this.deps.log?.(`embedder changed from ${stored} to ${embedder.id}: re-embedding every paper`)
    await this.deps.vectors.clear()
    for (const p of this.catalog.list()) {
      if (p.embedderId === null) continue
      await this.catalog.update(p.id, { embedderId: null })
      if (p.status === 'indexed') this.queue.add({ paperId: p.id, kind: 'embed' })
    }
    this.changed()
  }

  private async waitUntilNotRunning(id: string): Promise<void> {
    while (this.queue.has(id)) await new Promise((r) => setTimeout(r, 10))
  }

  private writable(): void {
    if (this.readOnly) {
      throw new UserFacingError(
        'INVALID_INPUT',
        'This library was opened read-only (another process may be writing to it); changes are not possible here.'
      )
    }
  }

  private changed(): void {
    this.deps.events.emit('library:changed', {
      papers: this.catalog.list(),
      collections: this.organizer.collections()
    })
  }
}
