import {
  channels,
  type Channel,
  type ChannelOutput,
  type ChannelParsed
} from '../../shared/contract'
import { err, ok, type Result } from '../../shared/errors'
import { describeIssues, toAppError, UserFacingError } from '../errors'

/** Who is calling; the Electron adapter fills it after checking the sender. */
export interface CallContext {
  transport: 'electron' | 'cli' | 'e2e' | 'mcp' | 'http' | 'test'
}

/** One handler per channel, receiving validated input. */
export type Handlers = {
  [C in Channel]: (
    input: ChannelParsed<C>,
    ctx: CallContext
  ) => Promise<ChannelOutput<C>> | ChannelOutput<C>
}

/** Validates, dispatches and turns every outcome into a {@link Result}. */
export interface Router {
  invoke(channel: string, input: unknown, ctx?: CallContext): Promise<Result<unknown>>
}

function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(channels, name)
}

/**
 * Builds the transport-agnostic router that Electron IPC, the CLI and the e2e harness share.
 * @remarks Errors are mapped to codes here and only here: {@link UserFacingError} keeps its
 * code; anything else is a bug, logged with its stack and returned as `INTERNAL` so main keeps
 * running and the caller learns what failed.
 */
export function createRouter(
  handlers: Handlers,
  options: { log?: (message: string, error?: unknown) => void } = {}
): Router {
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''))
  return {
    async invoke(channel, input, ctx = { transport: 'test' }) {
      if (typeof channel !== 'string' || !isChannel(channel)) {
        return err('INVALID_INPUT', `Unknown channel '${String(channel).slice(0, 100)}'.`)
      }
      const parsed = channels[channel].input.safeParse(input ?? {})
      if (!parsed.success) {
        return err('INVALID_INPUT', `Invalid input for ${channel}: ${describeIssues(parsed.error)}`)
      }
      try {
        const handler = handlers[channel] as (i: unknown, c: CallContext) => Promise<unknown>
        return ok(await handler(parsed.data, ctx))
      } catch (e) {
        if (!(e instanceof UserFacingError)) log(`[router] ${channel} failed unexpectedly`, e)
        return { ok: false, error: toAppError(e, `in ${channel}`) }
      }
    }
  }
}
