import { workerScript, type WorkerScript } from '../workerScript'

/** How to start the extraction worker. */
export type ExtractionWorkerScript = WorkerScript

/** Finds the extraction worker (`extractionWorker.js` in the bundle, `.ts` from source). */
export function extractionWorkerScript(moduleDir: string = __dirname): ExtractionWorkerScript {
  return workerScript('extractionWorker', moduleDir)
}
