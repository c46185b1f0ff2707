import { CancelledError, throwIfAborted, UserFacingError, type ErrorText } from '../errors'
import { ContextOverflowError, ToolsUnsupportedError } from './ChatModel'

/** How one request to a model provider runs and what its failures become. */
export interface ProviderRequest<C> {
  /** The caller's signal: a cancel. */
  signal: AbortSignal | undefined
  /** The longest silence allowed: before the reply, or between two streamed chunks. */
  timeoutMs: number
  /** The provider's SDK client (loaded on first use, so it is awaited before the timer starts). */
  client: () => Promise<C>
  /** What a person reads when our timer fired. */
  timeoutText: ErrorText
  /**
   * Maps the provider's own failure shapes (HTTP statuses, error bodies, network codes) to the
   * error a person sees; cancels, timeouts and errors already mapped never reach it.
   */
  toError: (error: unknown) => Error
}

/**
 * Runs one provider request under a silence timer and the caller's signal.
 * @remarks Shared by every `ChatModel`: our own timer and the caller's signal both abort the
 * request (`requestSignal`), and are told apart afterwards, so a timeout reads as TIMEOUT and a
 * cancel as CANCELLED whatever the SDK threw on abort. `rearm` restarts the timer; a stream
 * calls it on each chunk, so the timeout measures silence, not the whole generation.
 */
export async function providerRequest<C, T>(
  options: ProviderRequest<C>,
  run: (client: C, requestSignal: AbortSignal, rearm: () => void) => Promise<T>
): Promise<T> {
  const { signal, timeoutMs } = options
  throwIfAborted(signal, { key: 'cancelledAnswer' })
  const client = await options.client()
  const controller = new AbortController()
  let timedOut = false
  let timer: NodeJS.Timeout | undefined
  const rearm = (): void => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
  }
  const onAbort = (): void => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  rearm()
  try {
    return await run(client, controller.signal, rearm)
  } catch (error) {
    if (isMapped(error)) throw error
    if (signal?.aborted) throw new CancelledError({ key: 'cancelledAnswer' })
    if (timedOut) throw new UserFacingError('TIMEOUT', options.timeoutText, { cause: error })
    throw options.toError(error)
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** Errors that already say what happened, passed on as they are. */
function isMapped(error: unknown): boolean {
  return (
    error instanceof UserFacingError ||
    error instanceof ToolsUnsupportedError ||
    error instanceof ContextOverflowError
  )
}

/** Network failures that mean the server (or the network to it) cannot be reached. */
export const CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ENETDOWN',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET'
])

/** Every `code` on an error, its `errors` (AggregateError) and its causes, a few levels deep. */
export function errorCodes(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 4) return []
  const e = error as { code?: unknown; cause?: unknown; errors?: unknown }
  const own = typeof e.code === 'string' ? [e.code] : []
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => errorCodes(x, depth + 1)) : []
  return [...own, ...nested, ...errorCodes(e.cause, depth + 1)]
}
