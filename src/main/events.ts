import type { EventName, EventPayload } from '../shared/contract'

/** Where main pushes events: the Electron windows, the e2e page, or the CLI's progress bar. */
export interface EventSink {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
}

/** A sink that fans out to any number of listeners; the composition root owns one. */
export class EventHub implements EventSink {
  private readonly listeners = new Set<(event: EventName, payload: unknown) => void>()

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of this.listeners) {
      try {
        l(event, payload)
      } catch (e) {
        // A broken listener (a closed window) must not stop ingestion or an answer.
        console.error(`[events] listener for ${event} failed:`, e)
      }
    }
  }

  /** Adds a listener for every event; returns the function that removes it. */
  subscribe(listener: (event: EventName, payload: unknown) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
