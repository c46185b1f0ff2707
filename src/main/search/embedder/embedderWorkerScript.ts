import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** How to start the embedder worker: a built `.js` file, or the `.ts` source through tsx. */
export interface WorkerScript {
  /** The first argument for `new Worker`. */
  source: string
  /** True when `source` is code to evaluate rather than a file path. */
  eval: boolean
  /** The worker file that ends up running. */
  file: string
}

/**
 * Finds the embedder worker next to this module, in the bundle or in the source tree.
 * @remarks In the electron-vite bundle this module is inlined into `out/main/index.js` (or one
 * of its chunks) and the worker is emitted as `out/main/embedderWorker.js`, an extra rollup
 * input. From source (tsx, vitest) the worker is `embedderWorker.ts` beside this file and is
 * started through tsx's require hook, since plain Node cannot resolve extensionless imports.
 */
export function embedderWorkerScript(moduleDir: string = __dirname): WorkerScript {
  for (const dir of [moduleDir, join(moduleDir, '..')]) {
    const built = join(dir, 'embedderWorker.js')
    if (existsSync(built)) return { source: built, eval: false, file: built }
  }
  const ts = join(moduleDir, 'embedderWorker.ts')
  if (existsSync(ts)) {
    const tsxApi = createRequire(join(moduleDir, 'noop.js')).resolve('tsx/cjs/api')
    const code = `require(${JSON.stringify(tsxApi)}).register();\nrequire(${JSON.stringify(ts)})`
    return { source: code, eval: true, file: ts }
  }
  throw new Error(
    `embedder worker not found next to ${moduleDir} (expected embedderWorker.js or .ts)`
  )
}
