import { UserFacingError, type ErrorText } from '../errors'
import { CONNECTION_CODES, errorCodes } from './providerRequest'

/** What the caller of one Gemini request knows besides the error itself. */
export interface GeminiFailureContext {
  model: string
  /** The `Retry-After` header of the failed response, when there was one. */
  retryAfterHeader: string | null
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT'])

/** What a person reads when a Gemini request stayed silent for `timeoutMs`. */
export function geminiTimeoutText(model: string, timeoutMs: number): ErrorText {
  return { key: 'geminiTimeout', params: { model, seconds: Math.round(timeoutMs / 1000) } }
}

/**
 * Maps what a Gemini request threw to the error a person sees.
 * @remarks The one place that knows Gemini's failure shapes (HTTP status + Google's error JSON,
 * undici network errors); cancels and our own timeout are told apart before this, in
 * `providerRequest`. An unexpected 4xx is a bug in this app (a malformed request), so it is
 * returned as a plain Error and reaches the UI as INTERNAL with its details logged.
 */
export function toGeminiError(error: unknown, ctx: GeminiFailureContext): Error {
  const status = httpStatus(error)
  if (status !== null) return fromStatus(status, error, ctx)
  const codes = errorCodes(error)
  if (codes.some((c) => TIMEOUT_CODES.has(c))) {
    return new UserFacingError(
      'TIMEOUT',
      { key: 'geminiStopped', params: { model: ctx.model } },
      { cause: error }
    )
  }
  if (codes.some((c) => CONNECTION_CODES.has(c)) || isFetchFailure(error)) {
    return new UserFacingError('OFFLINE', { key: 'geminiOffline' }, { cause: error })
  }
  return error instanceof Error ? error : new Error(String(error))
}

function fromStatus(status: number, error: unknown, ctx: GeminiFailureContext): Error {
  const body = errorBody(error)
  const detail = body.message ? ` (${body.message})` : ''
  if (status === 401 || status === 403 || (status === 400 && /API[_ ]KEY/i.test(body.raw))) {
    return new UserFacingError(
      'NO_API_KEY',
      { key: 'geminiKeyRejected', params: { detail } },
      { cause: error }
    )
  }
  if (status === 429) {
    const retryAfterSeconds = retryAfter(ctx.retryAfterHeader, body.raw)
    return new UserFacingError(
      'RATE_LIMITED',
      retryAfterSeconds !== undefined
        ? { key: 'geminiRateLimitedWait', params: { seconds: retryAfterSeconds } }
        : { key: 'geminiRateLimited' },
      retryAfterSeconds !== undefined ? { cause: error, retryAfterSeconds } : { cause: error }
    )
  }
  if (status >= 500 || /overloaded|UNAVAILABLE/i.test(body.raw)) {
    return new UserFacingError(
      'UPSTREAM_UNAVAILABLE',
      { key: 'geminiUnavailable', params: { status } },
      { cause: error }
    )
  }
  if (status === 404) {
    return new UserFacingError(
      'INVALID_INPUT',
      { key: 'geminiUnknownModel', params: { model: ctx.model, detail } },
      { cause: error }
    )
  }
  return new Error(`Gemini refused the request (HTTP ${status})${detail}`, { cause: error })
}

function httpStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const status = (error as { status?: unknown }).status
  return (error as Error).name === 'ApiError' && typeof status === 'number' ? status : null
}

function errorBody(error: unknown): { raw: string; message: string } {
  const raw = error instanceof Error ? error.message : String(error)
  try {
    const parsed = JSON.parse(raw.slice(raw.indexOf('{'))) as { error?: { message?: string } }
    return { raw, message: parsed.error?.message ?? '' }
  } catch {
    return { raw, message: '' }
  }
}

/** Seconds from a `Retry-After` header (seconds or HTTP date), else from Google's RetryInfo. */
function retryAfter(header: string | null, raw: string): number | undefined {
  if (header) {
    const seconds = Number(header)
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
    const date = Date.parse(header)
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000))
  }
  const delay = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?)s"/.exec(raw)
  return delay ? Math.ceil(Number(delay[1])) : undefined
}

function isFetchFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed|network/i.test(error.message)
}
