import type { z } from 'zod'
import type { AppError, ErrorCode } from '../shared/errors'

/**
 * An expected failure inside main, carrying the code the router will send.
 * @remarks Throw this (or a subclass) for anything a person can act on; the message says what
 * happened, to which paper, and what to do next. Anything else thrown is a bug and reaches the
 * caller as `INTERNAL`.
 */
export class UserFacingError extends Error {
  readonly code: ErrorCode
  readonly retryAfterSeconds?: number

  constructor(
    code: ErrorCode,
    message: string,
    options: { cause?: unknown; retryAfterSeconds?: number } = {}
  ) {
    super(message, { cause: options.cause })
    this.name = 'UserFacingError'
    this.code = code
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds
  }
}

/**
 * Turns anything thrown into the {@link AppError} a caller receives — the one place that does.
 * @remarks A {@link UserFacingError} keeps its code, message and wait; anything else is a bug
 * and becomes `INTERNAL`, its message saying what was being done (`during`: "in search:query",
 * "while indexing \"a.pdf\"") and that the app is still running. Callers log the stack.
 */
export function toAppError(e: unknown, during = ''): AppError {
  if (e instanceof UserFacingError) {
    const error: AppError = { code: e.code, message: e.message }
    if (e.retryAfterSeconds !== undefined) error.retryAfterSeconds = e.retryAfterSeconds
    return error
  }
  const detail = e instanceof Error ? e.message : String(e)
  return {
    code: 'INTERNAL',
    message: `Something went wrong${during ? ` ${during}` : ''}: ${detail}. The app is still running; try again, and if it keeps failing, report it with the log.`
  }
}

/**
 * Formats zod issues as `field: problem; ...` so a message names the field — the one
 * formatter for validation errors (IPC input, search requests, the model's tool arguments).
 */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.map(String).join('.') : '(input)'}: ${i.message}`)
    .join('; ')
}

/** True for a {@link UserFacingError} with the given code (or any code when omitted). */
export function isUserFacing(e: unknown, code?: ErrorCode): e is UserFacingError {
  return e instanceof UserFacingError && (code === undefined || e.code === code)
}

/** Thrown when an operation is cancelled by the user. */
export class CancelledError extends UserFacingError {
  constructor(what = 'The operation') {
    super('CANCELLED', `${what} was cancelled.`)
    this.name = 'CancelledError'
  }
}

/** Throws {@link CancelledError} if the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined, what?: string): void {
  if (signal?.aborted) throw new CancelledError(what)
}
