import { isUserFacing } from '../errors'

/** How long the app must have been left alone before it measures (a minute). */
export const IDLE_BEFORE_MEASURING_MS = 60_000

/** What {@link IdleTuning} needs from the app. */
export interface IdleTuningDeps {
  /** True while nothing measured on this machine is in force. */
  needsMeasuring(): boolean
  /** True when there is something to measure with (an embedding model). */
  canMeasure(): boolean
  /** True while papers are being added (the app is not idle). */
  ingesting(): boolean
  /** The library's own PDFs to measure on, newest first; empty when there are none yet. */
  pdfs(): string[]
  /** Runs the measurement (the one a folder import runs); stops between trials on `signal`. */
  measure(pdfs: readonly string[], signal: AbortSignal): Promise<unknown>
  log(message: string): void
  idleMs?: number
}

/**
 * Measures this machine's ingestion settings once, in the background, after the app has been
 * left alone for a while with papers in the library, so that papers added a few at a time are
 * ingested with measured settings too, not only a folder import.
 * @remarks Anything the user does ({@link activity}: a question, a search, papers added) starts
 * the wait again, and stops a measurement already running at its next trial; it is tried again
 * at the next idle minute. The measurement is the folder import's own (end to end on the
 * library's newest PDFs, about 20 s on a 2-core laptop), and once it has succeeded nothing more
 * is measured. A measurement that fails (no text in the PDFs, the model gone) is logged and not
 * retried until the app starts again.
 */
export class IdleTuning {
  private timer: ReturnType<typeof setTimeout> | null = null
  private running: { controller: AbortController; done: Promise<void> } | null = null
  private failed = false
  private closed = false

  constructor(private readonly deps: IdleTuningDeps) {}

  /** Starts waiting for an idle moment (at start-up, when papers may already be there). */
  start(): void {
    this.arm()
  }

  /** The user did something: wait again, and stop a measurement that is running. */
  activity(): void {
    this.running?.controller.abort()
    this.arm()
  }

  /** Stops a running measurement and waits until it has stopped (before a folder import's own). */
  async stop(): Promise<void> {
    this.clear()
    const running = this.running
    running?.controller.abort()
    await running?.done
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stop()
  }

  /** True while a measurement runs. */
  measuring(): boolean {
    return this.running !== null
  }

  private arm(): void {
    this.clear()
    if (this.closed || this.failed || !this.deps.needsMeasuring()) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.run()
    }, this.deps.idleMs ?? IDLE_BEFORE_MEASURING_MS)
    // Waiting must never keep a process (the CLI, a test) alive.
    this.timer.unref?.()
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private async run(): Promise<void> {
    const { deps } = this
    if (this.closed || this.failed || !deps.needsMeasuring()) return
    if (this.running) return this.arm()
    if (!deps.canMeasure()) return
    if (deps.ingesting()) return this.arm()
    const pdfs = deps.pdfs()
    if (pdfs.length === 0) return
    const controller = new AbortController()
    let finish = (): void => {}
    this.running = { controller, done: new Promise<void>((resolve) => (finish = resolve)) }
    deps.log('measuring ingestion settings while the app is idle')
    try {
      await deps.measure(pdfs, controller.signal)
      deps.log('ingestion settings measured; later papers are ingested with them')
    } catch (e) {
      if (controller.signal.aborted || isUserFacing(e, 'CANCELLED')) {
        deps.log('measuring ingestion settings postponed: the app is in use')
      } else {
        this.failed = true
        deps.log(`measuring ingestion settings failed; the defaults stay: ${String(e)}`)
      }
    } finally {
      this.running = null
      finish()
    }
    // Stopped by activity: that activity has already started the wait again.
  }
}
