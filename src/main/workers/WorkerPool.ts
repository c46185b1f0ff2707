import { CancelledError } from '../errors'
import type { WorkerApi } from './protocol'
import { WorkerClient, type CallOptions, type WorkerClientOptions } from './WorkerClient'

/**
 * Who is waiting for a call: a person (a search query: served before anything queued behind it)
 * or background work (ingestion batches: served in order, after every waiting interactive call).
 */
export type CallPriority = 'interactive' | 'background'

/** Options of one pool call. */
export interface PoolCallOptions<I, E> extends CallOptions<I, E> {
  /** `interactive` by default. */
  priority?: CallPriority
}

interface Queued {
  method: string
  input: unknown
  options: PoolCallOptions<unknown, unknown>
  resolve: (output: unknown) => void
  reject: (e: unknown) => void
  /** Removes the abort listener of a call still queued. */
  detach: () => void
}

/**
 * `size` copies of one worker, each behind its own {@link WorkerClient}, fed one call at a time:
 * a call goes to whichever worker is free, else waits here (interactive calls ahead of
 * background ones) until one is.
 * @remarks Data parallelism for a worker that serves one call at a time (the embedder: two
 * workers with one ONNX Runtime thread each have no intra-op synchronisation to wait on). Since
 * every worker holds at most one call, a query waits at most for the batch already running, never
 * for a queue of them. A worker that stays down after dying (the `stayDown` policy) is left out;
 * calls fail only once every worker is down.
 */
export class WorkerPool<Api extends WorkerApi> {
  private readonly clients: WorkerClient<Api>[]
  private readonly busy: boolean[]
  private readonly dead: (Error | null)[]
  private readonly queue: Queued[] = []
  /** Every call not yet settled (queued or running). */
  private readonly outstanding = new Set<Promise<unknown>>()
  private closed: Error | null = null

  private readonly name: string

  constructor(
    options: WorkerClientOptions,
    /** How many workers (at least 1). */
    readonly size: number
  ) {
    const n = Math.max(1, Math.floor(size))
    this.size = n
    this.name = options.name
    this.clients = Array.from({ length: n }, () => new WorkerClient<Api>(options))
    this.busy = this.clients.map(() => false)
    this.dead = this.clients.map(() => null)
  }

  /** Calls `method` in the first free worker (queued until one is). */
  call<M extends keyof Api & string>(
    method: M,
    input: Api[M]['input'],
    options: PoolCallOptions<Api[M]['input'], Api[M]['event']> = {}
  ): Promise<Api[M]['output']> {
    const { signal } = options
    if (signal?.aborted) return Promise.reject(new CancelledError())
    const down = this.closed ?? this.allDown()
    if (down) return Promise.reject(down)
    const call = new Promise<Api[M]['output']>((resolve, reject) => {
      const entry: Queued = {
        method,
        input,
        options: options as PoolCallOptions<unknown, unknown>,
        resolve: resolve as (output: unknown) => void,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort)
      }
      const onAbort = (): void => {
        const at = this.queue.indexOf(entry)
        if (at < 0) return // already with a worker: its client cancels it
        this.queue.splice(at, 1)
        reject(new CancelledError())
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      if ((options.priority ?? 'interactive') === 'interactive') {
        const firstBackground = this.queue.findIndex(
          (q) => (q.options.priority ?? 'interactive') === 'background'
        )
        this.queue.splice(firstBackground < 0 ? this.queue.length : firstBackground, 0, entry)
      } else this.queue.push(entry)
      this.pump()
    })
    const settled = call.then(
      () => undefined,
      () => undefined
    )
    this.outstanding.add(settled)
    void settled.then(() => this.outstanding.delete(settled))
    return call
  }

  /**
   * Takes no new call (each fails as the stopped worker's would), then waits until every call
   * already made, queued or running, has been answered: a search sent before a restart still
   * gets its vector.
   */
  async drain(): Promise<void> {
    this.closed ??= new Error(`the ${this.name} worker stopped (closed)`)
    await Promise.allSettled([...this.outstanding])
  }

  /**
   * Starts every worker and waits until all are ready; resolves with the first one's report.
   * If one fails to start, all are stopped and its error is thrown.
   */
  async start(): Promise<unknown> {
    try {
      const infos = await Promise.all(this.clients.map((c) => c.start()))
      return infos[0]
    } catch (e) {
      await this.close()
      throw e
    }
  }

  /** Calls `method` once in every live worker (closing them, say), in parallel. */
  async broadcast<M extends keyof Api & string>(
    method: M,
    input: Api[M]['input']
  ): Promise<PromiseSettledResult<Api[M]['output']>[]> {
    return Promise.allSettled(this.clients.map((c) => c.call(method, input)))
  }

  /** Stops every worker; calls still queued fail (see {@link drain} to let them finish first). */
  async close(): Promise<void> {
    this.closed ??= new Error(`the ${this.name} worker stopped (closed)`)
    for (const q of this.queue.splice(0)) {
      q.detach()
      q.reject(new CancelledError())
    }
    await Promise.all(this.clients.map((c) => c.close()))
  }

  /** Workers serving a call now (for tests and figures). */
  active(): number {
    return this.busy.filter(Boolean).length
  }

  private allDown(): Error | null {
    return this.dead.every((d) => d !== null) ? this.dead[0]! : null
  }

  private pump(): void {
    for (;;) {
      if (this.queue.length === 0) return
      const down = this.allDown()
      if (down) {
        for (const q of this.queue.splice(0)) {
          q.detach()
          q.reject(down)
        }
        return
      }
      const i = this.busy.findIndex((b, k) => !b && this.dead[k] === null)
      if (i < 0) return
      const q = this.queue.shift()!
      q.detach()
      this.busy[i] = true
      const client = this.clients[i]! as unknown as WorkerClient<WorkerApi>
      client
        .call(q.method, q.input, q.options)
        .then(q.resolve, (e: unknown) => {
          // A worker that stays down answers every later call with the same error.
          if (!(e instanceof CancelledError) && client.stopped()) this.dead[i] = client.stopped()
          q.reject(e)
        })
        .finally(() => {
          this.busy[i] = false
          this.pump()
        })
    }
  }
}
