import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** How to start the extraction worker: a built `.js` file, or the `.ts` source through tsx. */
export interface ExtractionWorkerScript {
  /** The first argument for `new Worker`. */
  source: string
  /** True when `source` is code to evaluate rather than a file path. */
  eval: boolean
  /** The worker file that ends up running. */
  file: string
}

/**
 * Finds the extraction worker next to this module, in the bundle or in the source tree.
 * @remarks Same layout as the embedder worker: in the electron-vite bundle this module is
 * inlined into `out/main/index.js` (or a chunk below it) and the worker is emitted as
 * `out/main/extractionWorker.js`, an extra rollup input. From source (tsx, vitest) it is
 * `extractionWorker.ts` beside this file, started through tsx's require hook.
 */
export function extractionWorkerScript(moduleDir: string = __dirname): ExtractionWorkerScript {
  for (const dir of [moduleDir, join(moduleDir, '..')]) {
    const built = join(dir, 'extractionWorker.js')
    if (existsSync(built)) return { source: built, eval: false, file: built }
  }
  const ts = join(moduleDir, 'extractionWorker.ts')
  if (existsSync(ts)) {
    const tsxApi = createRequire(join(moduleDir, 'noop.js')).resolve('tsx/cjs/api')
    const code = `require(${JSON.stringify(tsxApi)}).register();\nrequire(${JSON.stringify(ts)})`
    return { source: code, eval: true, file: ts }
  }
  throw new Error(
    `extraction worker not found next to ${moduleDir} (expected extractionWorker.js or .ts)`
  )
}
