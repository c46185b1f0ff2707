import type { EventHub } from './events'
import type { DataPaths } from './paths'

/**
 * What every feature's `open(ctx)` is given by the composition root (`services.ts`).
 * @remarks Each feature adds what else it needs to this in its own `XOpenContext`, naming the
 * services it is built on by the narrowest type that serves, so a feature never imports the
 * composition root or a feature beside it.
 */
export interface OpenContext {
  paths: DataPaths
  /** This process only reads the data folder (it holds no writer lock). */
  readOnly: boolean
  env: NodeJS.ProcessEnv
  log: (message: string) => void
  /** The one hub every push to the windows, the CLI or the e2e page goes through. */
  events: EventHub
  /** A folder with the built workers (`out/main`), or undefined: each found beside its module. */
  workerDir: string | undefined
}
