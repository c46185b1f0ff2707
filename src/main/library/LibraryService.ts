import { readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import {
  FindPapersInputSchema,
  PagesInputSchema,
  type FindPapersInput,
  type PagesInput
} from '../../shared/contract'
import type { PageRange, Paper, PaperStatus, Region, Settings } from '../../shared/types'
import type { PaperText } from '../domain'
import { UserFacingError } from '../errors'
import type { EventSink } from '../events'
import type { PdfReader } from '../ingest/PdfReader'
import type { PageRecognizer } from '../ocr/PageRecognizer'
import type { DataPaths } from '../paths'
import type { Embedder, EmbedderProvider, KeywordIndex, VectorStore } from '../search/types'
import { parseArxivId } from './arxivId'
import { toBibtex, type BibtexKey } from './bibtex'
import { Catalog } from './Catalog'
import { IngestPipeline } from './ingestPipeline'
import { PaperIntake, pdfFilesIn, type AddOutcome } from './PaperIntake'
import { checkPdfFile, sha256OfFile } from './pdfFileCheck'
import { JobQueue, type Job } from './JobQueue'
import { PaperFiles } from './PaperFiles'

/** The three papers the app ships with. */
export const DEFAULT_ARXIV_IDS = ['1706.03762', '1810.04805', '2005.11401'] as const

export type { AddOutcome } from './PaperIntake'

/** What {@link LibraryService} is built from (the composition root passes real ones). */
export interface LibraryDeps {
  paths: DataPaths
  reader: PdfReader
  embedder: EmbedderProvider
  vectors: VectorStore
  keywords: KeywordIndex
  events: EventSink
  settings: () => Settings
  fetch?: typeof fetch
  /** `https://arxiv.org` by default; tests point it at a local server. */
  arxivBaseUrl?: string
  downloadAttempts?: number
  downloadBackoffMs?: number
  /** A folder with `<arxivId>.pdf` copies of the default papers, used instead of downloading. */
  defaultCorpusDir?: string | null
  embedBatchSize?: number
  /**
   * OCR for scanned pages, used when `reader` is not a worker that does its own (a worker
   * reader starts an OCR worker of its own).
   */
  recognizer?: PageRecognizer
  log?: (msg: string) => void
  /**
   * Open without writing anything (the MCP server beside a running app): nothing is resumed,
   * no vectors are computed, a damaged catalog is reported but not moved aside, and every call
   * that would add or remove a paper fails with a message saying so.
   */
  readOnly?: boolean
}

const UNFINISHED: readonly PaperStatus[] = ['pending', 'downloading', 'extracting', 'embedding']

/**
 * The library: adds papers, runs ingestion one paper at a time, removes, retries, cancels.
 * @remarks Every state change is saved to `library.json` before it is announced, and papers
 * found unfinished on {@link open} are resumed, so a crash loses at most the work in flight.
 */
export class LibraryService {
  private readonly catalog: Catalog
  private readonly files: PaperFiles
  private readonly queue: JobQueue
  private readonly pipeline: IngestPipeline
  private readonly intake: PaperIntake
  private closing = false
  private batchDepth = 0
  private matching: Promise<void> = Promise.resolve()
  private backfilling: Promise<void> = Promise.resolve()
  private readonly batched: Job[] = []

  constructor(private readonly deps: LibraryDeps) {
    const log = deps.log ?? (() => undefined)
    this.catalog = new Catalog(deps.paths.library, log, { readOnly: deps.readOnly ?? false })
    this.files = new PaperFiles(deps.paths)
    this.pipeline = new IngestPipeline({
      deps,
      catalog: this.catalog,
      files: this.files,
      progress: (paperId, stage, done, total, ocr) =>
        deps.events.emit('ingest:progress', {
          paperId,
          stage,
          done,
          total,
          ...(ocr && { ocr }),
          overall: this.queue.overall()
        }),
      changed: () => this.changed(),
      matchEmbedder: (embedder) => this.matchEmbedder(embedder),
      closing: () => this.closing
    })
    this.queue = new JobQueue((job, signal) => this.runJob(job, signal), log)
    this.intake = new PaperIntake({
      catalog: this.catalog,
      files: this.files,
      enqueue: (job) => this.enqueue(job),
      changed: () => this.changed()
    })
  }

  /** Loads the catalog, resumes unfinished papers and queues missing vectors. */
  async open(): Promise<void> {
    await this.catalog.load()
    if (this.deps.readOnly) return
    const papers = this.catalog.list()
    const hasText = await Promise.all(
      papers.map((p) => (p.status === 'indexed' ? this.files.hasPages(p.id) : true))
    )
    for (const [i, p] of papers.entries()) {
      const unfinished = UNFINISHED.includes(p.status)
      const textLost = !hasText[i]
      if (unfinished || textLost) {
        // Chunks written before the crash are taken out of search until the paper is redone.
        await this.deps.keywords.removePaper(p.id)
        await this.deps.vectors.removePaper(p.id)
        await this.catalog.update(p.id, { status: 'pending', error: null })
        this.queue.add({ paperId: p.id, kind: 'ingest' })
      }
    }
    // Loading the model can take seconds: opening the library does not wait for it.
    this.backfilling = this.backfillVectors().then(
      () => undefined,
      (e: unknown) => this.deps.log?.(`backfilling vectors failed: ${String(e)}`)
    )
    this.changed()
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
  list(): Paper[] {
    return this.catalog.list()
  }

  /** One paper; NOT_FOUND when there is none with this id. */
  get(id: string): Paper {
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
   * Adding a paper that failed before (cancelled, download or disk failure, ...) tries it again,
   * as a person adding it again expects; a file that is not a PDF stays an error row.
   */
  private async againIfFailed<T extends { paper: Paper; duplicate: boolean }>(o: T): Promise<T> {
    const code = o.paper.error?.code
    if (
      !o.duplicate ||
      o.paper.status !== 'error' ||
      code === 'NOT_A_PDF' ||
      code === 'DUPLICATE'
    ) {
      return o
    }
    return { ...o, paper: await this.retry(o.paper.id) }
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
    if (aborted) await this.waitUntilNotRunning(id)
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
    return new Set([...dropped.map((j) => j.paperId), ...(aborted ? [aborted.paperId] : [])]).size
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

  /** The words OCR read on one page with their boxes; empty for a page with a text layer. */
  async ocrWords(id: string, page: number): Promise<{ text: string; box: Region }[]> {
    const text = await this.paperText(id)
    const words = text.pages.find((p) => p.page === page)?.ocr?.words ?? []
    return words.map((w) => ({ text: w.text, box: w.box }))
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
      // Text only: OCR word boxes and figure regions are for the viewer, not for readers.
      pages: text.pages
        .filter((pg) => pg.page >= from && pg.page <= to)
        .map((pg) => ({ page: pg.page, text: pg.text }))
    }
  }

  /** BibTeX entries of papers, in the order given, with stable keys. */
  bibtex(paperIds: readonly string[]): { bibtex: string; entries: BibtexKey[] } {
    return toBibtex([...new Set(paperIds)].map((id) => this.get(id)))
  }

  /** The cleaned text per page of an indexed paper. */
  async paperText(id: string): Promise<PaperText> {
    const p = this.get(id)
    const text = await this.files.readPages(id)
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
    await this.backfilling
    this.queue.cancel()
    await this.queue.idle()
    await this.catalog.flush()
  }

  private writable(): void {
    if (this.deps.readOnly) {
      throw new UserFacingError(
        'INVALID_INPUT',
        'This library is open read-only (the MCP server without add_paper). Add or remove papers in the app, or start the server with --allow-add.'
      )
    }
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

  private async runJob(job: Job, signal: AbortSignal): Promise<void> {
    if (job.kind === 'embed') await this.pipeline.embed(job.paperId, signal)
    else await this.pipeline.ingest(job.paperId, signal)
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

  private changed(): void {
    this.deps.events.emit('library:changed', { papers: this.catalog.list() })
  }
}
