import { Worker } from 'node:worker_threads'
import type { ErrorCode } from '../../../shared/errors'
import { throwIfAborted, UserFacingError } from '../../errors'
import type { Embedder } from '../types'
import type { WorkerError, WorkerInit, WorkerRequest, WorkerResponse } from './embedderProtocol'
import { workerOptions } from '../../workerScript'
import { embedderWorkerScript, type WorkerScript } from './embedderWorkerScript'
import { keepOnnxRuntimeOffline } from './onnxRuntimeOffline'
import { DEFAULT_EMBEDDER_OPTIONS, type TransformersEmbedderOptions } from './TransformersEmbedder'

/** What {@link WorkerEmbedder.start} needs. */
export interface WorkerEmbedderDeps {
  modelDir: string
  options?: TransformersEmbedderOptions
  /** Where the worker code is; found next to this module by default. */
  script?: WorkerScript
}

type Pending = { resolve: (r: WorkerResponse) => void; reject: (e: Error) => void }

/**
 * The app's {@link Embedder}: a {@link TransformersEmbedder} in a worker thread, fed one batch
 * at a time.
 * @remarks Model calls take tens of milliseconds per batch; off the main thread the UI and IPC
 * stay responsive while a library is ingested, and a cancel takes effect at the next batch.
 */
export class WorkerEmbedder implements Embedder {
  private readonly pending = new Map<number, Pending>()
  private nextRequest = 0
  private exitError: Error | null = null

  private constructor(
    readonly id: string,
    readonly dims: number,
    private readonly worker: Worker,
    private readonly batchSize: number
  ) {
    worker.on('message', (m: WorkerResponse) => {
      if (m.type === 'ready' || m.requestId === null) return
      const p = this.pending.get(m.requestId)
      this.pending.delete(m.requestId)
      if (m.type === 'failed') p?.reject(fromWorkerError(m.error))
      else p?.resolve(m)
    })
    const fail = (e: Error): void => {
      this.exitError = e
      for (const p of this.pending.values()) p.reject(e)
      this.pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the embedder worker stopped (exit code ${code})`)))
  }

  /** Starts the worker and waits until the model is loaded; throws `MODEL_MISSING` if it cannot. */
  static async start(deps: WorkerEmbedderDeps): Promise<WorkerEmbedder> {
    keepOnnxRuntimeOffline()
    const script = deps.script ?? embedderWorkerScript()
    const workerData: WorkerInit = { modelDir: deps.modelDir, options: deps.options ?? {} }
    const worker = new Worker(script.source, { ...workerOptions(script), workerData })
    const listeners: {
      message?: (m: WorkerResponse) => void
      error?: (e: Error) => void
      exit?: (c: number) => void
    } = {}
    const ready = await new Promise<{ id: string; dims: number }>((resolve, reject) => {
      listeners.message = (m) => {
        if (m.type === 'ready') resolve(m)
        else if (m.type === 'failed' && m.requestId === null) reject(fromWorkerError(m.error))
      }
      listeners.error = reject
      listeners.exit = (code) =>
        reject(new Error(`the embedder worker exited (code ${code}) while loading`))
      worker
        .on('message', listeners.message)
        .on('error', listeners.error)
        .on('exit', listeners.exit)
    })
      .catch(async (e: unknown) => {
        await worker.terminate()
        throw e
      })
      .finally(() => {
        // Only our own listeners: a Worker keeps internal ones that must stay.
        worker
          .off('message', listeners.message!)
          .off('error', listeners.error!)
          .off('exit', listeners.exit!)
      })
    const batchSize = deps.options?.batchSize ?? DEFAULT_EMBEDDER_OPTIONS.batchSize
    return new WorkerEmbedder(ready.id, ready.dims, worker, batchSize)
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = []
    for (let start = 0; start < texts.length; start += this.batchSize) {
      throwIfAborted(signal, { key: 'cancelledEmbedding' })
      const r = await this.request({
        type: 'embed',
        requestId: 0,
        texts: texts.slice(start, start + this.batchSize)
      })
      if (r.type !== 'vectors') throw new Error(`unexpected worker answer ${r.type}`)
      out.push(...r.vectors)
    }
    return out
  }

  /** Wordpieces per text (special tokens excluded), counted by the model's own tokenizer. */
  async countWordpieces(texts: string[]): Promise<number[]> {
    const r = await this.request({ type: 'count', requestId: 0, texts })
    if (r.type !== 'counts') throw new Error(`unexpected worker answer ${r.type}`)
    return r.counts
  }

  async close(): Promise<void> {
    if (this.exitError) return
    await this.request({ type: 'close', requestId: 0 }).catch(() => undefined)
    await this.worker.terminate()
  }

  private request(message: WorkerRequest): Promise<WorkerResponse> {
    if (this.exitError) return Promise.reject(this.exitError)
    const requestId = ++this.nextRequest
    return new Promise((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject })
      this.worker.postMessage({ ...message, requestId })
    })
  }
}

function fromWorkerError(e: WorkerError): Error {
  const error = e.code
    ? new UserFacingError(e.code as ErrorCode, e.text ?? e.message)
    : new Error(e.message)
  if (e.stack) error.stack = e.stack
  return error
}
