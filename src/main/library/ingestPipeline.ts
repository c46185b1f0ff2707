import { createHash } from 'node:crypto'
import type { AppError } from '../../shared/errors'
import type { Paper, PaperStatus, Settings } from '../../shared/types'
import type { Chunk, PageText } from '../domain'
import { isUserFacing, throwIfAborted, toAppError, UserFacingError } from '../errors'
import { EmbedAhead } from '../ingest/EmbedAhead'
import { embedChunks, type ChunkVector } from '../ingest/embedChunks'
import { paperProcessorFor, type PaperProcessor } from '../ingest/PaperProcessor'
import { marksFromSpans, type SectionMark } from '../ingest/sections'
import type { Embedder } from '../search/types'
import { parseArxivId } from './arxivId'
import { mergeMetadata } from './metadataMerge'
import { downloadArxivPdf } from './arxivDownload'
import type { Catalog } from './Catalog'
import type { LibraryDeps } from './libraryDeps'
import { DamagedFileError, type PaperFiles } from './PaperFiles'
import { PREFETCH_DEPTH, Prefetcher, type PreparedPaper } from '../ingest/Prefetcher'

/** What the pipeline needs from the service that owns it. */
export interface PipelineContext {
  deps: LibraryDeps
  catalog: Catalog
  files: PaperFiles
  /** `ocr`: the counts are of scanned pages being recognised. */
  progress(paperId: string, stage: PaperStatus, done: number, total: number, ocr?: boolean): void
  changed(): void
  /** Clears vectors made by another embedder and queues re-embedding (never a mixed index). */
  matchEmbedder(embedder: Embedder): Promise<void>
  /** True while the service shuts down: interrupted papers keep their stage and resume later. */
  closing(): boolean
}

/** A paper's vectors being computed while its text is written. */
interface Embedding {
  embedder: Promise<Embedder | null>
  /** Null when there is no model (keyword search only). */
  vectors: Promise<ChunkVector[] | null>
  cancel(): void
}

/** Texts embedded per call; small batches measured fastest for MiniLM on CPU. */
export const DEFAULT_EMBED_BATCH = 4

/**
 * Names the chunker and its parameters, recorded per paper like the embedder id: a paper cut by
 * other parameters is re-chunked when the library opens.
 */
export function chunkerIdOf(settings: Pick<Settings, 'chunkTokens' | 'chunkOverlap'>): string {
  return `cl100k-window:${settings.chunkTokens}/${settings.chunkOverlap}`
}

/** The sha256 of a PDF, hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/**
 * The per-paper stages: download -> extract -> chunk -> keyword index -> embed -> indexed.
 * @remarks The catalog says `indexed` only after every file and index write has finished, so a
 * crash at any point leaves a non-final status that is resumed on the next start.
 */
export class IngestPipeline {
  private readonly processor: PaperProcessor
  private readonly prefetcher: Prefetcher

  constructor(private readonly ctx: PipelineContext) {
    this.processor = paperProcessorFor(ctx.deps.reader, ctx.deps.recognizer ?? null)
    this.prefetcher = new Prefetcher((paperId, bytes, signal) => {
      const paper = ctx.catalog.get(paperId)
      return this.prepare(paperId, bytes, paper ? labelOf(paper) : paperId, signal, (done, total) =>
        this.prefetcher.pageRead(paperId, done, total)
      )
    })
  }

