import { Worker } from 'node:worker_threads'
import { CancelledError, type ErrorText } from '../errors'
import { workerOptions, type WorkerScript } from '../workerScript'
import { fromWireError, type FromWorker, type ToWorker, type WorkerApi } from './protocol'

/**
 * What happens to calls in flight when the worker dies (a crash, memory exhausted, an exit):
 * - `retryOnce`: each is sent once more to a new worker; a second death fails it with
 *   `gaveUp(label, reason)` (the PDF reader: a PDF may crash pdf.js, the next one gets a fresh
 *   worker);
 * - `failCalls`: they fail (with `gaveUp(label, reason)` when given); the next call starts a new
 *   worker (the vector writer, OCR);
 * - `stayDown`: they fail, and so does every later call (the embedder: its model is loaded
 *   once; the provider starts a new one).
 */
export type RestartPolicy =
  | { kind: 'retryOnce'; gaveUp: (label: string, reason: string) => Error }
  | { kind: 'failCalls'; gaveUp?: (label: string, reason: string) => Error }
  | { kind: 'stayDown' }

/** How a {@link WorkerClient} starts and treats its worker. */
export interface WorkerClientOptions {
  /** Named in errors: "the embedder worker stopped (exit code 1)". */
  name: string
  /** Found when the worker first starts. */
  script: () => WorkerScript
  workerData?: unknown
  restart: RestartPolicy
  /**
   * Keep the process alive while the worker is idle (default false: an idle worker does not
   * keep the CLI or a test run from exiting).
   */
  keepAlive?: boolean
}

/** Options of one call. */
export interface CallOptions<I, E> {
  /** Cancels the call: the worker is told, and the call rejects with CANCELLED. */
  signal?: AbortSignal
  /** Events the worker sends while it runs the call (progress, partial results). */
  onEvent?: (event: E) => void
  /** Names the call in messages ("\"a.pdf\""). */
  label?: string
  /**
   * Buffers to move rather than copy, taken from a fresh copy of the input made per send (so a
   * call sent again after a crash still has its bytes, and the caller keeps its own).
   */
  transfer?: (input: I) => { input: I; transfer: ArrayBuffer[] }
}

interface Pending {
  method: string
  input: unknown
  options: CallOptions<unknown, unknown>
  retried: boolean
  resolve: (output: unknown) => void
  reject: (e: Error) => void
}

/**
 * The one client for the app's worker threads: request ids, transfer lists, cancel, a restart
 * policy and error rebuilding, typed by the worker's {@link WorkerApi}. The worker side is
 * {@link serveWorker}.
 * @remarks The worker starts on the first call (or {@link start}/{@link warmUp}); it runs calls
 * concurrently unless it serialises them itself.
 */
export class WorkerClient<Api extends WorkerApi> {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private next = 0
  private down: Error | null = null
  private ready: Promise<unknown> | null = null

  constructor(private readonly options: WorkerClientOptions) {}

