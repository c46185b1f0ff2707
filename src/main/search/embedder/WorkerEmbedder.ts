import { throwIfAborted } from '../../errors'
import { WorkerPool } from '../../workers/WorkerPool'
import type { EmbedOptions, Embedder } from '../types'
import type { EmbedderApi, EmbedderInfo, WorkerInit } from './embedderProtocol'
import { embedderWorkerScript, type WorkerScript } from './embedderWorkerScript'
import { keepOnnxRuntimeOffline } from './onnxRuntimeOffline'
import { DEFAULT_EMBEDDER_OPTIONS, type TransformersEmbedderOptions } from './TransformersEmbedder'

/** How the app runs its embedder: the model's options, and how many workers run it. */
export interface WorkerEmbedderOptions extends TransformersEmbedderOptions {
  /**
   * Embedder workers, each with its own copy of the model and `threads` ONNX Runtime threads;
   * batches go to whichever is free (1 by default).
   */
  workers?: number
}

/** What {@link WorkerEmbedder.start} needs. */
export interface WorkerEmbedderDeps {
  modelDir: string
  options?: WorkerEmbedderOptions
  /** Where the worker code is; found next to this module by default. */
  script?: WorkerScript
}

/**
 * The app's {@link Embedder}: a {@link TransformersEmbedder} in one or more worker threads
 * (a {@link WorkerPool}), fed one batch per worker at a time.
 * @remarks Model calls take tens of milliseconds per batch; off the main thread the UI and IPC
 * stay responsive while a library is ingested, and a cancel takes effect at the next batch.
 * With several workers a long call's batches run on all of them at once, and a query (an
 * `interactive` call) goes ahead of ingestion's queued batches. A worker that dies is left out;
 * when none is left every later call fails (the provider starts a new embedder).
 */
export class WorkerEmbedder implements Embedder {
  private constructor(
    readonly id: string,
    readonly dims: number,
    private readonly pool: WorkerPool<EmbedderApi>,
    private readonly batchSize: number
  ) {}

  /** Starts the workers and waits until each has its model loaded; `MODEL_MISSING` if not. */
  static async start(deps: WorkerEmbedderDeps): Promise<WorkerEmbedder> {
    keepOnnxRuntimeOffline()
    const { workers = 1, ...options } = deps.options ?? {}
    const workerData: WorkerInit = { modelDir: deps.modelDir, options }
    const pool = new WorkerPool<EmbedderApi>(
      {
        name: 'embedder',
        script: () => deps.script ?? embedderWorkerScript(),
        workerData,
        restart: { kind: 'stayDown' },
        keepAlive: true
      },
      workers
    )
    const ready = (await pool.start()) as EmbedderInfo
    const batchSize = options.batchSize ?? DEFAULT_EMBEDDER_OPTIONS.batchSize
    return new WorkerEmbedder(ready.id, ready.dims, pool, batchSize)
  }

  /** The number of workers: batches computed at once. */
  get parallel(): number {
    return this.pool.size
  }

  async embed(
    texts: string[],
    signal?: AbortSignal,
    options: EmbedOptions = {}
  ): Promise<Float32Array[]> {
    throwIfAborted(signal, { key: 'cancelledEmbedding' })
    const parts: Promise<Float32Array[]>[] = []
    for (let start = 0; start < texts.length; start += this.batchSize) {
      const batch = texts.slice(start, start + this.batchSize)
      parts.push(this.pool.call('embed', { texts: batch }, { signal, priority: options.priority }))
    }
    // Queued batches left behind by a failure are cancelled with the caller's signal, if any.
    const done = await Promise.all(parts)
    return done.flat()
  }

  /** Wordpieces per text (special tokens excluded), counted by the model's own tokenizer. */
  countWordpieces(texts: string[]): Promise<number[]> {
    return this.pool.call('count', { texts })
  }

  /** Answers every call already made (a search in flight survives a restart), then stops. */
  async close(): Promise<void> {
    await this.pool.drain()
    await this.pool.broadcast('close', null)
    await this.pool.close()
  }
}