  /** Runs the whole pipeline for one paper; failures end as status `error`, never a throw. */
  async ingest(paperId: string, signal: AbortSignal): Promise<void> {
    const paper = this.ctx.catalog.get(paperId)
    if (!paper) return
    const model = this.getReadyToEmbed()
    let ahead: EmbedAhead | null = null
    try {
      const bytes = await this.acquire(paper, signal)
      await this.setStatus(paperId, 'extracting')
      const label = labelOf(paper)
      const onPage = (done: number, total: number): void =>
        this.ctx.progress(paperId, 'extracting', done, total)
      let prepared = await this.prefetcher.take(paperId, signal, onPage)
      if (!prepared) {
        // Nobody read this paper ahead: its first pages are embedded while the rest are read.
        ahead = new EmbedAhead(model, this.batchSize(), signal)
        prepared = await this.prepare(paperId, bytes, label, signal, onPage, ahead.feed)
      }
      const { extracted } = prepared
      throwIfAborted(signal, `Indexing ${label}`)
      const chunks =
        prepared.chunkKey === this.chunkKey()
          ? prepared.chunks
          : await this.chunk(paperId, extracted.pages, extracted.marks)
      // From here on the embedder is kept busy: the writes below run while it computes this
      // paper's vectors, and the next paper is read and chunked in the extraction worker.
      this.prefetchNext(paperId)
      const embedding = this.startEmbedding(paperId, chunks, signal, ahead)
      await this.whileEmbedding(embedding, async () => {
        await this.ctx.files.writePages({ paperId, pages: extracted.pages })
        const meta = extracted.metadata
        // The record as it is now: the user may have edited it while the PDF was read.
        const latest = this.ctx.catalog.get(paperId) ?? paper
        await this.ctx.catalog.update(paperId, {
          ...mergeMetadata(latest, meta, 'pdf'),
          arxivId: latest.arxivId ?? meta.arxivId,
          pages: extracted.pages.length,
          sections: extracted.sections
        })
        await this.ctx.deps.keywords.putPaper(paperId, chunks)
      })
      await this.finish(paperId, chunks, embedding, signal)
    } catch (e) {
      await ahead?.stop()
      await this.fail(paperId, e, signal)
    }
  }

  /** Re-chunks a paper from its stored page text and (re)computes its vectors. */
  async embed(paperId: string, signal: AbortSignal): Promise<void> {
    const paper = this.ctx.catalog.get(paperId)
    if (!paper || paper.status !== 'indexed') return
    // Missing or damaged page text: read the paper again from its PDF.
    const text = await this.ctx.files.readPages(paperId).catch((e: unknown) => {
      if (e instanceof DamagedFileError) return null
      throw e
    })
    if (!text) return this.ingest(paperId, signal)
    try {
      const byPage = new Map(text.pages.map((p) => [p.page, p.text]))
      const marks = marksFromSpans(paper.sections, (n) => byPage.get(n) ?? '')
      const chunks = await this.chunk(paperId, text.pages, marks)
      const embedding = this.startEmbedding(paperId, chunks, signal)
      await this.whileEmbedding(embedding, () => this.ctx.deps.keywords.putPaper(paperId, chunks))
      await this.finish(paperId, chunks, embedding, signal)
    } catch (e) {
      await this.fail(paperId, e, signal)
    }
  }

  /**
   * Loads the model (when there is one) and starts the vector writer while the PDF is read.
   * @remarks Otherwise both start only when needed: the model after the first paper is read,
   * and the writer (~0.8 s to start and import vectra) after its vectors are computed, with the
   * embedder idle in between. Both are idempotent; a failure shows where it matters, later.
   * Returns the model, for embedding the first pages ahead (null without one or on failure).
   */
  private getReadyToEmbed(): Promise<Embedder | null> {
    const model = this.ctx.deps.embedder.current().catch(() => null)
    void model.then((e) => e && this.ctx.deps.vectors.warmUp?.()).catch(() => undefined)
    return model
  }

