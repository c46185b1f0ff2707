import {
  buildApi,
  type Channel,
  type EventName,
  type ResearchPalApi
} from '../../src/shared/contract'
import { ok, type Result } from '../../src/shared/errors'
import type { Thread } from '../../src/shared/threads'
import type { Answer, Citation, Paper } from '../../src/shared/types'

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

/** A citation for tests. */
export function citation(number: number, extra: Partial<Citation> = {}): Citation {
  return {
    number,
    paperId: '1706.03762',
    title: 'Attention Is All You Need',
    page: 4,
    chunkId: `1706.03762-page-4-chunk-${number}`,
    snippet: 'We call our particular attention "Scaled Dot-Product Attention".',
    ...extra
  }
}

/** An answer for tests. */
export function answer(extra: Partial<Answer> = {}): Answer {
  return {
    question: 'What is scaled dot-product attention?',
    answer: 'It scales the dot products by 1/sqrt(d_k) [1]. BERT uses it too [2].',
    mode: 'generated',
    verified: true,
    notice: null,
    citations: [
      citation(1),
      citation(2, {
        paperId: '1810.04805',
        title: 'BERT',
        page: 3,
        snippet: 'BERT is bidirectional.'
      })
    ],
    usage: { inputTokens: 1200, outputTokens: 80 },
    ...extra
  }
}

/** A paper for tests. */
export function paper(extra: Partial<Paper> = {}): Paper {
  return {
    id: '1706.03762',
    title: 'Attention Is All You Need',
    authors: ['Ashish Vaswani', 'Noam Shazeer', 'Niki Parmar'],
    year: 2017,
    arxivId: '1706.03762',
    source: { kind: 'arxiv', arxivId: '1706.03762', url: 'https://arxiv.org/pdf/1706.03762' },
    sha256: 'ab'.repeat(32),
    pages: 15,
    chunks: 40,
    sections: [],
    status: 'indexed',
    error: null,
    addedAt: '2026-11-29T00:00:00.000Z',
    indexedAt: '2026-11-29T00:00:10.000Z',
    embedderId: null,
    ...extra
  }
}

/** A promise whose resolution the test controls. */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

export { ok }
