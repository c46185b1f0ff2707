import type { z } from 'zod'
import type { Result } from './errors'
import { appChannels, appEvents } from './appChannels'
import { apiServerChannels } from './apiServerChannels'
import { settingsChannels } from './settingsChannels'
import { libraryChannels, libraryEvents } from './libraryChannels'
import { importChannels, importEvents } from './importChannels'
import { syncChannels, syncEvents } from './syncChannels'
import { graphChannels } from './graphChannels'
import { searchChannels } from './searchChannels'
import { chatChannels, chatEvents } from './chatChannels'
import { compareChannels, compareEvents } from './compareChannels'
import { labChannels, labEvents } from './labChannels'

export { MAX_PDF_BYTES, MAX_QUERY_CHARS, PaperIdSchema } from './channelSchemas'
export {
  ChunkIdSchema,
  SearchInputSchema,
  SectionInputSchema,
  type SearchInput,
  type SectionInput
} from './searchChannels'
export {
  MAX_COMPARE_COLUMNS,
  MAX_COMPARE_PAPERS,
  ComparisonIdSchema,
  CompareCreateInputSchema,
  type CompareCreateInput
} from './compareChannels'
export {
  MAX_PAGES_PER_READ,
  PagesInputSchema,
  FindPapersInputSchema,
  CollectionInfoSchema,
  DoiSchema,
  PaperEditSchema,
  PaperSelectionSchema,
  type PagesInput,
  type FindPapersInput,
  type CollectionInfo,
  type PaperEditInput
} from './libraryChannels'
export { AskOutputSchema } from './chatChannels'

/**
 * Every IPC channel, declared once: `domain:verb` -> input schema and output schema.
 * @remarks Main validates inputs against these at the boundary; the preload, the renderer's
 * types and the e2e harness are all derived from this object. Each feature declares its own
 * channels beside its types (`src/shared/<feature>Channels.ts`); they are merged here, and
 * `combine` in `src/main/ipc/combine.ts` refuses two handlers for one name.
 */
export const channels = {
  ...appChannels,
  ...apiServerChannels,
  ...settingsChannels,
  ...libraryChannels,
  ...importChannels,
  ...syncChannels,
  ...graphChannels,
  ...searchChannels,
  ...chatChannels,
  ...compareChannels,
  ...labChannels
} as const

/** Every event main pushes to the renderer, declared once (each feature declares its own). */
export const events = {
  ...libraryEvents,
  ...importEvents,
  ...chatEvents,
  ...compareEvents,
  ...syncEvents,
  ...appEvents,
  ...labEvents
} as const

/** A channel name, e.g. `library:add`. */
export type Channel = keyof typeof channels
/** The input a channel takes. */
export type ChannelInput<C extends Channel> = z.input<(typeof channels)[C]['input']>
/** The input a channel's handler receives, after validation. */
export type ChannelParsed<C extends Channel> = z.output<(typeof channels)[C]['input']>
/** The value a channel returns on success. */
export type ChannelOutput<C extends Channel> = z.output<(typeof channels)[C]['output']>
/** An event name. */
export type EventName = keyof typeof events
/** An event's payload. */
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

/** Every channel name, in declaration order. */
export const CHANNELS = Object.keys(channels) as Channel[]
/** Every event name, in declaration order. */
export const EVENTS = Object.keys(events) as EventName[]

type Domain = Channel extends `${infer D}:${string}` ? D : never
type EventMethod<E extends string> = E extends `${infer D}:${infer V}`
  ? `on${Capitalize<D>}${Capitalize<V>}`
  : never

/** One function per channel, grouped by domain: `api.library.addPaths({ paths })`. */
export type ChannelApi = {
  [D in Domain]: {
    [C in Channel as C extends `${D}:${infer V}` ? V : never]: (
      input: ChannelInput<C>
    ) => Promise<Result<ChannelOutput<C>>>
  }
}
/** One subscription per event: `api.onIngestProgress(cb)` returns an unsubscribe function. */
export type EventApi = {
  [E in EventName as EventMethod<E>]: (listener: (payload: EventPayload<E>) => void) => () => void
}
/** The object the preload exposes as `window.researchpal`. */
export type ResearchPalApi = ChannelApi & EventApi

/** Sends one call over some transport. */
export type Invoke = (channel: Channel, input: unknown) => Promise<Result<unknown>>
/** Subscribes to one event over some transport; returns an unsubscribe function. */
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void

/** The method name of an event's subscription, e.g. `ingest:progress` -> `onIngestProgress`. */
export function eventMethodName(event: EventName): string {
  const [domain, verb] = event.split(':') as [string, string]
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
  return `on${cap(domain)}${cap(verb.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))}`
}

/**
 * Builds the {@link ResearchPalApi} from the contract over any transport.
 * @remarks Used by the preload (Electron IPC), the e2e harness and renderer tests, so all
 * three expose exactly the same functions.
 */
export function buildApi(invoke: Invoke, subscribe: Subscribe): ResearchPalApi {
  const api: Record<string, Record<string, unknown> | unknown> = {}
  for (const channel of CHANNELS) {
    const [domain, verb] = channel.split(':') as [string, string]
    const group = (api[domain] ??= {}) as Record<string, unknown>
    group[verb] = (input: unknown) => invoke(channel, input)
  }
  for (const event of EVENTS) {
    api[eventMethodName(event)] = (listener: (payload: unknown) => void) =>
      subscribe(event, listener)
  }
  return api as ResearchPalApi
}