  /** Calls `method` in the worker. */
  call<M extends keyof Api & string>(
    method: M,
    input: Api[M]['input'],
    options: CallOptions<Api[M]['input'], Api[M]['event']> = {}
  ): Promise<Api[M]['output']> {
    if (this.down) return Promise.reject(this.down)
    const { signal } = options
    if (signal?.aborted) return Promise.reject(new CancelledError(this.what(options.label)))
    return new Promise((resolve, reject) => {
      const id = ++this.next
      const onAbort = (): void => {
        if (!this.pending.delete(id)) return
        this.worker?.postMessage({ type: 'cancel', id } satisfies ToWorker)
        this.idleCheck()
        reject(new CancelledError(this.what(options.label)))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const settle =
        <T>(f: (x: T) => void) =>
        (x: T): void => {
          signal?.removeEventListener('abort', onAbort)
          f(x)
        }
      this.pending.set(id, {
        method,
        input,
        options: options as CallOptions<unknown, unknown>,
        retried: false,
        resolve: settle(resolve as (x: unknown) => void),
        reject: settle(reject)
      })
      this.send(id)
    })
  }

  /**
   * Starts the worker and waits for it to say it is ready (its `init` done); resolves with what
   * `init` reported, rejects with its error (the worker is then stopped).
   */
  start(): Promise<unknown> {
    if (this.down) return Promise.reject(this.down)
    this.spawn()
    return this.ready!
  }

  /** The error that stopped a `stayDown` worker for good (every call now fails with it), else null. */
  stopped(): Error | null {
    return this.down
  }

  /** Starts the worker now, without waiting and without keeping the process alive. */
  warmUp(): void {
    if (this.worker || this.down) return
    this.spawn()
    this.idleCheck()
  }

  /** Stops the worker; a later call starts a new one (unless the policy is `stayDown`). */
  async close(): Promise<void> {
    if (this.options.restart.kind === 'stayDown')
      this.down ??= new Error(`the ${this.options.name} worker stopped (closed)`)
    const w = this.worker
    this.worker = null
    this.ready = null
    await w?.terminate()
  }

  /** What was cancelled, as a catalog message ("Reading "a.pdf" was cancelled."). */
  private what(label?: string): ErrorText {
    return label ? { key: 'cancelledReading', params: { file: label } } : { key: 'cancelled' }
  }

  private send(id: number): void {
    const p = this.pending.get(id)!
    const w = this.spawn()
    w.ref()
    const { input, transfer } = p.options.transfer?.(p.input) ?? { input: p.input, transfer: [] }
    w.postMessage({ type: 'call', id, method: p.method, input } satisfies ToWorker, transfer)
  }

  private spawn(): Worker {
    if (this.worker) return this.worker
    const script = this.options.script()
    const w = new Worker(script.source, {
      ...workerOptions(script),
      workerData: this.options.workerData
    })
    this.worker = w
    let readyNow!: (info: unknown) => void
    let failedNow!: (e: Error) => void
    this.ready = new Promise((resolve, reject) => {
      readyNow = resolve
      failedNow = reject
    })
    this.ready.catch(() => undefined)
    w.on('message', (m: FromWorker) => {
      if (m.type === 'ready') return readyNow(m.info)
      if (m.type === 'startFailed') {
        const e = fromWireError(m.error)
        failedNow(e)
        void this.died(w, e, e.message, true)
        return
      }
      const p = this.pending.get(m.id)
      if (!p) return
      if (m.type === 'event') return p.options.onEvent?.(m.event)
      this.pending.delete(m.id)
      this.idleCheck()
      if (m.type === 'error') p.reject(fromWireError(m.error))
      else p.resolve(m.output)
    })
    w.on('error', (e) => {
      failedNow(e)
      void this.died(w, e, e.message, false)
    })
    w.on('exit', (code) => {
      const e = new Error(`the ${this.options.name} worker stopped (exit code ${code})`)
      failedNow(e)
      void this.died(w, e, `exit code ${code}`, false)
    })
    return w
  }

  // `reason` is what `gaveUp` is told ("exit code 9"); `e` is the error otherwise.
  private async died(w: Worker, e: Error, reason: string, terminate: boolean): Promise<void> {
    if (this.worker !== w) return
    this.worker = null
    this.ready = null
    if (terminate) await w.terminate()
    const policy = this.options.restart
    if (policy.kind === 'stayDown') this.down = e
    for (const [id, p] of [...this.pending]) {
      if (policy.kind === 'retryOnce' && !p.retried) {
        p.retried = true
        this.send(id)
        continue
      }
      this.pending.delete(id)
      const gaveUp = policy.kind === 'stayDown' ? undefined : policy.gaveUp
      p.reject(gaveUp ? gaveUp(p.options.label ?? `The ${this.options.name} request`, reason) : e)
    }
    this.idleCheck()
  }

  // An idle worker must not keep the process (the CLI, a test run) alive.
  private idleCheck(): void {
    if (this.pending.size === 0 && !this.options.keepAlive) this.worker?.unref()
  }
}
