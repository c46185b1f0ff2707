import { execFile } from 'node:child_process'
import { symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { extractionWorkerScript } from '../src/main/ingest/extractionWorkerScript'
import { WorkerPdfReader } from '../src/main/ingest/WorkerPdfReader'
import { embedderWorkerScript } from '../src/main/search/embedder/embedderWorkerScript'
import { ModelEmbedderProvider } from '../src/main/search/embedder/ModelEmbedderProvider'
import type { WorkerEmbedderOptions } from '../src/main/search/embedder/WorkerEmbedder'
import { vectraWorkerScript, WorkerVectraWriter } from '../src/main/search/WorkerVectraWriter'

/** Which worker code the bench runs. */
export type WorkersKind = 'built' | 'source'

/**
 * Builds the app with electron-vite into `<root>/out` and returns its `out/main`.
 * @remarks The app runs its workers (extraction, embedder, Vectra writer) from this bundle
 * under plain Node options; the same workers started from source go through tsx, which costs
 * about a second at start-up that the app never pays. A fresh build, so the bench never runs
 * a stale `out/`; `node_modules` is linked beside it, where the bundle resolves its externals.
 */
export async function buildWorkers(root: string): Promise<string> {
  await promisify(execFile)('npx', ['electron-vite', 'build', '--outDir', join(root, 'out')], {
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
    maxBuffer: 16 * 2 ** 20
  })
  await symlink(join(__dirname, '..', 'node_modules'), join(root, 'node_modules'), 'dir')
  return join(root, 'out', 'main')
}

/** The worker-backed parts, from `workerDir` when given, else from source. */
export const benchWorkers = {
  reader: (workerDir: string | null) =>
    new WorkerPdfReader({ script: workerDir ? extractionWorkerScript(workerDir) : undefined }),
  vectraWriter: (workerDir: string | null) =>
    workerDir ? new WorkerVectraWriter(() => vectraWorkerScript(workerDir)) : undefined,
  embedderProvider: (
    dataDir: string,
    modelDir: string,
    workerDir: string | null,
    options?: WorkerEmbedderOptions
  ) =>
    new ModelEmbedderProvider({
      dataDir,
      env: { RESEARCHPAL_MODEL_DIR: modelDir },
      appRoot: null,
      script: workerDir ? embedderWorkerScript(workerDir) : undefined,
      options
    })
}
