import {
  buildApi,
  type Channel,
  type EventName,
  type ResearchPalApi
} from '../../src/shared/contract'
import { ok, type Result } from '../../src/shared/errors'
import type { Thread } from '../../src/shared/threads'

/** A scripted handler for one channel. */
export type Handler = (input: never) => Result<unknown> | Promise<Result<unknown>>

/** A fake `window.researchpal`: scripted handlers, a call log and an event emitter. */
export interface FakeApi {
  api: ResearchPalApi
  calls: { channel: Channel; input: unknown }[]
  /** Replaces a channel's handler. */
  on: (channel: Channel, handler: Handler) => void
  /** Pushes an event to the subscribers, as main would. */
  emit: (event: EventName, payload: unknown) => void
}

/**
 * Builds a fake API with the contract's own `buildApi` over a scripted invoke.
 * @remarks Channels without a handler answer INTERNAL, so a test notices an unexpected call.
 */
export function fakeApi(handlers: Partial<Record<Channel, Handler>> = {}): FakeApi {
  const table = new Map(Object.entries({ ...threadHandlers(), ...handlers })) as Map<
    Channel,
    Handler
  >
  const listeners = new Map<EventName, Set<(p: unknown) => void>>()
  const calls: FakeApi['calls'] = []
  const api = buildApi(
    async (channel, input) => {
      calls.push({ channel, input })
      const handler = table.get(channel)
      if (!handler)
        return { ok: false, error: { code: 'INTERNAL', message: `no fake for ${channel}` } }
      return handler(input as never)
    },
    (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    }
  )
  return {
    api,
    calls,
    on: (channel, handler) => table.set(channel, handler),
    emit: (event, payload) => listeners.get(event)?.forEach((l) => l(payload))
  }
}

/** An empty thread for tests. */
export function thread(extra: Partial<Thread> = {}): Thread {
  return {
    id: 't-test-1',
    title: '',
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    scope: null,
    turns: [],
    ...extra
  }
}

/** Default thread channels: creating and reading one empty thread, an empty list. */
function threadHandlers(): Partial<Record<Channel, Handler>> {
  return {
    'threads:create': () => ok({ thread: thread() }),
    'threads:get': () => ok({ thread: thread() }),
    'threads:list': () => ok({ threads: [], damaged: [] })
  }
}

// The records the renderer tests share with main's (one definition of each).
export { answer, citation, paper } from '../fixtures/chatRecords'

/** A promise whose resolution the test controls. */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

export { ok }
