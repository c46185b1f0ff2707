import { z } from 'zod'
import { ERROR_CODES, ErrorParamsSchema, type AppError } from '../../shared/errors'
import type { Thread } from '../../shared/threads'

/** The format version this build writes in `threads/<id>.json`. */
export const THREAD_FORMAT_VERSION = 1

/**
 * The storage schema of one thread file (never the IPC schema: the two may drift apart, and a
 * stored file must keep loading when the contract changes).
 * @remarks Error codes are kept as strings: a code a later build drops must not make an old
 * thread unreadable; {@link toThread} maps unknown ones to `INTERNAL`.
 */
const StoredError = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterSeconds: z.number().optional(),
  // Optional: files written before errors had catalog keys load as they are (English message).
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})
const StoredCitation = z.object({
  number: z.number().int(),
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  chunkId: z.string(),
  snippet: z.string()
})
const StoredTurn = z.object({
  id: z.string(),
  question: z.string(),
  status: z.enum(['running', 'done', 'stopped', 'failed', 'interrupted']),
  answer: z.string(),
  mode: z.enum(['generated', 'evidence', 'smalltalk', 'offtopic']).nullable(),
  verified: z.boolean(),
  notice: StoredError.nullable(),
  citations: z.array(StoredCitation),
  usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() }),
  model: z.string().nullable(),
  askedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: StoredError.nullable()
})
/** One stored thread, as written at {@link THREAD_FORMAT_VERSION}. */
export const ThreadFileSchema = z.object({
  version: z.literal(THREAD_FORMAT_VERSION),
  thread: z.object({
    id: z.string(),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    scope: z.array(z.string()).nullable(),
    turns: z.array(StoredTurn)
  })
})
/** One stored thread file. */
export type ThreadFile = z.infer<typeof ThreadFileSchema>
/** One stored thread. */
export type StoredThread = ThreadFile['thread']

/** Turns a file of version `n` into version `n + 1`. */
export type Migration = (file: Record<string, unknown>) => Record<string, unknown>

/**
 * The numbered migrations: `MIGRATIONS[n]` upgrades a version-`n` file to `n + 1`.
 * @remarks Version 1 is the first format, so there is nothing to upgrade yet; the next format
 * change adds `MIGRATIONS[1]` here and bumps {@link THREAD_FORMAT_VERSION}.
 */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {}

/** Why a thread file cannot be read; the store moves it aside and reports this. */
export class UnreadableThreadError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'UnreadableThreadError'
  }
}

/**
 * Parses a thread file's text: JSON, then the migrations up to the current version, then the
 * storage schema. Throws {@link UnreadableThreadError} saying why it cannot.
 */
export function parseThreadFile(
  text: string,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
  current = THREAD_FORMAT_VERSION
): { file: ThreadFile; migratedFrom: number | null } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (e) {
    throw new UnreadableThreadError(`not valid JSON (${(e as Error).message})`)
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new UnreadableThreadError('not a thread file (no JSON object)')
  }
  let file = raw as Record<string, unknown>
  const version = file['version']
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new UnreadableThreadError('not a thread file (no format version)')
  }
  if (version > current) {
    throw new UnreadableThreadError(
      `written by a newer ResearchPal (format ${version}; this one reads up to ${current})`
    )
  }
  for (let v = version; v < current; v++) {
    const step = migrations[v]
    if (!step) throw new UnreadableThreadError(`no migration from format ${v}`)
    file = { ...step(file), version: v + 1 }
  }
  // The version was checked above; the schema checks the content of the current format.
  const parsed = ThreadFileSchema.safeParse({ ...file, version: THREAD_FORMAT_VERSION })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new UnreadableThreadError(
      `damaged: ${issue ? `${issue.path.join('.') || '(file)'}: ${issue.message}` : 'invalid'}`
    )
  }
  return { file: parsed.data, migratedFrom: version < current ? version : null }
}

/** The text of a thread file for `thread`. */
export function serializeThread(thread: StoredThread): string {
  const file: ThreadFile = { version: THREAD_FORMAT_VERSION, thread }
  return JSON.stringify(file, null, 1)
}

const KNOWN = new Set<string>(ERROR_CODES)

function toAppError(e: z.infer<typeof StoredError> | null): AppError | null {
  if (!e) return null
  const code = KNOWN.has(e.code) ? (e.code as AppError['code']) : 'INTERNAL'
  const out: AppError = { code, message: e.message }
  if (e.retryAfterSeconds !== undefined) out.retryAfterSeconds = e.retryAfterSeconds
  if (e.key !== undefined) out.key = e.key
  if (e.params !== undefined) out.params = e.params
  return out
}

/**
 * The stored thread as the contract's {@link Thread}; citations of papers no longer in the
 * library are marked `paperRemoved` so the UI can say so instead of opening nothing.
 */
export function toThread(stored: StoredThread, hasPaper: (paperId: string) => boolean): Thread {
  return {
    ...stored,
    scope: stored.scope ? [...stored.scope] : null,
    turns: stored.turns.map((t) => ({
      ...t,
      notice: toAppError(t.notice),
      error: toAppError(t.error),
      citations: t.citations.map((c) =>
        hasPaper(c.paperId) ? { ...c } : { ...c, paperRemoved: true }
      )
    }))
  }
}
