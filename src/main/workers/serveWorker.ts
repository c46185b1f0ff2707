import { parentPort } from 'node:worker_threads'
import { toWireError, type FromWorker, type ToWorker, type WorkerApi } from './protocol'

/** What a method gets besides its input. */
export interface CallContext<E> {
  /** Fires when the caller cancels. */
  signal: AbortSignal
  /** Sends an event (progress, a partial result) to the caller. */
  emit(event: E): void
}

/** The worker side of a {@link WorkerApi}: one function per method. */
export type Methods<Api extends WorkerApi, C> = {
  [M in keyof Api]: (
    input: Api[M]['input'],
    context: C,
    call: CallContext<Api[M]['event']>
  ) => Promise<Api[M]['output']> | Api[M]['output']
}

/** How {@link serveWorker} runs a worker. */
export interface ServeOptions<Api extends WorkerApi, C> {
  /** Loads what the methods share (a model); reported to the client's `start()`. */
  init: () => Promise<C> | C
  /** What `start()` resolves with, from the loaded context. */
  info?: (context: C) => unknown
  methods: Methods<Api, C>
  /** Buffers of a result to move rather than copy (vectors). */
  transferOut?: { [M in keyof Api]?: (output: Api[M]['output']) => ArrayBuffer[] }
  /** One call at a time, in order (a model that is not re-entrant); default: concurrent. */
  serial?: boolean
}

/**
 * Serves a worker's methods to its {@link WorkerClient}: ids, cancel, events, errors sent in a
 * form the client rebuilds, and `init` run once before any call.
 */
export function serveWorker<Api extends WorkerApi, C>(options: ServeOptions<Api, C>): void {
  const port = parentPort
  if (!port) throw new Error('a worker script must run in a worker thread')
  const send = (m: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(m, transfer)
  const context = Promise.resolve().then(options.init)
  context.then(
    (c) => send({ type: 'ready', info: options.info?.(c) ?? null }),
    (e: unknown) => send({ type: 'startFailed', error: toWireError(e) })
  )
  const running = new Map<number, AbortController>()
  let queue: Promise<void> = Promise.resolve()

  const serve = async (m: Extract<ToWorker, { type: 'call' }>): Promise<void> => {
    const controller = new AbortController()
    running.set(m.id, controller)
    try {
      const c = await context
      const method = options.methods[m.method as keyof Api]
      if (!method) throw new Error(`this worker has no method ${m.method}`)
      const output = await method(m.input as never, c, {
        signal: controller.signal,
        emit: (event) => send({ type: 'event', id: m.id, event })
      })
      const transfer = options.transferOut?.[m.method as keyof Api]?.(output as never) ?? []
      send({ type: 'result', id: m.id, output }, transfer)
    } catch (e) {
      send({ type: 'error', id: m.id, error: toWireError(e) })
    } finally {
      running.delete(m.id)
    }
  }

  port.on('message', (m: ToWorker) => {
    if (m.type === 'cancel') return running.get(m.id)?.abort()
    if (options.serial) queue = queue.then(() => serve(m))
    else void serve(m)
  })
}
