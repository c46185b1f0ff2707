import { z } from 'zod'
import { ERROR_CODES, ErrorParamsSchema, type AppError } from '../../shared/errors'
import type { Thread } from '../../shared/threads'
import { AnswerCheckSchema, AnsweredBySchema, type Citation } from '../../shared/answers'
import { ReplySchema } from '../../shared/replies'
import { ChunkKindSchema } from '../../shared/retrieval'
import { parseVersioned, type FileFormat } from '../storage/versionedFile'
import { readJsonPrefix } from '../storage/jsonPrefix'
import { threadV1ToV2, threadV2ToV3 } from './threadMigrations'

/**
 * The storage schema of one thread file (never the IPC schema: the two may drift apart, and a
 * stored file must keep loading when the contract changes).
 * @remarks Error codes are kept as strings: a code a later build drops must not make an old
 * thread unreadable; {@link toThread} maps unknown ones to `INTERNAL`. Objects are loose, so a
 * field a newer build adds survives this one's saves.
 */
const StoredError = z.looseObject({
  code: z.string(),
  message: z.string(),
  retryAfterSeconds: z.number().optional(),
  // Optional: files written before errors had catalog keys load as they are (English message).
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})
const StoredCitation = z.looseObject({
  number: z.number().int(),
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  chunkId: z.string(),
  snippet: z.string(),
  /** What is cited (text, ocr, figure, table); absent in format 1 and on text. */
  kind: z.string().optional(),
  /** A cited figure's or table's region on its page: what its crop is drawn from. */
  region: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .optional()
})
/** One passage of an evidence-only answer, split around its best sentence(s). */
const StoredExcerpt = z.looseObject({
  number: z.number().int(),
  before: z.string(),
  best: z.string(),
  after: z.string()
})
const StoredTurn = z.looseObject({
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
  error: StoredError.nullable(),
  /** Papers outside the thread's scope that discuss the question (absent in older files). */
  outsideScope: z.array(z.string()).optional(),
  /** The checker's outcome (format 2; a string, so a later outcome does not break this one). */
  check: z.string().optional(),
  /** An evidence-only answer's passages, shown as cards (format 2). */
  excerpts: z.array(StoredExcerpt).optional(),
  /** Which model wrote a generated answer (format 2). */
  answeredBy: z
    .looseObject({ provider: z.string(), model: z.string(), fallback: z.boolean() })
    .optional(),
  /** A small-talk or off-topic reply's catalog key, and the model's own words (format 3). */
  reply: z.looseObject({ key: z.string(), text: z.string().optional() }).optional()
})
/** One stored thread file: `{ version, thread }`. */
export const ThreadFileSchema = z.looseObject({
  version: z.number().int(),
  thread: z.looseObject({
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

/**
 * `threads/<id>.json`, format 3, on the shared versioned-file pattern (storage/versionedFile).
 * @remarks Format 2 keeps what a turn showed besides its text (evidence cards, citation kinds
 * and figure regions, the check, the model): a restored turn is drawn as it was shown live.
 * Format 3 keeps a fixed reply as its catalog key, so it reads in the UI's language. Older
 * files are upgraded at open by {@link threadV1ToV2} and {@link threadV2ToV3}.
 */
export const THREAD_FORMAT: FileFormat<ThreadFile> = {
  name: 'conversation file',
  version: 3,
  schema: ThreadFileSchema,
  migrations: { 1: threadV1ToV2, 2: threadV2ToV3 }
}

/** Why a thread file cannot be read; the store reports it (and moves a damaged one aside). */
export class UnreadableThreadError extends Error {
  constructor(
    reason: string,
    /** Written by a newer ResearchPal: left where it is, for that version to read. */
    readonly newer = false
  ) {
    super(reason)
    this.name = 'UnreadableThreadError'
  }
}

/**
 * Parses a thread file's text: JSON, then the migrations up to the format's version, then the
 * storage schema. Throws {@link UnreadableThreadError} saying why it cannot.
 */
export function parseThreadFile(
  text: string,
  format: FileFormat<ThreadFile> = THREAD_FORMAT
): { file: ThreadFile; migratedFrom: number | null } {
  const read = parseVersioned(text, format)
  if (read.state === 'ok') return { file: read.data, migratedFrom: read.migratedFrom }
  if (read.state === 'newer') {
    throw new UnreadableThreadError(
      `written by a newer ResearchPal (format ${read.version}; this one reads up to ${format.version})`,
      true
    )
  }
  if (read.state === 'missing') throw new UnreadableThreadError('missing')
  const reason = read.reason.replace(/^no migration from version/, 'no migration from format')
  // JSON and version problems are named as they are; a schema problem names the field.
  throw new UnreadableThreadError(
    /^(not valid JSON|not a JSON object|no format version|no migration|migration from)/.test(reason)
      ? reason
      : `damaged: ${reason}`
  )
}

/**
 * The thread a cut-short or damaged file still holds: its header and every turn read whole
 * before the damage, or null when not even that can be read.
 * @remarks Only a file of this version is salvaged (an older one is migrated whole or not at
 * all). A turn is kept only if it is whole and every turn before it is; a turn cut in the middle
 * of being written is dropped, never half-shown.
 */
export function salvageThreadFile(
  text: string,
  format: FileFormat<ThreadFile> = THREAD_FORMAT
): { file: ThreadFile; turnsKept: number } | null {
  const { value, cut } = readJsonPrefix(text)
  if (!cut || typeof value !== 'object' || value === null) return null
  const doc = value as { version?: unknown; thread?: { turns?: unknown } }
  if (doc.version !== format.version || typeof doc.thread !== 'object' || doc.thread === null)
    return null
  const turns: unknown[] = []
  for (const turn of Array.isArray(doc.thread.turns) ? doc.thread.turns : []) {
    if (!StoredTurn.safeParse(turn).success) break
    turns.push(turn)
  }
  const parsed = format.schema.safeParse({ ...doc, thread: { ...doc.thread, turns } })
  return parsed.success ? { file: parsed.data, turnsKept: turns.length } : null
}

/** The document of a thread file for `thread` (written by writeVersioned, which stamps it). */
export function threadDocument(thread: StoredThread): Omit<ThreadFile, 'version'> {
  return { thread }
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

/** A stored citation as the contract's: a kind this build does not know is read as text. */
function toCitation(c: z.infer<typeof StoredCitation>, removed: boolean): Citation {
  const { kind, ...rest } = c
  const known = ChunkKindSchema.safeParse(kind)
  return {
    ...rest,
    ...(known.success && { kind: known.data }),
    ...(removed && { paperRemoved: true })
  }
}

/**
 * The stored thread as the contract's {@link Thread}; citations of papers no longer in the
 * library are marked `paperRemoved` so the UI can say so instead of opening nothing.
 * @remarks A check or a model provider this build does not know is left out (the turn reads as
 * format 1 showed it), never an error.
 */
export function toThread(stored: StoredThread, hasPaper: (paperId: string) => boolean): Thread {
  return {
    ...stored,
    scope: stored.scope ? [...stored.scope] : null,
    turns: stored.turns.map(({ check, answeredBy, excerpts, reply, ...t }) => {
      const knownCheck = AnswerCheckSchema.safeParse(check)
      const by = AnsweredBySchema.safeParse(answeredBy)
      // A reply key this build does not know: the stored text is shown instead.
      const knownReply = ReplySchema.safeParse(reply)
      return {
        ...t,
        notice: toAppError(t.notice),
        error: toAppError(t.error),
        citations: t.citations.map((c) => toCitation(c, !hasPaper(c.paperId))),
        ...(knownCheck.success && { check: knownCheck.data }),
        ...(by.success && { answeredBy: by.data }),
        ...(knownReply.success && { reply: knownReply.data }),
        ...(excerpts && {
          excerpts: excerpts.map(({ number, before, best, after }) => ({
            number,
            before,
            best,
            after
          }))
        })
      }
    })
  }
}
