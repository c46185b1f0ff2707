import { z } from 'zod'
import { CitationStyleSchema } from './citationStyles'
import { AnswerEventSchema, AnswerSchema, UI_LANGUAGES } from './types'
import { PROVIDERS } from './providers'
import {
  DamagedThreadSchema,
  EXPORT_FORMATS,
  ThreadExportSchema,
  ThreadIdSchema,
  ThreadSchema,
  ThreadSummarySchema
} from './threads'
import { PaperIdSchema, Query } from './channelSchemas'

const ThreadOut = z.object({ thread: ThreadSchema })
const ThreadRef = z.object({ threadId: ThreadIdSchema }).strict()
/** A thread's scope: paper ids (at least one), or null for every paper. */
const Scope = z.array(PaperIdSchema).min(1).max(1000).nullable()
const Title = z
  .string()
  .max(200, 'must be at most 200 characters')
  .refine((s) => s.trim().length > 0, 'must not be empty')

/** An answer as `chat:ask` returns it: which thread and turn it was saved as (null: none). */
export const AskOutputSchema = AnswerSchema.extend({
  threadId: z.string().nullable(),
  turnId: z.string().nullable()
})

/** The chat channels: asking (in a thread or not) and the saved threads. */
export const chatChannels = {
  /**
   * With `threadId`, the question is a follow-up in that thread (its history and papers) and
   * the turn is saved there; `paperIds` limits the answer to those papers (within the thread's).
   */
  'chat:ask': {
    input: z
      .object({
        question: Query,
        requestId: z.string().min(1).max(100),
        threadId: ThreadIdSchema.optional(),
        /** Answer from these papers only. */
        paperIds: z.array(PaperIdSchema).min(1).max(1000).optional(),
        /** The language the UI shows: evidence labels and fixed texts use it. */
        uiLanguage: z.enum(UI_LANGUAGES).optional(),
        /** Who writes this answer, over Settings' provider (the HTTP API's per-request choice). */
        provider: z.enum(PROVIDERS).optional()
      })
      .strict(),
    output: AskOutputSchema
  },
  'chat:cancel': {
    input: z.object({ requestId: z.string().min(1).max(100) }).strict(),
    output: z.object({ cancelled: z.boolean() })
  },
  /** Threads, newest first; `query` keeps those whose title or a question contains it. */
  'threads:list': {
    input: z.object({ query: z.string().max(200).optional() }).strict(),
    output: z.object({
      threads: z.array(ThreadSummarySchema),
      /** Thread files found unreadable since start: set aside, never dropped silently. */
      damaged: z.array(DamagedThreadSchema)
    })
  },
  'threads:get': { input: ThreadRef, output: ThreadOut },
  'threads:create': {
    input: z.object({ title: Title.optional(), scope: Scope.optional() }).strict(),
    output: ThreadOut
  },
  'threads:rename': {
    input: z.object({ threadId: ThreadIdSchema, title: Title }).strict(),
    output: ThreadOut
  },
  'threads:setScope': {
    input: z.object({ threadId: ThreadIdSchema, scope: Scope }).strict(),
    output: ThreadOut
  },
  /** Moves the thread to the trash; `threads:restore` brings it back (undo). */
  'threads:delete': { input: ThreadRef, output: z.object({ deleted: z.literal(true) }) },
  'threads:restore': { input: ThreadRef, output: ThreadOut },
  /** The thread (or one turn of it) as Markdown with references, or its BibTeX. */
  'threads:export': {
    input: z
      .object({
        threadId: ThreadIdSchema,
        turnId: z.string().min(1).max(100).optional(),
        format: z.enum(EXPORT_FORMATS),
        /** The language of the document's own words (headings, notes); default: the setting. */
        uiLanguage: z.enum(UI_LANGUAGES).optional(),
        /** Markdown only: the references written in this style (APA, ABNT…). */
        style: CitationStyleSchema.optional()
      })
      .strict(),
    output: ThreadExportSchema
  }
} as const

/** The chat events: an answer's stages and tokens. */
export const chatEvents = {
  'chat:event': AnswerEventSchema
} as const
