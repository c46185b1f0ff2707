import type { AppError } from '../../../shared/errors'
import type { Paper, PaperStatus } from '../../../shared/types'
import type { Chunk, PageText } from '../../domain'
import { isUserFacing, throwIfAborted, toAppError, UserFacingError } from '../../errors'
import { downloadArxivPdf } from '../arxivDownload'
import { parseArxivId } from '../arxivId'
import type { Catalog } from '../Catalog'
import type { LibraryDeps } from '../libraryDeps'
import { mergeMetadata } from '../metadataMerge'
import { DamagedFileError, type PaperFiles } from '../PaperFiles'
import type { Embedder } from '../../search/types'
import { ChunkFeed, type EarlyVectors } from '../../ingest/ChunkFeed'
import { embedChunks, type ChunkVector } from '../../ingest/embedChunks'
import type { ExtractedPaper } from '../../ingest/extractPaper'
import { chunkerIdOf, DEFAULT_EMBED_BATCH, sha256Hex } from '../../ingest/ingestIds'
import type { Pass, StageWork, Ticket } from '../../ingest/IngestLine'
import { paperProcessorFor, type PaperProcessor } from '../../ingest/PaperProcessor'
import { marksFromSpans, type SectionMark } from '../../ingest/sections'

export { chunkerIdOf, DEFAULT_EMBED_BATCH, sha256Hex } from '../../ingest/ingestIds'

/** What the pipeline needs from the service that owns it. */
export interface PipelineContext {
  deps: LibraryDeps
  catalog: Catalog
  files: PaperFiles
  /**
   * `ocr`: the counts are of scanned pages being recognised; `title`: the paper's title as its
   * record will have it, sent once the PDF's text is read (before the record is written).
   */
  progress(
    paperId: string,
    stage: PaperStatus,
    done: number,
    total: number,
    extra?: { ocr?: boolean; title?: string }
  ): void
  changed(): void
  /** Clears vectors made by another embedder and queues re-embedding (never a mixed index). */
  matchEmbedder(embedder: Embedder): Promise<void>
  /** True while the service shuts down: interrupted papers keep their stage and resume later. */
  closing(): boolean
}

/** A paper's text and chunks. `extracted` is null when the text came from its stored pages. */
interface Prepared {
  chunks: Chunk[]
  extracted: ExtractedPaper | null
}

/** What the read stage hands to the embed stage, as soon as reading starts. */
export interface ReadPaper {
  /** Each page's chunks as the page is read (null: the chunks are all known already). */
  early: ChunkFeed | null
  /** The paper's final chunks, once every page is read. */
  prepared: Promise<Prepared>
}

/** What the embed stage hands to the write stage. */
export interface EmbeddedPaper {
  prepared: Prepared
  /** Null without a model (keyword search only until one appears). */
  embedder: Embedder | null
  vectors: ChunkVector[] | null
}

/**
 * The per-paper work of each ingestion stage: read (download, extract, chunk) → embed → write
 * (page text, metadata, keyword and vector indexes, `indexed`).
 * @remarks The catalog says `indexed` only after every file and index write has finished, so a
 * crash at any point leaves a non-final status that is resumed on the next start. Run by an
 * {@link IngestLine}, which moves papers between the stages through bounded queues.
 */
export class IngestPipeline implements StageWork<ReadPaper, EmbeddedPaper> {
  private readonly processor: PaperProcessor

  constructor(private readonly ctx: PipelineContext) {
    this.processor = paperProcessorFor(ctx.deps.reader, ctx.deps.recognizer ?? null)
  }

  async read({ job, signal }: Ticket, pass: Pass<ReadPaper>): Promise<void> {
    const paper = this.ctx.catalog.get(job.paperId)
    if (!paper) return
    if (job.kind === 'embed') {
      if (paper.status !== 'indexed') return
      // Re-chunked from its stored text; missing or damaged text: read again from the PDF.
      const text = await this.ctx.files.readPages(paper.id).catch((e: unknown) => {
        if (e instanceof DamagedFileError) return null
        throw e
      })
      if (text) {
        const byPage = new Map(text.pages.map((p) => [p.page, p.text]))
        const marks = marksFromSpans(paper.sections, (n) => byPage.get(n) ?? '')
        const chunks = await this.chunk(paper.id, text.pages, marks)
        return pass({ early: null, prepared: Promise.resolve({ chunks, extracted: null }) })
      }
    }
    this.getReadyToEmbed()
    const bytes = await this.acquire(paper, signal)
    throwIfAborted(signal, { key: 'cancelledIndexing', params: { file: labelOf(paper) } })
    const early = new ChunkFeed()
    let done!: (p: Prepared) => void
    let failed!: (e: unknown) => void
    const prepared = new Promise<Prepared>((resolve, reject) => {
      done = resolve
      failed = reject
    })
    prepared.catch(() => undefined) // the embed stage may not be waiting for it yet
    // Handed on before reading, so the embedder works on the first pages while the rest are read.
    await pass({ early, prepared })
    try {
      await this.setStatus(paper.id, 'extracting')
      const label = labelOf(paper)
      const { chunkTokens, chunkOverlap, ocrLanguages } = this.ctx.deps.settings()
      const extracted = await this.processor.extract(bytes, {
        label,
        signal,
        onPage: (d, total) => this.ctx.progress(paper.id, 'extracting', d, total),
        ocr: {
          languages: ocrLanguages,
          onPage: (d, total) => this.ctx.progress(paper.id, 'extracting', d, total, { ocr: true })
        },
        early: { paperId: paper.id, options: { chunkTokens, chunkOverlap }, onChunks: early.feed }
      })
      throwIfAborted(signal, { key: 'cancelledIndexing', params: { file: label } })
      this.announceTitle(paper.id, extracted)
      done({ extracted, chunks: await this.chunk(paper.id, extracted.pages, extracted.marks) })
    } catch (e) {
      failed(e)
      throw e
    } finally {
      early.end()
    }
  }

