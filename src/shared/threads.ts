import { z } from 'zod'
import { AppErrorSchema } from './errors'
import {
  ANSWER_MODES,
  AnswerCheckSchema,
  AnsweredBySchema,
  CitationSchema,
  EvidenceExcerptSchema,
  UsageSchema
} from './types'
import { ReplySchema } from './replies'

/** A thread id: `t-` and letters, digits or dashes. */
export const ThreadIdSchema = z
  .string()
  .min(3)
  .max(64)
  .regex(/^t-[A-Za-z0-9-]+$/, 'must be a thread id such as t-20261201-ab12cd')

/**
 * What a turn ended as: `done` (an answer), `stopped` by the user, `failed` with an error, or
 * `interrupted` (the app quit or crashed while answering); `running` while it is answered.
 */
export const TURN_STATUSES = ['running', 'done', 'stopped', 'failed', 'interrupted'] as const

/** One question of a thread and what came back for it, as the renderer and the CLI see it. */
export const ThreadTurnSchema = z.object({
  id: z.string(),
  question: z.string(),
  status: z.enum(TURN_STATUSES),
  /** The final answer text; empty unless `done`. */
  answer: z.string(),
  mode: z.enum(ANSWER_MODES).nullable(),
  verified: z.boolean(),
  /** Why the answer is unverified or evidence-only (null when it is neither). */
  notice: AppErrorSchema.nullable(),
  citations: z.array(CitationSchema),
  usage: UsageSchema,
  /** The model that wrote it; null for evidence-only and fixed replies. */
  model: z.string().nullable(),
  askedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why it failed (`failed`), or what stopped it. */
  error: AppErrorSchema.nullable(),
  /** The library's papers that discuss the question when the thread's scope does not. */
  outsideScope: z.array(z.string()).optional(),
  /** The checker's outcome; absent on turns saved before it was kept. */
  check: AnswerCheckSchema.optional(),
  /** An evidence-only answer's passages, shown as cards as they were live. */
  excerpts: z.array(EvidenceExcerptSchema).optional(),
  /** Which model wrote a generated answer; absent on older turns. */
  answeredBy: AnsweredBySchema.optional(),
  /** A small-talk or off-topic reply by its catalog key (format 3); older ones keep their text. */
  reply: ReplySchema.optional()
})
/** One question of a thread and what came back for it. */
export type ThreadTurn = z.infer<typeof ThreadTurnSchema>

/** A conversation: its scope (null: every paper) and its turns, oldest first. */
export const ThreadSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The papers questions in this thread are limited to; null for the whole library. */
  scope: z.array(z.string()).nullable(),
  turns: z.array(ThreadTurnSchema)
})
/** A conversation. */
export type Thread = z.infer<typeof ThreadSchema>

/** A thread in the list: no turns, just what the list shows and searches. */
export const ThreadSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  scope: z.array(z.string()).nullable(),
  turnCount: z.number().int(),
  lastQuestion: z.string().nullable()
})
/** A thread in the list. */
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>

/** A thread file that could not be read: where it was moved and why. */
export const DamagedThreadSchema = z.object({
  file: z.string(),
  movedTo: z.string(),
  reason: z.string(),
  /** The conversation was put back with this many whole turns read before the damage. */
  recoveredTurns: z.number().int().optional()
})
/** A thread file that could not be read. */
export type DamagedThread = z.infer<typeof DamagedThreadSchema>

/** The export formats of a thread. */
export const EXPORT_FORMATS = ['md', 'bib'] as const

/** An exported thread (or one answer): a file name to save it under and its text. */
export const ThreadExportSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  fileName: z.string(),
  content: z.string()
})
/** An exported thread. */
export type ThreadExport = z.infer<typeof ThreadExportSchema>
