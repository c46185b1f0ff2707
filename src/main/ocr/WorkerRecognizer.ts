import { Worker } from 'node:worker_threads'
import type { ErrorCode } from '../../shared/errors'
import type { Region } from '../../shared/types'
import { CancelledError, UserFacingError } from '../errors'
import { workerOptions, workerScript, type WorkerScript } from '../workerScript'
import type { OcrRequest, OcrResponse } from './ocrProtocol'
import type { PageImager, PageRecognizer, RecognizedPage, RecognizeOptions } from './PageRecognizer'

/** Finds the OCR worker (`ocrWorker.js` in the bundle, `.ts` from source). */
export function ocrWorkerScript(moduleDir: string = __dirname): WorkerScript {
  return workerScript('ocrWorker', moduleDir)
}

type Request = OcrRequest extends infer R
  ? R extends { requestId: number; type: 'recognize' | 'png' }
    ? Omit<R, 'requestId'>
    : never
  : never

interface Pending {
  onPage?: (done: number, total: number) => void
  resolve: (r: OcrResponse) => void
  reject: (e: Error) => void
}

/**
 * {@link PageRecognizer} and {@link PageImager} in a worker thread at the lowest priority, with
 * progress per page and cancel.
 * @remarks Started on first use (a library of text PDFs never starts it); an idle worker does
 * not keep the process alive. If the worker dies (Tesseract out of memory on a huge page) the
 * request fails with a reason, and the next one gets a new worker.
 */
export class WorkerRecognizer implements PageRecognizer, PageImager {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private next = 0

  constructor(private readonly script: () => WorkerScript = () => ocrWorkerScript()) {}

  async recognize(
    bytes: Uint8Array,
    pages: readonly number[],
    options: RecognizeOptions
  ): Promise<RecognizedPage[]> {
    const label = options.label ?? 'This PDF'
    const r = await this.request(
      { type: 'recognize', bytes, pages: [...pages], languages: [...options.languages], label },
      label,
      options.signal,
      options.onPage
    )
    if (r.type !== 'recognized') throw new Error(`unexpected OCR answer ${r.type}`)
    return r.pages
  }

  async pagePng(
    bytes: Uint8Array,
    page: number,
    width: number,
    label?: string,
    region?: Region
  ): Promise<Uint8Array> {
    const r = await this.request(
      { type: 'png', bytes, page, width, label, ...(region && { region }) },
      label ?? 'This PDF'
    )
    if (r.type !== 'png') throw new Error(`unexpected OCR answer ${r.type}`)
    return r.png
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
    signal?: AbortSignal,
    onPage?: (done: number, total: number) => void
  ): Promise<OcrResponse> {
    if (signal?.aborted) return Promise.reject(new CancelledError(`Reading ${label}`))
    return new Promise((resolve, reject) => {
      const requestId = ++this.next
      const onAbort = (): void => {
        if (!this.pending.delete(requestId)) return
        this.worker?.postMessage({ type: 'cancel', requestId } satisfies OcrRequest)
        this.idleCheck()
        reject(new CancelledError(`Reading ${label}`))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const settle =
        <T>(f: (x: T) => void) =>
        (x: T) => {
          signal?.removeEventListener('abort', onAbort)
          f(x)
        }
      this.pending.set(requestId, { onPage, resolve: settle(resolve), reject: settle(reject) })
      const w = this.start(label)
      w.ref()
      // The caller keeps its bytes: the worker gets its own copy, moved rather than cloned.
      const copy = request.bytes.slice()
      w.postMessage({ ...request, bytes: copy, requestId }, [copy.buffer as ArrayBuffer])
    })
  }

  private start(label: string): Worker {
    if (this.worker) return this.worker
    const script = this.script()
    const w = new Worker(script.source, workerOptions(script))
    this.worker = w
    w.on('message', (m: OcrResponse) => {
      const p = this.pending.get(m.requestId)
      if (!p) return
      if (m.type === 'page') return p.onPage?.(m.done, m.total)
      this.pending.delete(m.requestId)
      this.idleCheck()
      if (m.type === 'failed') {
        const error = m.error.code
          ? new UserFacingError(m.error.code as ErrorCode, m.error.message)
          : new Error(m.error.message)
        if (m.error.stack) error.stack = m.error.stack
        p.reject(error)
      } else p.resolve(m)
    })
    const died = (reason: string): void => {
      if (this.worker !== w) return
      this.worker = null
      for (const [id, p] of [...this.pending]) {
        this.pending.delete(id)
        p.reject(
          new UserFacingError(
            'PDF_UNREADABLE',
            `${label} could not be read: OCR stopped while reading its scanned pages (${reason}). The scan may be too large; try a smaller or clearer copy.`
          )
        )
      }
    }
    w.on('error', (e) => died(e.message))
    w.on('exit', (code) => died(`exit code ${code}`))
    return w
  }

  // An idle worker must not keep the process (the CLI, a test run) alive.
  private idleCheck(): void {
    if (this.pending.size === 0) this.worker?.unref()
  }
}