  /**
   * Tells the UI the title the PDF gives (as the record will take it: a title typed by hand or
   * from arXiv stays), as soon as the text is read.
   * @remarks The record itself is written with the pages once the passages are embedded; until
   * then a row would show the file name or the arXiv id.
   */
  private announceTitle(paperId: string, extracted: ExtractedPaper): void {
    const latest = this.ctx.catalog.get(paperId)
    if (!latest) return
    const title = mergeMetadata(latest, extracted.metadata, 'pdf').title ?? latest.title
    const pages = extracted.pages.length
    if (title) this.ctx.progress(paperId, 'extracting', pages, pages, { title })
  }

  async embed({ job, signal }: Ticket, read: ReadPaper, pass: Pass<EmbeddedPaper>): Promise<void> {
    const { paperId } = job
    const model = await this.ctx.deps.embedder.current().catch(() => null)
    // Vectors on disk for unchanged chunk texts are kept, not computed again (early or late).
    const stored = model ? this.storedVectors(paperId, model) : new Map()
    const early =
      read.early && model ? await this.embedEarly(read.early, signal, model, stored) : null
    const prepared = await read.prepared
    throwIfAborted(signal, { key: 'cancelledIndexing', params: { file: paperId } })
    const embedder = await this.ctx.deps.embedder.current()
    if (!embedder) return pass({ prepared, embedder: null, vectors: null })
    await this.ctx.matchEmbedder(embedder)
    // The catalog says `embedding` before any embedding progress is announced.
    await this.setStatus(paperId, 'embedding')
    const { chunks } = prepared
    const done: EarlyVectors = model === embedder ? stored : new Map()
    if (early?.embedder === embedder) for (const [id, v] of early.vectors) done.set(id, v)
    try {
      const vectors = await embedChunks(embedder, chunks, {
        batch: this.batchSize(),
        done,
        signal,
        onProgress: (n) => this.ctx.progress(paperId, 'embedding', n, chunks.length)
      })
      await pass({ prepared, embedder, vectors })
    } catch (e) {
      // The model went away mid-way: keep the paper searchable by keyword; backfill later.
      if (!isUserFacing(e, 'MODEL_MISSING') || signal.aborted) throw e
      this.ctx.deps.log?.(`embedding ${paperId} skipped: ${e.message}`)
      await pass({ prepared, embedder: null, vectors: null })
    }
  }

  async write({ job, signal }: Ticket, { prepared, embedder, vectors }: EmbeddedPaper) {
    const { paperId } = job
    const { deps, catalog } = this.ctx
    const { extracted, chunks } = prepared
    throwIfAborted(signal, { key: 'cancelledIndexing', params: { file: paperId } })
    if (extracted) {
      await this.ctx.files.writePages({ paperId, pages: extracted.pages })
      const meta = extracted.metadata
      // The record as it is now: the user may have edited it while the PDF was read.
      const latest = catalog.get(paperId)
      if (!latest) return
      await catalog.update(paperId, {
        ...mergeMetadata(latest, meta, 'pdf'),
        arxivId: latest.arxivId ?? meta.arxivId,
        pages: extracted.pages.length,
        sections: extracted.sections,
        ocr: extracted.ocr
      })
    }
    await deps.keywords.putPaper(paperId, chunks)
    if (embedder && vectors) await deps.vectors.putPaper(paperId, embedder.id, vectors)
    // Keyword search only until the model appears; backfillVectors() fills this in.
    else await deps.vectors.removePaper(paperId)
    throwIfAborted(signal, { key: 'cancelledIndexing', params: { file: paperId } })
    await catalog.update(paperId, {
      status: 'indexed',
      error: null,
      chunks: chunks.length,
      indexedAt: new Date().toISOString(),
      embedderId: embedder && vectors ? embedder.id : null,
      chunkerId: chunkerIdOf(deps.settings())
    })
    this.ctx.progress(paperId, 'indexed', 1, 1)
    this.ctx.changed()
  }

