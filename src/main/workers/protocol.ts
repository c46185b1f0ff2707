import { ERROR_CODES, type ErrorCode } from '../../shared/errors'
import { isUserFacing, UserFacingError, type ErrorText } from '../errors'

/**
 * The methods a worker serves: name → its input, its output and the events it may send while it
 * runs (progress, partial results). Both sides of a worker are typed by one such map.
 */
export type WorkerApi = Record<string, { input: unknown; output: unknown; event?: unknown }>

/** An error carried across the thread boundary (Error objects lose their class on the way). */
export interface WireError {
  message: string
  /** A UserFacingError's code, or a system error's (`ENOSPC`...), else null. */
  code: string | null
  /** A UserFacingError's catalog message, so it can still be said in the user's language. */
  text?: ErrorText
  stack?: string
}

/** What the main thread sends to a worker. */
export type ToWorker =
  { type: 'call'; id: number; method: string; input: unknown } | { type: 'cancel'; id: number }

/** What a worker sends back. */
export type FromWorker =
  | { type: 'ready'; info: unknown }
  | { type: 'startFailed'; error: WireError }
  | { type: 'event'; id: number; event: unknown }
  | { type: 'result'; id: number; output: unknown }
  | { type: 'error'; id: number; error: WireError }

/** The wire form of anything thrown. */
export function toWireError(e: unknown): WireError {
  const errno = (e as { code?: unknown } | null)?.code
  return {
    message: e instanceof Error ? e.message : String(e),
    code: isUserFacing(e) ? e.code : typeof errno === 'string' ? errno : null,
    text: isUserFacing(e) ? e.text : undefined,
    stack: e instanceof Error ? e.stack : undefined
  }
}

/**
 * Rebuilds a worker's error: a known app error code becomes the same {@link UserFacingError}; any
 * other code (a system error's) stays on a plain Error, so `DISK_WRITE_FAILED` mapping still sees
 * it. A code the app does not know is never trusted as an app error.
 */
export function fromWireError(e: WireError): Error {
  const known = e.code !== null && (ERROR_CODES as readonly string[]).includes(e.code)
  const error = known
    ? new UserFacingError(e.code as ErrorCode, e.text ?? e.message)
    : Object.assign(new Error(e.message), e.code === null ? {} : { code: e.code })
  if (e.stack) error.stack = e.stack
  return error
}
