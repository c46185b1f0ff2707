import { parentPort, workerData } from 'node:worker_threads'
import { isUserFacing } from '../../errors'
import { lowerThreadPriority } from '../../threadPriority'
import type { WorkerError, WorkerInit, WorkerRequest, WorkerResponse } from './embedderProtocol'
import { TransformersEmbedder } from './TransformersEmbedder'

/**
 * Worker-thread entry: loads a {@link TransformersEmbedder} and serves embed requests one at a
 * time, so ONNX Runtime never blocks the main process's event loop.
 * @remarks Emitted as its own file in the bundle (`out/main/embedderWorker.js`, an extra rollup
 * input); run from source through tsx in development and tests.
 */
const port = parentPort
if (!port) throw new Error('embedderWorker must run in a worker thread')
const init = workerData as WorkerInit
// Before the model loads, so ONNX Runtime's threads inherit it (see lowerThreadPriority).
lowerThreadPriority('belowNormal')

const send = (message: WorkerResponse): void => {
  const transfer =
    message.type === 'vectors' ? message.vectors.map((v) => v.buffer as ArrayBuffer) : []
  port.postMessage(message, transfer)
}

const toWorkerError = (e: unknown): WorkerError => ({
  message: e instanceof Error ? e.message : String(e),
  code: isUserFacing(e) ? e.code : null,
  text: isUserFacing(e) ? e.text : undefined,
  stack: e instanceof Error ? e.stack : undefined
})

const ready = TransformersEmbedder.load(init.modelDir, init.options)
ready.then(
  (embedder) => send({ type: 'ready', id: embedder.id, dims: embedder.dims }),
  (e: unknown) => send({ type: 'failed', requestId: null, error: toWorkerError(e) })
)

// Requests run strictly one after another: the main side already sends one batch at a time.
let queue: Promise<void> = Promise.resolve()
port.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      const embedder = await ready
      if (request.type === 'embed') {
        const vectors = await embedder.embed(request.texts)
        send({ type: 'vectors', requestId: request.requestId, vectors })
      } else if (request.type === 'count') {
        send({
          type: 'counts',
          requestId: request.requestId,
          counts: embedder.countWordpieces(request.texts)
        })
      } else {
        await embedder.close()
        send({ type: 'closed', requestId: request.requestId })
      }
    } catch (e) {
      send({ type: 'failed', requestId: request.requestId, error: toWorkerError(e) })
    }
  })
})
