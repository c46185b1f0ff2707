import { parentPort } from 'node:worker_threads'
import { writeVectraFile, type PaperVectorsInput } from './vectraFile'

/** A write request from {@link WorkerVectraWriter}. */
export interface VectraWriteRequest {
  requestId: number
  input: PaperVectorsInput
}

/** The answer to one write request. */
export type VectraWriteResponse =
  { requestId: number; ok: true } | { requestId: number; ok: false; message: string; code?: string }

const port = parentPort
if (!port) throw new Error('vectraWorker must run in a worker thread')
port.on('message', (m: VectraWriteRequest) => {
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
