import { WorkerClient } from '../workers/WorkerClient'
import { workerScript, type WorkerScript } from '../workerScript'
import type { PaperVectorsInput } from './vectraFile'
import type { VectraWriterApi } from './vectraWorker'

/** Writes one paper's Vectra index file. */
export interface PaperIndexWriter {
  write(input: PaperVectorsInput): Promise<void>
  /** Gets ready to write (optional): nothing happens until the first write otherwise. */
  warmUp?(): void
  close(): Promise<void>
}

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
  private readonly client: WorkerClient<VectraWriterApi>

  constructor(script: () => WorkerScript = () => vectraWorkerScript()) {
    this.client = new WorkerClient({
      name: 'vector writer',
      script,
      restart: { kind: 'failCalls' }
    })
  }

  // A copy is posted (not transferred) so the caller's vectors stay usable.
  async write(input: PaperVectorsInput): Promise<void> {
    await this.client.call('write', input)
  }

  /**
   * Starts the worker and its vectra import now, so the first paper's write does not wait ~0.8 s
   * for them while the embedder sits idle. An idle worker still does not keep the process alive.
   */
  warmUp(): void {
    this.client.warmUp()
  }

  close(): Promise<void> {
    return this.client.close()
  }
}
