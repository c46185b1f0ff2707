import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** How to start a worker: a built `.js` file, or the `.ts` source through tsx. */
export interface WorkerScript {
  /** The first argument for `new Worker`. */
  source: string
  /** True when `source` is code to evaluate rather than a file path. */
  eval: boolean
  /** The worker file that ends up running. */
  file: string
}

/**
 * The options for `new Worker(script.source, ...)`.
 * @remarks A built worker gets no inherited Node options: run from a dev process (tsx, the
 * bench, the packaging tests) it would otherwise inherit tsx's loader and pay ~0.5 s at start
 * to put every module, pdf.js included, through it, which the app never does. Source workers
 * keep the parent's options (their TypeScript needs the loader).
 */
export function workerOptions(script: WorkerScript): { eval: boolean; execArgv?: string[] } {
  return script.eval ? { eval: true } : { eval: false, execArgv: [] }
}

/**
 * Finds the worker `name` next to the calling module, in the bundle or in the source tree.
 * @remarks In the electron-vite bundle the caller is inlined into `out/main/index.js` (or a
 * chunk below it) and each worker is emitted as `out/main/<name>.js`, an extra rollup input.
 * From source (tsx, vitest) the worker is `<name>.ts` beside the caller and is started through
 * tsx's require hook, since plain Node cannot resolve the extensionless imports. Callers pass
 * their own `__dirname`, so the lookup is relative to them, not to this file.
 */
export function workerScript(name: string, moduleDir: string): WorkerScript {
  for (const dir of [moduleDir, join(moduleDir, '..')]) {
    const built = join(dir, `${name}.js`)
    if (existsSync(built)) return { source: built, eval: false, file: built }
  }
  const ts = join(moduleDir, `${name}.ts`)
  if (existsSync(ts)) {
    const tsxApi = createRequire(join(moduleDir, 'noop.js')).resolve('tsx/cjs/api')
    const code = `require(${JSON.stringify(tsxApi)}).register();\nrequire(${JSON.stringify(ts)})`
    return { source: code, eval: true, file: ts }
  }
  throw new Error(`${name} worker not found next to ${moduleDir} (expected ${name}.js or .ts)`)
}
