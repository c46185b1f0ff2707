import { join } from 'node:path'
import { MODEL_DIR_NAME, missingModelFiles } from './modelFiles'

/** Where to look for the model folder. */
export interface ModelSearchOptions {
  /** The library's data dir (userData, or `--data-dir`): `<dataDir>/models/all-MiniLM-L6-v2`. */
  dataDir: string
  /** The process environment; `RESEARCHPAL_MODEL_DIR` wins when set. */
  env?: NodeJS.ProcessEnv
  /** The repository root in development: `<appRoot>/resources/models/all-MiniLM-L6-v2`. */
  appRoot?: string | null
  /** Electron's `process.resourcesPath` in a packaged app: `<it>/models/all-MiniLM-L6-v2`. */
  resourcesPath?: string | null
}

/**
 * The folders that may hold the model, in the order they are tried.
 * @remarks An explicit `RESEARCHPAL_MODEL_DIR` comes first (tests, benchmarks, a user's own
 * copy); then a model the user dropped into the data dir; then the copy shipped with the app.
 */
export function modelSearchPaths(options: ModelSearchOptions): string[] {
  const env = options.env ?? process.env
  const paths: string[] = []
  const explicit = env.RESEARCHPAL_MODEL_DIR?.trim()
  if (explicit) paths.push(explicit)
  paths.push(join(options.dataDir, 'models', MODEL_DIR_NAME))
  if (options.appRoot) paths.push(join(options.appRoot, 'resources', 'models', MODEL_DIR_NAME))
  if (options.resourcesPath) paths.push(join(options.resourcesPath, 'models', MODEL_DIR_NAME))
  return paths
}

/** The first folder of {@link modelSearchPaths} holding every required file, or null. */
export function locateModel(options: ModelSearchOptions): string | null {
  return modelSearchPaths(options).find((dir) => missingModelFiles(dir).length === 0) ?? null
}
