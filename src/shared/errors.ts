import { z } from 'zod'

/**
 * The closed set of error codes that cross the IPC boundary.
 * @remarks Each code maps to one thing a person can do next; the UI switches on it.
 */
export const ERROR_CODES = [
  'INVALID_INPUT',
  'NOT_FOUND',
  'NOT_A_PDF',
  'PDF_ENCRYPTED',
  'PDF_UNREADABLE',
  'NO_TEXT',
  'DUPLICATE',
  'DOWNLOAD_FAILED',
  'DISK_WRITE_FAILED',
  'DATA_FOLDER_BUSY',
  'NEWER_FORMAT',
  'DATA_DAMAGED',
  'MODEL_MISSING',
  'NO_API_KEY',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'OFFLINE',
  'TIMEOUT',
  'LOCAL_MODEL_UNREACHABLE',
  'LOCAL_MODEL_MISSING',
  'CONTEXT_TOO_SMALL',
  'CANCELLED',
  'INTERNAL'
] as const

/** One of {@link ERROR_CODES}. */
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The values a translated error message is filled with (file names, ids, numbers). */
export const ErrorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]))
/** The values a translated error message is filled with. */
export type ErrorParams = z.infer<typeof ErrorParamsSchema>

/**
 * An expected failure as a value: a code and a message written for a person.
 * @remarks `message` is in English (logs, the MCP server, old records). `key` names the same
 * message in main's catalog (`errors.<key>` in src/shared/i18n/en/main.ts) and `params`
 * fills it, so the UI and the CLI say it in the user's language.
 */
export const AppErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Seconds to wait before retrying, when the upstream said so (RATE_LIMITED). */
  retryAfterSeconds: z.number().optional(),
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})
/** An expected failure as a value. */
export type AppError = z.infer<typeof AppErrorSchema>

/** The outcome of every IPC call: a value or an {@link AppError}. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError }

/** Wraps a value as a successful {@link Result}. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

/** Wraps an error as a failed {@link Result}. */
export function err<T = never>(
  code: ErrorCode,
  message: string,
  extra: Partial<Pick<AppError, 'retryAfterSeconds'>> = {}
): Result<T> {
  return { ok: false, error: { code, message, ...extra } }
}