  private async acquire(paper: Paper, signal: AbortSignal): Promise<Uint8Array> {
    const stored = await this.ctx.files.readPdf(paper.id)
    if (stored) return stored
    if (paper.source.kind !== 'arxiv') {
      throw new UserFacingError(
        'NOT_FOUND',
        `The PDF of "${paper.title}" (${paper.id}) is missing from the library folder. Add the file again to restore it.`
      )
    }
    await this.setStatus(paper.id, 'downloading')
    this.ctx.progress(paper.id, 'downloading', 0, 1)
    const { deps } = this.ctx
    const bytes = await downloadArxivPdf(parseArxivId(paper.source.arxivId), {
      fetch: deps.fetch ?? fetch,
      baseUrl: deps.arxivBaseUrl,
      attempts: deps.downloadAttempts,
      backoffMs: deps.downloadBackoffMs,
      signal,
      onProgress: (got, total) => this.ctx.progress(paper.id, 'downloading', got, total || got)
    })
    const sha = sha256Hex(bytes)
    const twin = this.ctx.catalog.findBySha(sha)
    if (twin && twin.id !== paper.id) {
      throw new UserFacingError(
        'DUPLICATE',
        `arXiv ${paper.source.arxivId} is the same PDF as "${twin.title}" (${twin.id}), which is already in the library. Remove this entry.`
      )
    }
    await this.ctx.files.writePdf(paper.id, bytes)
    await this.ctx.catalog.update(paper.id, { sha256: sha })
    return bytes
  }

  /** Text, metadata, sections and chunks of a PDF: CPU work only, no file or catalog writes. */
  private async prepare(
    paperId: string,
    bytes: Uint8Array,
    label: string,
    signal: AbortSignal,
    onPage?: (done: number, total: number) => void,
    onChunks?: (chunks: Chunk[]) => void
  ): Promise<PreparedPaper> {
    const chunkKey = this.chunkKey()
    const { chunkTokens, chunkOverlap, ocrLanguages } = this.ctx.deps.settings()
    const extracted = await this.processor.extract(bytes, {
      label,
      signal,
      onPage,
      ocr: {
        languages: ocrLanguages,
        onPage: (done, total) => this.ctx.progress(paperId, 'extracting', done, total, true)
      },
      early: onChunks && { paperId, options: { chunkTokens, chunkOverlap }, onChunks }
    })
    throwIfAborted(signal, `Indexing ${label}`)
    const chunks = await this.chunk(paperId, extracted.pages, extracted.marks)
    return { extracted, chunks, chunkKey }
  }

  // A guess: the queue runs pending papers in catalog order. A wrong guess only wastes the work.
  private prefetchNext(current: string): void {
    if (this.ctx.closing()) return
    const upcoming = this.ctx.catalog
      .list()
      .filter((p) => p.status === 'pending' && p.id !== current)
      .slice(0, PREFETCH_DEPTH)
      .map((p) => ({ paperId: p.id, readPdf: () => this.ctx.files.readPdf(p.id) }))
    this.prefetcher.plan(upcoming)
  }

  private chunkKey(): string {
    const { chunkTokens, chunkOverlap } = this.ctx.deps.settings()
    return `${chunkTokens}/${chunkOverlap}`
  }

  private chunk(paperId: string, pages: PageText[], marks: SectionMark[]): Promise<Chunk[]> {
    return this.processor.chunk(paperId, pages, marks, this.ctx.deps.settings())
  }

  private batchSize(): number {
    return this.ctx.deps.embedBatchSize ?? DEFAULT_EMBED_BATCH
  }

  /**
   * Starts computing a paper's vectors (when there is a model); awaited by {@link finish}.
   * @remarks Vectors that `ahead` computed while the paper was read are reused.
   */
  private startEmbedding(
    paperId: string,
    chunks: Chunk[],
    signal: AbortSignal,
    ahead: EmbedAhead | null = null
  ): Embedding {
    const controller = new AbortController()
    const stop = (): void => controller.abort()
    signal.addEventListener('abort', stop, { once: true })
    const embedder = this.ctx.deps.embedder.current()
    const vectors = embedder
      .then(async (e) => {
        const early = await ahead?.stop()
        if (!e) return null
        await this.ctx.matchEmbedder(e)
        // The catalog says `embedding` before any embedding progress is announced.
        await this.setStatus(paperId, 'embedding')
        return embedChunks(e, chunks, {
          batch: this.batchSize(),
          done: early?.embedder === e ? early.vectors : undefined,
          signal: controller.signal,
          onProgress: (done) => this.ctx.progress(paperId, 'embedding', done, chunks.length)
        })
      })
      .finally(() => signal.removeEventListener('abort', stop))
    // Both are awaited later; a failure before that must not count as unhandled.
    vectors.catch(() => undefined)
    embedder.catch(() => undefined)
    return { embedder, vectors, cancel: stop }
  }