  /** Records why a paper failed and takes its partial chunks out of search. */
  async fail({ job, signal }: Ticket, e: unknown): Promise<void> {
    const { paperId } = job
    const paper = this.ctx.catalog.get(paperId)
    if (!paper) return
    // An embedder or fetch stopped by the signal throws its own AbortError; it is still a cancel.
    const cancelled = isUserFacing(e, 'CANCELLED') || signal.aborted
    if (cancelled && this.ctx.closing()) return
    const error = failure(e, labelOf(paper), cancelled)
    const { deps } = this.ctx
    if (error.code === 'INTERNAL') {
      deps.log?.(`ingest ${paperId} failed: ${e instanceof Error ? e.stack : String(e)}`)
    }
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

  /**
   * Embeds the chunks of each page as it is read, a full batch at a time, until reading ends;
   * what is left is embedded with the rest. Nothing is written and no progress is announced: a
   * paper that turns out to be unreadable only wastes the work, and a failure here is not
   * reported (the final pass embeds what is missing).
   * @remarks One batch in flight per embedder worker ({@link Embedder.parallel}), so two
   * workers both have work while the paper is read.
   */
  private async embedEarly(
    feed: ChunkFeed,
    signal: AbortSignal,
    embedder: Embedder,
    stored: EarlyVectors
  ): Promise<{ embedder: Embedder; vectors: EarlyVectors }> {
    const vectors: EarlyVectors = new Map()
    const size = Math.max(1, this.batchSize())
    let failed = false
    const lane = async (): Promise<void> => {
      while (!failed) {
        const batch = await feed.next(size)
        if (!batch || signal.aborted) return
        const part = batch.filter((c) => stored.get(c.id)?.text !== c.text)
        if (part.length === 0) continue
        try {
          const out = await embedder.embed(
            part.map((c) => c.text),
            signal,
            { priority: 'background' }
          )
          part.forEach((c, i) => {
            const vector = out[i]
            if (vector) vectors.set(c.id, { text: c.text, vector })
          })
        } catch {
          failed = true
        }
      }
    }
    await Promise.all(Array.from({ length: Math.max(1, embedder.parallel ?? 1) }, lane))
    return { embedder, vectors }
  }

  /**
   * Vectors already on disk for this paper from this embedder, with the text each was made
   * from: a chunk whose text is unchanged keeps its vector instead of being embedded again
   * (a catalog rebuilt from the folder re-reads every PDF but re-embeds nothing intact).
   */
  private storedVectors(paperId: string, embedder: Embedder): EarlyVectors {
    const out: EarlyVectors = new Map()
    const { vectors, keywords } = this.ctx.deps
    const stored = vectors.storedVectors?.(paperId)
    if (!stored || stored.embedderId !== embedder.id || !keywords.storedChunks) return out
    for (const c of keywords.storedChunks(paperId)) {
      const vector = stored.vectors.get(c.id)
      if (vector && vector.length === embedder.dims) out.set(c.id, { text: c.text, vector })
    }
    return out
  }

  /**
   * Loads the model (when there is one) and starts the vector writer while the PDF is read;
   * otherwise the writer (~0.8 s to start and import vectra) would start only when the first
   * vectors are ready. Idempotent; a failure shows where it matters, later.
   */
  private getReadyToEmbed(): void {
    void this.ctx.deps.embedder
      .current()
      .then((e) => e && this.ctx.deps.vectors.warmUp?.())
      .catch(() => undefined)
  }

  private async acquire(paper: Paper, signal: AbortSignal): Promise<Uint8Array> {
    const stored = await this.ctx.files.readPdf(paper.id)
    if (stored) return stored
    if (paper.source.kind !== 'arxiv') {
      throw new UserFacingError('NOT_FOUND', {
        key: 'pdfMissing',
        params: { title: paper.title, id: paper.id }
      })
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
      throw new UserFacingError('DUPLICATE', {
        key: 'samePdfAsTwin',
        params: { id: paper.source.arxivId, title: twin.title, twinId: twin.id }
      })
    }
    await this.ctx.files.writePdf(paper.id, bytes)
    await this.ctx.catalog.update(paper.id, { sha256: sha })
    return bytes
  }

  private chunk(paperId: string, pages: PageText[], marks: SectionMark[]): Promise<Chunk[]> {
    return this.processor.chunk(paperId, pages, marks, this.ctx.deps.settings())
  }

  private batchSize(): number {
    return this.ctx.deps.embedBatchSize ?? DEFAULT_EMBED_BATCH
  }

  private async setStatus(paperId: string, status: PaperStatus): Promise<void> {
    await this.ctx.catalog.update(paperId, { status, error: null })
    this.ctx.changed()
  }
}

/** How a paper is named in messages: its file name or its arXiv id. */
function labelOf(paper: Paper): string {
  if (paper.source.kind === 'file') return `"${paper.source.fileName}"`
  if (paper.source.kind === 'reference') return `"${paper.title}"`
  return `arXiv ${paper.source.arxivId}`
}

function failure(e: unknown, label: string, cancelled: boolean): AppError {
  if (cancelled)
    return toAppError(
      new UserFacingError('CANCELLED', { key: 'indexingCancelled', params: { file: label } })
    )
  return toAppError(e, `while indexing ${label}`)
}
