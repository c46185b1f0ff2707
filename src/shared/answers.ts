import { z } from 'zod'
import { AppErrorSchema } from './errors'
import { PROVIDERS } from './providers'
import { ReplySchema } from './replies'
import { ChunkKindSchema, RegionSchema } from './retrieval'

/** A numbered citation in an answer; `snippet` is text that occurs on `page`. */
export const CitationSchema = z.object({
  number: z.number().int(),
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  chunkId: z.string(),
  snippet: z.string(),
  /** What is cited; absent means text. `ocr`: the text was recognised from the page image. */
  kind: ChunkKindSchema.optional(),
  /** The cited figure's or table's region on the page, highlighted by the viewer. */
  region: RegionSchema.optional(),
  /** Set when a saved thread is opened after the cited paper left the library. */
  paperRemoved: z.boolean().optional()
})
/** A numbered citation in an answer. */
export type Citation = z.infer<typeof CitationSchema>

/** Token counts of one model call or of a whole answer. */
export const UsageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int()
})
/** Token counts. */
export type Usage = z.infer<typeof UsageSchema>

/** The kinds of model that can write answers (the table of what each can do is beside it). */
export { PROVIDERS } from './providers'

/** Which model wrote a generated answer. */
export const AnsweredBySchema = z.object({
  provider: z.enum(PROVIDERS),
  model: z.string(),
  /** True when Gemini was the provider but offline, so the local model answered instead. */
  fallback: z.boolean()
})
/** Which model wrote a generated answer. */
export type AnsweredBy = z.infer<typeof AnsweredBySchema>

/**
 * What the checker said about an answer: `passed`; `rejected` (it flagged the answer, and the
 * rewrite was flagged too or could not be written); `unchecked` (the check itself failed, the
 * notice says why, or the answer is evidence only).
 */
export const AnswerCheckSchema = z.enum(['passed', 'rejected', 'unchecked'])
/** One of the checker's outcomes. */
export type AnswerCheck = z.infer<typeof AnswerCheckSchema>

/**
 * One quoted passage of an evidence-only answer, readable (hyphenation undone, whitespace
 * collapsed) and split around the sentence(s) that best answer the question.
 */
export const EvidenceExcerptSchema = z.object({
  /** The citation number it belongs to. */
  number: z.number().int(),
  before: z.string(),
  best: z.string(),
  after: z.string()
})
/** One quoted passage of an evidence-only answer. */
export type EvidenceExcerpt = z.infer<typeof EvidenceExcerptSchema>

/**
 * How an answer was made: `generated` from the papers by the model; `evidence`: the retrieved
 * passages, not generated (no key or no network); `smalltalk`: a short direct reply to a
 * greeting, thanks or a question about the app (no search, no citations); `offtopic`: the
 * question is not about the library, answered as such and never presented as from the papers.
 */
export const ANSWER_MODES = ['generated', 'evidence', 'smalltalk', 'offtopic'] as const

/** An answer to a question. */
export const AnswerSchema = z.object({
  question: z.string(),
  answer: z.string(),
  mode: z.enum(ANSWER_MODES),
  verified: z.boolean(),
  /** The checker's outcome; absent in answers from before it was recorded. */
  check: AnswerCheckSchema.optional(),
  /** Why the answer is unverified or evidence-only, for the UI to say. */
  notice: AppErrorSchema.nullable(),
  /** Evidence-only answers: each passage with its best sentence(s) picked out. */
  excerpts: z.array(EvidenceExcerptSchema).optional(),
  /**
   * The library's papers that discuss the question, when the answer was limited to papers that
   * do not (a thread scoped to one paper asked about another); absent otherwise.
   */
  outsideScope: z.array(z.string()).optional(),
  citations: z.array(CitationSchema),
  usage: UsageSchema,
  /** Set on generated answers; absent on evidence-only ones. */
  answeredBy: AnsweredBySchema.optional(),
  /** A small-talk or off-topic reply as its catalog key, shown in the UI's language. */
  reply: ReplySchema.optional()
})
/** An answer to a question. */
export type Answer = z.infer<typeof AnswerSchema>

/** The steps the agent reports while it answers. */
export const ANSWER_STAGES = [
  'rewriting',
  'searching',
  'reading',
  'drafting',
  'checking',
  'revising'
] as const

/** Something that happened while answering one question. */
export const AnswerEventSchema = z.discriminatedUnion('type', [
  z.object({
    requestId: z.string(),
    type: z.literal('stage'),
    stage: z.enum(ANSWER_STAGES),
    detail: z.string()
  }),
  z.object({ requestId: z.string(), type: z.literal('token'), text: z.string() }),
  z.object({
    requestId: z.string(),
    type: z.literal('usage'),
    call: z.string(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int()
  })
])
/** Something that happened while answering one question. */
export type AnswerEvent = z.infer<typeof AnswerEventSchema>
