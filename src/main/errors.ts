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

  /** The value form sent across IPC. */
  toAppError(): AppError {
    const e: AppError = { code: this.code, message: this.message }
    if (this.retryAfterSeconds !== undefined) e.retryAfterSeconds = this.retryAfterSeconds
    return e
  }
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
