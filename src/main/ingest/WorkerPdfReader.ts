import { Worker } from 'node:worker_threads'
import type { ErrorCode } from '../../shared/errors'
import type { Chunk, PageText } from '../domain'
import { CancelledError, UserFacingError } from '../errors'
import type { ChunkOptions } from './chunker'
import type { ExtractionError, ExtractionRequest, ExtractionResponse } from './extractionProtocol'
import { workerOptions } from '../workerScript'
import { extractionWorkerScript, type ExtractionWorkerScript } from './extractionWorkerScript'
import type { ExtractedPaper } from './extractPaper'
import type { PaperProcessor, ProcessOptions } from './PaperProcessor'
import type { PdfContent, PdfReader, PdfReadOptions } from './PdfReader'
import type { SectionMark } from './sections'

/** What {@link WorkerPdfReader} can be given; everything has a default. */
export interface WorkerPdfReaderDeps {
  /** Where the worker code is; found next to this module by default. */
  script?: ExtractionWorkerScript
}

type Request = ExtractionRequest extends infer R
  ? R extends { requestId: number }
    ? Omit<R, 'requestId'>
    : never
  : never

interface Pending {
  request: Request
  label: string
  retried: boolean
  onPage?: (done: number, total: number) => void
  onOcrPage?: (done: number, total: number) => void
  onChunks?: (chunks: Chunk[]) => void
  resolve: (r: ExtractionResponse) => void
  reject: (e: Error) => void
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
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private nextRequest = 0

  constructor(private readonly deps: WorkerPdfReaderDeps = {}) {}

  async read(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfContent> {
    const label = options.label ?? 'This file'
    const r = await this.request({ type: 'read', bytes, label }, label, options)
    if (r.type !== 'read') throw new Error(`unexpected extraction answer ${r.type}`)
    return r.content
  }

  async extract(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ExtractedPaper> {
    const label = options.label ?? 'This PDF'
    const { early } = options
    const request: Request = {
      type: 'extract',
      bytes,
      label,
      early: early && { paperId: early.paperId, options: early.options },
      ...(options.ocr && { ocr: { languages: [...options.ocr.languages] } })
    }
    const r = await this.request(request, label, options)
    if (r.type !== 'extracted') throw new Error(`unexpected extraction answer ${r.type}`)
    return r.paper
  }

  async chunk(
    paperId: string,
    pages: PageText[],
    marks: SectionMark[],
    options: ChunkOptions
  ): Promise<Chunk[]> {
    const request: Request = {
      type: 'chunk',
      paperId,
      pages,
      marks,
      options: { chunkTokens: options.chunkTokens, chunkOverlap: options.chunkOverlap }
    }
    const r = await this.request(request, `Paper ${paperId}`, {})
    if (r.type !== 'chunks') throw new Error(`unexpected extraction answer ${r.type}`)
    return r.chunks
  }

  /**
   * Starts the worker now, so pdf.js and the tokenizer are loaded before the first paper.
   * @remarks Optional (the first read starts it anyway); costs the main thread nothing. An idle
   * worker does not keep the process alive.
   */
  warmUp(): void {
    if (this.worker) return
    this.start()
    this.idleCheck()
  }

  /** Stops the worker; a later call starts a new one. */
  async close(): Promise<void> {
    const w = this.worker
    this.worker = null
    await w?.terminate()
  }

  private request(
    request: Request,
    label: string,
    options: ProcessOptions
  ): Promise<ExtractionResponse> {
    const { signal } = options
    if (signal?.aborted) return Promise.reject(new CancelledError(`Reading ${label}`))
    return new Promise((resolve, reject) => {
      const requestId = ++this.nextRequest
      const onAbort = (): void => {
        if (!this.pending.delete(requestId)) return
        this.worker?.postMessage({ type: 'cancel', requestId } satisfies ExtractionRequest)
        this.idleCheck()
        reject(new CancelledError(`Reading ${label}`))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const done =
        <T>(f: (x: T) => void) =>
        (x: T) => {
          signal?.removeEventListener('abort', onAbort)
          f(x)
        }
      this.pending.set(requestId, {
        request,
        label,
        retried: false,
        onPage: options.onPage,
        onOcrPage: options.ocr?.onPage,
        onChunks: options.early?.onChunks,
        resolve: done(resolve),
        reject: done(reject)
      })
      this.send(requestId)
    })
  }

  private send(requestId: number): void {
    const p = this.pending.get(requestId)!
    const w = this.start()
    w.ref()
    if ('bytes' in p.request) {
      // The caller keeps its bytes: the worker gets its own copy, moved rather than cloned.
      const bytes = p.request.bytes.slice()
      w.postMessage({ ...p.request, bytes, requestId }, [bytes.buffer as ArrayBuffer])
    } else {
      w.postMessage({ ...p.request, requestId })
    }
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const script = this.deps.script ?? extractionWorkerScript()
    const w = new Worker(script.source, workerOptions(script))
    this.worker = w
    w.on('message', (m: ExtractionResponse) => {
      const p = this.pending.get(m.requestId)
      if (!p) return
      if (m.type === 'page') return p.onPage?.(m.done, m.total)
      if (m.type === 'ocrPage') return p.onOcrPage?.(m.done, m.total)
      // After a crash the retry sends its pages again; receivers skip chunk ids they have.
      if (m.type === 'pageChunks') return p.onChunks?.(m.chunks)
      this.pending.delete(m.requestId)
      this.idleCheck()
      if (m.type === 'failed') p.reject(fromWorkerError(m.error))
      else p.resolve(m)
    })
    const died = (reason: string): void => {
      if (this.worker !== w) return
      this.worker = null
      this.crashed(reason)
    }
    w.on('error', (e) => died(e.message))
    w.on('exit', (code) => died(`exit code ${code}`))
    return w
  }

  // Everything in flight is retried once in a new worker; what was already retried fails.
  private crashed(reason: string): void {
    for (const [id, p] of [...this.pending]) {
      if (!p.retried) {
        p.retried = true
        this.send(id)
        continue
      }
      this.pending.delete(id)
      p.reject(
        new UserFacingError(
          'PDF_UNREADABLE',
          `${p.label} could not be read: the PDF reader stopped while reading it (${reason}). The PDF may be damaged or too large; try another copy of it.`
        )
      )
    }
    this.idleCheck()
  }

  // An idle worker must not keep the process (the CLI, a test run) alive.
  private idleCheck(): void {
    if (this.pending.size === 0) this.worker?.unref()
  }
}

function fromWorkerError(e: ExtractionError): Error {
  const error = e.code ? new UserFacingError(e.code as ErrorCode, e.message) : new Error(e.message)
  if (e.stack) error.stack = e.stack
  return error
}
