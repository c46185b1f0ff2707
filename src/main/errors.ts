import type { z } from 'zod'
import type { AppError, ErrorCode, ErrorParams } from '../shared/errors'
import type { LibraryNotice, UiLanguage } from '../shared/types'
import type { MainErrorKey } from '../shared/i18n'
import { mainHas, mainT } from './i18n'

/** A message from main's catalog: its key under `errors.` and the values it is filled with. */
export interface ErrorText {
  key: MainErrorKey
  params?: ErrorParams
}

/** The English text of a catalog message (what logs, the MCP server and tests read). */
export function englishText(text: ErrorText): string {
  return mainT('en')(`errors.${text.key}`, text.params ?? {})
}

/** A library notice saying a catalog message: its English text, and its key to say it in the UI. */
export function noticeOf(
  level: LibraryNotice['level'],
  text: ErrorText,
  paperId: string | null
): LibraryNotice {
  const notice: LibraryNotice = { level, message: englishText(text), paperId, key: text.key }
  if (text.params) notice.params = text.params
  return notice
}

/**
 * An expected failure inside main, carrying the code the router will send.
 * @remarks Throw this (or a subclass) for anything a person can act on; the message says what
 * happened, to which paper, and what to do next. Anything else thrown is a bug and reaches the
 * caller as `INTERNAL`.
 */
export class UserFacingError extends Error {
  readonly code: ErrorCode
  readonly retryAfterSeconds?: number
  /** The message in main's catalog, so it can be said in the user's language. */
  readonly text?: ErrorText

  /**
   * @param message - a catalog message (preferred: it is translated), or English text for a
   * message only developers or the MCP client read.
   */
  constructor(
    code: ErrorCode,
    message: string | ErrorText,
    options: { cause?: unknown; retryAfterSeconds?: number } = {}
  ) {
    super(typeof message === 'string' ? message : englishText(message), { cause: options.cause })
    this.name = 'UserFacingError'
    this.code = code
    if (typeof message !== 'string') this.text = message
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
    if (e.text) {
      error.key = e.text.key
      if (e.text.params) error.params = e.text.params
    }
    return error
  }
  const detail = e instanceof Error ? e.message : String(e)
  return {
    code: 'INTERNAL',
    message: `Something went wrong${during ? ` ${during}` : ''}: ${detail}. The app is still running; try again, and if it keeps failing, report it with the log.`,
    key: 'internal',
    params: { detail }
  }
}

/** A failure as a value, told from main's catalog (its English text as `message`). */
export function appError(code: ErrorCode, text: ErrorText): AppError {
  const error: AppError = { code, message: englishText(text), key: text.key }
  if (text.params) error.params = text.params
  return error
}

/** An error's message in `language`: from the catalog when it has a key, else as it is. */
export function errorMessage(
  error: Pick<AppError, 'message' | 'key' | 'params'>,
  language: UiLanguage
): string {
  if (!error.key || !mainHas(`errors.${error.key}`, error.params)) return error.message
  return mainT(language)(`errors.${error.key}`, error.params ?? {})
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
  constructor(text: ErrorText = { key: 'cancelled' }) {
    super('CANCELLED', text)
    this.name = 'CancelledError'
  }
}

/** Throws {@link CancelledError} if the signal has fired. */
export function throwIfAborted(signal: AbortSignal | undefined, text?: ErrorText): void {
  if (signal?.aborted) throw new CancelledError(text)
}