  // A failed write stops the embedding it overlapped with before the failure is reported.
  private async whileEmbedding(embedding: Embedding, writes: () => Promise<void>): Promise<void> {
    try {
      await writes()
    } catch (e) {
      embedding.cancel()
      await embedding.vectors.catch(() => undefined)
      throw e
    }
  }

  private async finish(
    paperId: string,
    chunks: Chunk[],
    embedding: Embedding,
    signal: AbortSignal
  ): Promise<void> {
    const { deps } = this.ctx
    const embedder = await embedding.embedder
    let embedderId: string | null = null
    if (embedder) {
      try {
        const items = (await embedding.vectors) ?? []
        await deps.vectors.putPaper(paperId, embedder.id, items)
        embedderId = embedder.id
      } catch (e) {
        // The model went away mid-way: keep the paper searchable by keyword; backfill later.
        if (!isUserFacing(e, 'MODEL_MISSING')) throw e
        deps.log?.(`embedding ${paperId} skipped: ${e.message}`)
        await deps.vectors.removePaper(paperId)
      }
    } else {
      // Keyword search only until the model appears; backfillVectors() fills this in.
      await deps.vectors.removePaper(paperId)
    }
    throwIfAborted(signal, `Indexing ${paperId}`)
    await this.ctx.catalog.update(paperId, {
      status: 'indexed',
      error: null,
      chunks: chunks.length,
      indexedAt: new Date().toISOString(),
      embedderId,
      chunkerId: chunkerIdOf(deps.settings())
    })
    this.ctx.progress(paperId, 'indexed', 1, 1)
    this.ctx.changed()
  }

  private async setStatus(paperId: string, status: PaperStatus): Promise<void> {
    await this.ctx.catalog.update(paperId, { status, error: null })
    this.ctx.changed()
  }

  /** Records why a paper failed and takes its partial chunks out of search. */
  private async fail(paperId: string, e: unknown, signal: AbortSignal): Promise<void> {
    if (!this.ctx.catalog.has(paperId)) return
    const paper = this.ctx.catalog.get(paperId)!
    // An embedder or fetch stopped by the signal throws its own AbortError; it is still a cancel.
    const cancelled = isUserFacing(e, 'CANCELLED') || signal.aborted
    if (cancelled && this.ctx.closing()) return
    const error = failure(e, labelOf(paper), cancelled)
    if (error.code === 'INTERNAL') {
      this.ctx.deps.log?.(`ingest ${paperId} failed: ${e instanceof Error ? e.stack : String(e)}`)
    }
    const { deps } = this.ctx
    await deps.keywords.removePaper(paperId).catch(() => undefined)
    await deps.vectors.removePaper(paperId).catch(() => undefined)
    await this.ctx.catalog
      .update(paperId, {
        status: 'error',
        error,
        chunks: 0,
        embedderId: null,
        chunkerId: null,
        indexedAt: null
      })
      .catch((saveError: unknown) =>
        deps.log?.(`could not record the failure of ${paperId}: ${String(saveError)}`)
      )
    this.ctx.progress(paperId, 'error', 1, 1)
    this.ctx.changed()
  }
}

function labelOf(paper: Paper): string {
  if (paper.source.kind === 'file') return `"${paper.source.fileName}"`
  return `arXiv ${paper.source.arxivId}`
}

function failure(e: unknown, label: string, cancelled: boolean): AppError {
  if (cancelled)
    return { code: 'CANCELLED', message: `Indexing ${label} was cancelled. Retry to index it.` }
  return toAppError(e, `while indexing ${label}`)
}
