import { workerScript, type WorkerScript } from '../../workerScript'

export type { WorkerScript }

/** Finds the embedder worker (`embedderWorker.js` in the bundle, `.ts` from source). */
export function embedderWorkerScript(moduleDir: string = __dirname): WorkerScript {
  return workerScript('embedderWorker', moduleDir)
}
