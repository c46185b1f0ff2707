import type { Channel } from '../../shared/contract'
import type { Handlers } from './router'

/** The handlers of some of the channels: one feature's slice of {@link Handlers}. */
export type HandlerSlice<C extends Channel = Channel> = Pick<Handlers, C>

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never

/**
 * Merges the features' handler slices into one map.
 * @remarks Two features answering the same channel is a wiring mistake that a silent override
 * would hide, so it throws at start-up, naming the channel (as Actual Budget's server does).
 */
export function combine<S extends Partial<Handlers>[]>(...slices: S): Intersection<S[number]> {
  const all: Record<string, unknown> = {}
  for (const slice of slices) {
    for (const [channel, handler] of Object.entries(slice)) {
      if (Object.prototype.hasOwnProperty.call(all, channel))
        throw new Error(`Two handlers for the channel ${channel}: each channel has one feature.`)
      all[channel] = handler
    }
  }
  return all as Intersection<S[number]>
}
