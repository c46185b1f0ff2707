import { workerData } from 'node:worker_threads'
import { lowerThreadPriority } from '../../threadPriority'
import { serveWorker } from '../../workers/serveWorker'
import type { EmbedderApi, EmbedderInfo, WorkerInit } from './embedderProtocol'
import { TransformersEmbedder } from './TransformersEmbedder'

/**
 * Worker-thread entry: loads a {@link TransformersEmbedder} and serves embed requests one at a
 * time, so ONNX Runtime never blocks the main process's event loop.
 * @remarks Emitted as its own file in the bundle (`out/main/embedderWorker.js`, an extra rollup
 * input); run from source through tsx in development and tests.
 */
const init = workerData as WorkerInit
// Before the model loads, so ONNX Runtime's threads inherit it (see lowerThreadPriority).
lowerThreadPriority('belowNormal')

serveWorker<EmbedderApi, TransformersEmbedder>({
  init: () => TransformersEmbedder.load(init.modelDir, init.options),
  info: (embedder): EmbedderInfo => ({ id: embedder.id, dims: embedder.dims }),
  // Requests run strictly one after another: the main side already sends one batch at a time.
  serial: true,
  methods: {
    embed: ({ texts }, embedder) => embedder.embed(texts),
    count: ({ texts }, embedder) => embedder.countWordpieces(texts),
    close: async (_input, embedder) => {
      await embedder.close()
      return null
    }
  },
  transferOut: { embed: (vectors) => vectors.map((v) => v.buffer as ArrayBuffer) }
})
