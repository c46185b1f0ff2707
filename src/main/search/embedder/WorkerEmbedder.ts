import { throwIfAborted } from '../../errors'
import { WorkerClient } from '../../workers/WorkerClient'
import type { Embedder } from '../types'
import type { EmbedderApi, EmbedderInfo, WorkerInit } from './embedderProtocol'
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

/**
 * The app's {@link Embedder}: a {@link TransformersEmbedder} in a worker thread, fed one batch
 * at a time.
 * @remarks Model calls take tens of milliseconds per batch; off the main thread the UI and IPC
 * stay responsive while a library is ingested, and a cancel takes effect at the next batch.
 * A worker that dies takes the embedder with it (every later call fails); the provider starts
 * a new one.
 */
export class WorkerEmbedder implements Embedder {
  private constructor(
    readonly id: string,
    readonly dims: number,
    private readonly client: WorkerClient<EmbedderApi>,
    private readonly batchSize: number
  ) {}

  /** Starts the worker and waits until the model is loaded; throws `MODEL_MISSING` if it cannot. */
  static async start(deps: WorkerEmbedderDeps): Promise<WorkerEmbedder> {
    keepOnnxRuntimeOffline()
    const workerData: WorkerInit = { modelDir: deps.modelDir, options: deps.options ?? {} }
    const client = new WorkerClient<EmbedderApi>({
      name: 'embedder',
      script: () => deps.script ?? embedderWorkerScript(),
      workerData,
      restart: { kind: 'stayDown' },
      keepAlive: true
    })
    const ready = (await client.start()) as EmbedderInfo
    const batchSize = deps.options?.batchSize ?? DEFAULT_EMBEDDER_OPTIONS.batchSize
    return new WorkerEmbedder(ready.id, ready.dims, client, batchSize)
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = []
    for (let start = 0; start < texts.length; start += this.batchSize) {
      throwIfAborted(signal, { key: 'cancelledEmbedding' })
      out.push(
        ...(await this.client.call('embed', { texts: texts.slice(start, start + this.batchSize) }))
      )
    }
    return out
  }

  /** Wordpieces per text (special tokens excluded), counted by the model's own tokenizer. */
  countWordpieces(texts: string[]): Promise<number[]> {
    return this.client.call('count', { texts })
  }

  async close(): Promise<void> {
    await this.client.call('close', null).catch(() => undefined)
    await this.client.close()
  }
}
