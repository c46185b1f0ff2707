import { z } from 'zod'
import { ERROR_CODES, type AppError, type ErrorCode } from '../../shared/errors'

/**
 * Codes of failures the HTTP layer itself answers (before any channel runs), beside the app's
 * own {@link ERROR_CODES}.
 */
export const HTTP_ERROR_CODES = [
  'UNAUTHORIZED',
  'FORBIDDEN',
  'READ_ONLY',
  'NO_SUCH_ROUTE',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS'
] as const

/** Every code a problem document can carry. */
export type ProblemCode = ErrorCode | (typeof HTTP_ERROR_CODES)[number]

/** The HTTP status of each app error code: what a script can do next decides it. */
const STATUS: Record<ProblemCode, number> = {
  INVALID_INPUT: 400,
  NOT_FOUND: 404,
  NOT_A_PDF: 422,
  PDF_ENCRYPTED: 422,
  PDF_UNREADABLE: 422,
  NO_TEXT: 422,
  DUPLICATE: 409,
  DOWNLOAD_FAILED: 502,
  DISK_WRITE_FAILED: 507,
  DATA_FOLDER_BUSY: 409,
  NEWER_FORMAT: 409,
  DATA_DAMAGED: 500,
  MODEL_MISSING: 503,
  NO_API_KEY: 503,
  RATE_LIMITED: 429,
  UPSTREAM_UNAVAILABLE: 502,
  OFFLINE: 503,
  TIMEOUT: 504,
  LOCAL_MODEL_UNREACHABLE: 502,
  LOCAL_MODEL_MISSING: 503,
  CONTEXT_TOO_SMALL: 422,
  CANCELLED: 409,
  INTERNAL: 500,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  READ_ONLY: 403,
  NO_SUCH_ROUTE: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429
}

/** An RFC 9457 problem document, with the app's error code. */
export const ProblemSchema = z
  .object({
    type: z.string().meta({ description: 'A URI naming the kind of problem' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().meta({ description: 'What happened and what to do next, for a person' }),
    code: z.enum([...ERROR_CODES, ...HTTP_ERROR_CODES]),
    instance: z.string().optional(),
    retryAfterSeconds: z.number().optional()
  })
  .meta({ id: 'Problem' })
/** An RFC 9457 problem document. */
export type Problem = z.infer<typeof ProblemSchema>

/** The problem document for an error, at a request path. */
export function problemOf(
  error: Pick<AppError, 'message' | 'retryAfterSeconds'> & { code: ProblemCode },
  instance?: string
): Problem {
  return {
    type: `urn:researchpal:problem:${error.code.toLowerCase().replaceAll('_', '-')}`,
    title: error.code
      .toLowerCase()
      .replaceAll('_', ' ')
      .replace(/^\w/, (c) => c.toUpperCase()),
    status: STATUS[error.code],
    detail: error.message,
    code: error.code,
    ...(instance !== undefined && { instance }),
    ...(error.retryAfterSeconds !== undefined && { retryAfterSeconds: error.retryAfterSeconds })
  }
}

/** The HTTP status of an error code. */
export function statusOf(code: ProblemCode): number {
  return STATUS[code]
}
