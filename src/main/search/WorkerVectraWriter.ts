import { Worker } from 'node:worker_threads'
import { workerOptions, workerScript, type WorkerScript } from '../workerScript'
import type { PaperVectorsInput } from './vectraFile'
import type { VectraWarmUpRequest, VectraWriteRequest, VectraWriteResponse } from './vectraWorker'

/** Writes one paper's Vectra index file. */
export interface PaperIndexWriter {
  write(input: PaperVectorsInput): Promise<void>
  /** Gets ready to write (optional): nothing happens until the first write otherwise. */
  warmUp?(): void
  close(): Promise<void>
}

type Pending = { resolve: () => void; reject: (e: Error) => void }

/** Finds the Vectra writer worker (`vectraWorker.js` in the bundle, `.ts` from source). */
export function vectraWorkerScript(moduleDir: string = __dirname): WorkerScript {
  return workerScript('vectraWorker', moduleDir)
}

/**
 * Writes Vectra index files in a worker thread, started on the first write.
 * @remarks Keeps the ~0.7 s vectra import and the JSON/array work of its writes off the main
 * thread, so ingestion never freezes the UI. An idle worker does not keep the process alive; a
 * worker that dies fails the writes in flight (the paper gets DISK_WRITE_FAILED upstream) and
 * the next write starts a new one.
 */
export class WorkerVectraWriter implements PaperIndexWriter {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private next = 0

  constructor(private readonly script: () => WorkerScript = () => vectraWorkerScript()) {}

  write(input: PaperVectorsInput): Promise<void> {
    const w = this.start()
    const requestId = ++this.next
    return new Promise<void>((resolve, reject) => {
      this.pending.set(requestId, { resolve, reject })
      w.ref()
      // A copy is posted (not transferred) so the caller's vectors stay usable.
      w.postMessage({ requestId, input } satisfies VectraWriteRequest)
    })
  }

  /**
   * Starts the worker and its vectra import now, so the first paper's write does not wait ~0.8 s
   * for them while the embedder sits idle. An idle worker still does not keep the process alive.
   */
  warmUp(): void {
    if (this.worker) return
    const w = this.start()
    w.postMessage({ warmUp: true } satisfies VectraWarmUpRequest)
    w.unref()
  }

  async close(): Promise<void> {
    const w = this.worker
    this.worker = null
    if (w) await w.terminate()
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const script = this.script()
    const w = new Worker(script.source, workerOptions(script))
    this.worker = w
    w.on('message', (m: VectraWriteResponse) => {
      const p = this.pending.get(m.requestId)
      this.pending.delete(m.requestId)
      if (this.pending.size === 0) w.unref()
      if (!p) return
      if (m.ok) p.resolve()
      else p.reject(Object.assign(new Error(m.message), { code: m.code }))
    })
    const fail = (e: Error): void => {
      if (this.worker === w) this.worker = null
      for (const p of this.pending.values()) p.reject(e)
      this.pending.clear()
    }
    w.on('error', fail)
    w.on('exit', (code) => fail(new Error(`the vector writer stopped (exit code ${code})`)))
    return w
  }
}
