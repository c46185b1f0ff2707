import type { EventHub } from '../events'
import type { IdleTuning } from '../imports/IdleTuning'
import { createRouter, type Router } from '../ipc/router'
import { createHandlers, type HandlerDeps } from './createHandlers'

/** How the router is opened beside the handlers' services. */
export interface RouterOpenContext {
  log: (message: string) => void
  events: EventHub
  idleTuning: IdleTuning
  /** Measure ingestion settings once the app is left alone (the app as writer only). */
  tuneWhenIdle: boolean
}

/**
 * The one router every transport calls, over every feature's handlers.
 * @remarks With idle tuning on, every call from the window and every event the app sends
 * (ingestion, an answer's stages) is the app in use: the idle measurement waits, or stops. The
 * idle wait starts here.
 */
export function openRouter(deps: Omit<HandlerDeps, 'events'>, ctx: RouterOpenContext): Router {
  const { log, idleTuning } = ctx
  // Handlers that report progress (sharing with the lab) push it on the app's one event hub.
  const routed = createRouter(createHandlers({ ...deps, events: ctx.events }), {
    log: (m, e) => log(`${m} ${e instanceof Error ? (e.stack ?? e.message) : ''}`)
  })
  if (!ctx.tuneWhenIdle) return routed
  ctx.events.subscribe(() => idleTuning.activity())
  idleTuning.start()
  return {
    invoke(channel, input, call) {
      idleTuning.activity()
      return routed.invoke(channel, input, call)
    }
  }
}
