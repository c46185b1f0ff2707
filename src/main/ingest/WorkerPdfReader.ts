import type { Chunk, PageText } from '../domain'
import { UserFacingError } from '../errors'
import { WorkerClient } from '../workers/WorkerClient'
import type { ChunkOptions } from './chunker'
import type { ExtractionApi, ExtractionEvent } from './extractionProtocol'
import { extractionWorkerScript, type ExtractionWorkerScript } from './extractionWorkerScript'
import type { ExtractedPaper } from './extractPaper'
import type { PaperProcessor, ProcessOptions } from './PaperProcessor'
import type { PdfContent, PdfReader, PdfReadOptions } from '../pdf/PdfReader'
import type { SectionMark } from './sections'

/** What {@link WorkerPdfReader} can be given; everything has a default. */
export interface WorkerPdfReaderDeps {
  /** Where the worker code is; found next to this module by default. */
  script?: ExtractionWorkerScript
}

// The caller keeps its bytes: the worker gets its own copy, moved rather than cloned.
const moveBytesCopy = <I extends { bytes: Uint8Array }>(input: I) => {
  const bytes = input.bytes.slice()
  return { input: { ...input, bytes }, transfer: [bytes.buffer as ArrayBuffer] }
}

/**
 * {@link PdfReader} and {@link PaperProcessor} in a worker thread: pdf.js, cleanup, sections and
 * js-tiktoken chunking never run on the main thread.
 * @remarks On the main thread pdf.js stalled the event loop 20–250 ms per page and the
 * tokenizer's first build ~0.5 s, freezing IPC and progress while a library was ingested. The
 * worker starts on first use and does not keep the process alive when idle. If it dies (a PDF
 * that exhausts memory, a crash in pdf.js) the requests in flight are retried once in a new
 * worker; a second death fails that paper with PDF_UNREADABLE, and the next paper gets a fresh
 * worker.
 */
export class WorkerPdfReader implements PdfReader, PaperProcessor {
  private readonly client: WorkerClient<ExtractionApi>

  constructor(deps: WorkerPdfReaderDeps = {}) {
    this.client = new WorkerClient({
      name: 'PDF reader',
      script: () => deps.script ?? extractionWorkerScript(),
      restart: {
        kind: 'retryOnce',
        gaveUp: (label, reason) =>
          new UserFacingError('PDF_UNREADABLE', {
            key: 'pdfReaderStopped',
            params: { file: label, detail: reason }
          })
      }
    })
  }

  read(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfContent> {
    const label = options.label ?? 'This file'
    return this.client.call(
      'read',
      { bytes, label },
      { label, signal: options.signal, onEvent: events(options), transfer: moveBytesCopy }
    )
  }

  extract(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ExtractedPaper> {
    const label = options.label ?? 'This PDF'
    const { early } = options
    return this.client.call(
      'extract',
      {
        bytes,
        label,
        early: early && { paperId: early.paperId, options: early.options },
        ...(options.ocr && { ocr: { languages: [...options.ocr.languages] } })
      },
      { label, signal: options.signal, onEvent: events(options), transfer: moveBytesCopy }
    )
  }

  chunk(
    paperId: string,
    pages: PageText[],
    marks: SectionMark[],
    options: ChunkOptions
  ): Promise<Chunk[]> {
    const { chunkTokens, chunkOverlap } = options
    return this.client.call(
      'chunk',
      { paperId, pages, marks, options: { chunkTokens, chunkOverlap } },
      { label: `Paper ${paperId}` }
    )
  }

  /**
   * Starts the worker now, so pdf.js and the tokenizer are loaded before the first paper.
   * @remarks Optional (the first read starts it anyway); costs the main thread nothing. An idle
   * worker does not keep the process alive.
   */
  warmUp(): void {
    this.client.warmUp()
  }

  /** Stops the worker; a later call starts a new one. */
  close(): Promise<void> {
    return this.client.close()
  }
}

// After a crash the retry sends its pages again; receivers skip chunk ids they have.
function events(options: ProcessOptions): (e: ExtractionEvent) => void {
  return (e) => {
    if (e.type === 'page') options.onPage?.(e.done, e.total)
    else if (e.type === 'ocrPage') options.ocr?.onPage?.(e.done, e.total)
    else options.early?.onChunks(e.chunks)
  }
}
