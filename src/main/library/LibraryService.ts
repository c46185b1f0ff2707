import { access, constants, readdir, readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { Paper, PaperStatus, Settings } from '../../shared/types'
import type { PaperText } from '../domain'
import { UserFacingError } from '../errors'
import type { EventSink } from '../events'
import { hasPdfSignature, type PdfReader } from '../ingest/PdfReader'
import type { DataPaths } from '../paths'
import type { Embedder, EmbedderProvider, KeywordIndex, VectorStore } from '../search/types'
import { arxivPaperId, parseArxivId, type ArxivRef } from './arxivId'
import { Catalog } from './Catalog'
import { IngestPipeline, sha256Hex } from './ingestPipeline'
import { JobQueue, type Job } from './JobQueue'
import { PaperFiles } from './PaperFiles'

/** The three papers the app ships with. */
export const DEFAULT_ARXIV_IDS = ['1706.03762', '1810.04805', '2005.11401'] as const

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
  log?: (msg: string) => void
}

/** What one added input became. */
export interface AddOutcome {
  input: string
  paper: Paper
  /** True when the input was already in the library (same PDF or same arXiv id). */
  duplicate: boolean
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
  private closing = false
  private batchDepth = 0
  private readonly batched: Job[] = []

  constructor(private readonly deps: LibraryDeps) {
    const log = deps.log ?? (() => undefined)
    this.catalog = new Catalog(deps.paths.library, log)
    this.files = new PaperFiles(deps.paths)
    this.pipeline = new IngestPipeline({
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
    this.queue = new JobQueue((job, signal) => this.runJob(job, signal), log)
  }

  /** Loads the catalog, resumes unfinished papers and queues missing vectors. */
  async open(): Promise<void> {
    await this.catalog.load()
    for (const p of this.catalog.list()) {
      const unfinished = UNFINISHED.includes(p.status)
      const textLost = p.status === 'indexed' && !(await this.files.readPages(p.id))
      if (unfinished || textLost) {
        // Chunks written before the crash are taken out of search until the paper is redone.
        await this.deps.keywords.removePaper(p.id)
        await this.deps.vectors.removePaper(p.id)
        await this.catalog.update(p.id, { status: 'pending', error: null })
        this.queue.add({ paperId: p.id, kind: 'ingest' })
      }
    }
    await this.backfillVectors()
    this.changed()
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
    const files: string[] = []
    const missing: string[] = []
    for (const p of paths) {
      try {
        await access(p, constants.R_OK)
        if ((await stat(p)).isDirectory()) files.push(...(await pdfsUnder(p)))
        else files.push(p)
      } catch {
        missing.push(p)
      }
    }
    if (missing.length) {
      throw new UserFacingError(
        'NOT_FOUND',
        `Not found or not readable: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. Check the path.`
      )
    }
    return this.batch(async () => {
      const out: AddOutcome[] = []
      for (const f of files) {
        out.push({
          input: f,
          ...(await this.addFile(basename(f), new Uint8Array(await readFile(f))))
        })
      }
      return out
    })
  }

  /** Adds a PDF given as bytes (a dropped file). */
  async addBytes(name: string, bytes: Uint8Array): Promise<Paper> {
    return (await this.addFile(name, bytes)).paper
  }

  /** Adds an arXiv paper by id or URL; INVALID_INPUT when it is neither. */
  async addArxiv(idOrUrl: string): Promise<Paper> {
    const ref = parseArxivId(idOrUrl)
    return (await this.addArxivRef(ref, null)).paper
  }

  /** Adds the three default papers, from `defaultCorpusDir` when it has them, else from arXiv. */
  async addDefaults(): Promise<Paper[]> {
    return this.batch(async () => {
      const out: Paper[] = []
      for (const id of DEFAULT_ARXIV_IDS) {
        const local = this.deps.defaultCorpusDir
          ? join(this.deps.defaultCorpusDir, `${id}.pdf`)
          : null
        const bytes = local ? await readFile(local).catch(() => null) : null
        out.push(
          (await this.addArxivRef({ id, version: null }, bytes && new Uint8Array(bytes))).paper
        )
      }
      return out
    })
  }

  /** Removes a paper: its chunks from both indexes, its page text, its PDF and its record. */
  async remove(id: string): Promise<void> {
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
    this.queue.cancel()
    await this.queue.idle()
    await this.catalog.flush()
  }

  private async addFile(name: string, bytes: Uint8Array): Promise<Omit<AddOutcome, 'input'>> {
    const sha = sha256Hex(bytes)
    const twin = this.catalog.findBySha(sha)
    if (twin) return { paper: twin, duplicate: true }
    // A file saved from arXiv ("1706.03762v7.pdf") is that arXiv paper.
    const ref = arxivRefOfFileName(name)
    if (ref && hasPdfSignature(bytes)) return this.addArxivRef(ref, bytes, name)
    const paper = this.newRecord(sha.slice(0, 12), name.replace(/\.pdf$/i, ''), {
      source: { kind: 'file', fileName: name },
      sha256: sha
    })
    if (!hasPdfSignature(bytes)) {
      paper.status = 'error'
      paper.error = {
        code: 'NOT_A_PDF',
        message:
          bytes.length === 0
            ? `"${name}" is empty (0 bytes). Add the paper's PDF file.`
            : `"${name}" is not a PDF (it does not start with %PDF). Add the paper's PDF file instead.`
      }
      await this.catalog.put(paper)
      this.changed()
      return { paper, duplicate: false }
    }
    return { paper: await this.store(paper, bytes), duplicate: false }
  }

  private async addArxivRef(
    ref: ArxivRef,
    bytes: Uint8Array | null,
    fileName?: string
  ): Promise<Omit<AddOutcome, 'input'>> {
    const id = arxivPaperId(ref.id)
    const existing =
      this.catalog.get(id) ??
      this.catalog.list().find((p) => p.arxivId === ref.id) ??
      (bytes && this.catalog.findBySha(sha256Hex(bytes)))
    if (existing) return { paper: existing, duplicate: true }
    const paper = this.newRecord(id, `arXiv ${ref.id}`, {
      arxivId: ref.id,
      source: fileName
        ? { kind: 'file', fileName }
        : {
            kind: 'arxiv',
            arxivId: ref.id,
            url: `https://arxiv.org/abs/${ref.id}${ref.version ?? ''}`
          },
      sha256: bytes ? sha256Hex(bytes) : null
    })
    if (!bytes) {
      await this.catalog.put(paper)
      this.enqueue({ paperId: id, kind: 'ingest' })
      this.changed()
      return { paper, duplicate: false }
    }
    return { paper: await this.store(paper, bytes), duplicate: false }
  }

  // Writes the PDF, then the record; a failed write becomes an error row, not a throw.
  private async store(paper: Paper, bytes: Uint8Array): Promise<Paper> {
    try {
      await this.files.writePdf(paper.id, bytes)
    } catch (e) {
      if (!(e instanceof UserFacingError)) throw e
      paper.status = 'error'
      paper.error = e.toAppError()
      await this.catalog.put(paper)
      this.changed()
      return paper
    }
    await this.catalog.put(paper)
    this.enqueue({ paperId: paper.id, kind: 'ingest' })
    this.changed()
    return paper
  }

  private newRecord(
    id: string,
    title: string,
    fields: Pick<Paper, 'source' | 'sha256'> & Partial<Paper>
  ): Paper {
    return {
      id,
      title,
      authors: [],
      year: null,
      arxivId: null,
      pages: 0,
      chunks: 0,
      sections: [],
      status: 'pending',
      error: null,
      addedAt: new Date().toISOString(),
      indexedAt: null,
      embedderId: null,
      ...fields
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

  private enqueue(job: Job): void {
    if (this.batchDepth > 0) this.batched.push(job)
    else this.queue.add(job)
  }

  private async runJob(job: Job, signal: AbortSignal): Promise<void> {
    if (job.kind === 'embed') await this.pipeline.embed(job.paperId, signal)
    else await this.pipeline.ingest(job.paperId, signal)
  }

  private async matchEmbedder(embedder: Embedder): Promise<void> {
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

function arxivRefOfFileName(name: string): ArxivRef | null {
  const stem = name.replace(/\.pdf$/i, '').replace(/_/g, '/')
  try {
    return parseArxivId(stem)
  } catch {
    return null
  }
}

async function pdfsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries
    .filter((e) => e.isFile() && /\.pdf$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort()
}
