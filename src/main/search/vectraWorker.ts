import { parentPort } from 'node:worker_threads'
import { lowerThreadPriority } from '../threadPriority'
import { loadVectra, writeVectraFile, type PaperVectorsInput } from './vectraFile'

/** A write request from {@link WorkerVectraWriter}. */
export interface VectraWriteRequest {
  requestId: number
  input: PaperVectorsInput
}

/** Asks the worker to import vectra now, before the first write needs it. No answer. */
export interface VectraWarmUpRequest {
  warmUp: true
}

/** The answer to one write request. */
export type VectraWriteResponse =
  { requestId: number; ok: true } | { requestId: number; ok: false; message: string; code?: string }

const port = parentPort
if (!port) throw new Error('vectraWorker must run in a worker thread')
// Writes happen while the next paper is embedded; the embedder comes first.
lowerThreadPriority()
port.on('message', (m: VectraWriteRequest | VectraWarmUpRequest) => {
  if ('warmUp' in m) {
    // A failed import shows up, with its reason, in the first write.
    loadVectra().catch(() => undefined)
    return
  }
  writeVectraFile(m.input).then(
    () => port.postMessage({ requestId: m.requestId, ok: true } satisfies VectraWriteResponse),
    (e: unknown) =>
      port.postMessage({
        requestId: m.requestId,
        ok: false,
        message: e instanceof Error ? e.message : String(e),
        code: (e as NodeJS.ErrnoException).code
      } satisfies VectraWriteResponse)
  )
})
