import { z } from 'zod'
import { MAX_QUERY_CHARS, PaperIdSchema } from '../../shared/contract'
import { AppErrorSchema } from '../../shared/errors'
import { ThreadIdSchema } from '../../shared/threads'
import {
  ANSWER_MODES,
  AnsweredBySchema,
  ChunkKindSchema,
  PROVIDERS,
  RegionSchema,
  UsageSchema,
  type Answer
} from '../../shared/types'

/** What `POST /ask` takes: the seed's `{"question"}`, and optionally a thread, papers, provider. */
export const AskBodySchema = z
  .object({
    question: z
      .string()
      .max(MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`)
      .refine((s) => s.trim().length > 0, 'must not be empty'),
    thread: ThreadIdSchema.optional().meta({
      description: 'A saved conversation: the question is a follow-up there, and saved in it'
    }),
    papers: z.array(PaperIdSchema).min(1).max(1000).optional().meta({
      description: 'Answer from these papers only'
    }),
    provider: z
      .enum(PROVIDERS)
      .optional()
      .meta({
        description: `Who writes this answer: ${PROVIDERS.map((p) => `\`${p}\``).join(' or ')} (the library's Settings, or serve --provider, when absent)`
      }),
    details: z.boolean().optional().meta({
      description:
        'Also return `details` (mode, verified, notice, usage, answeredBy, threadId, turnId); without it the reply has exactly the seed fields'
    })
  })
  .strict()
  .meta({ id: 'AskRequest', example: { question: 'What is multi-head attention?' } })
/** What `POST /ask` takes. */
export type AskBody = z.infer<typeof AskBodySchema>

/** A citation as the seed service gave it: the cited text is `quote`. */
export const SeedCitationSchema = z
  .object({
    number: z.number().int(),
    paperId: z.string(),
    title: z.string(),
    page: z.number().int().meta({ description: '1-based page of the PDF' }),
    quote: z.string().meta({ description: 'Text that occurs on that page' }),
    chunkId: z.string(),
    kind: ChunkKindSchema.optional(),
    region: RegionSchema.optional()
  })
  .meta({ id: 'Citation' })

/** What the answer was, beside the seed's fields: only with `"details": true`. */
const AskDetailsSchema = z
  .object({
    mode: z.enum(ANSWER_MODES).meta({
      description: '`generated` by a model, or `evidence`: the passages only (no model or key)'
    }),
    verified: z.boolean(),
    notice: AppErrorSchema.nullable(),
    usage: UsageSchema,
    answeredBy: AnsweredBySchema.optional(),
    threadId: z.string().nullable(),
    turnId: z.string().nullable()
  })
  .meta({ id: 'AskDetails' })

/**
 * `POST /ask`'s answer: exactly the seed's `{question, answer, citations}`; `details` follows
 * only when the request asked for it.
 */
export const AskResponseSchema = z
  .object({
    question: z.string(),
    answer: z.string(),
    citations: z.array(SeedCitationSchema),
    details: AskDetailsSchema.optional()
  })
  .strict()
  .meta({ id: 'AskResponse' })
/** `POST /ask`'s answer. */
export type AskResponse = z.infer<typeof AskResponseSchema>

/** The seed's shape of an answer. */
export function seedAnswer(
  a: Answer & { threadId: string | null; turnId: string | null },
  withDetails = false
): AskResponse {
  const seed = {
    question: a.question,
    answer: a.answer,
    citations: a.citations.map((c) => ({
      number: c.number,
      paperId: c.paperId,
      title: c.title,
      page: c.page,
      quote: c.snippet,
      chunkId: c.chunkId,
      ...(c.kind && { kind: c.kind }),
      ...(c.region && { region: c.region })
    }))
  }
  if (!withDetails) return seed
  const details = {
    mode: a.mode,
    verified: a.verified,
    notice: a.notice,
    usage: a.usage,
    ...(a.answeredBy && { answeredBy: a.answeredBy }),
    threadId: a.threadId,
    turnId: a.turnId
  }
  return { ...seed, details }
}

/** The Server-Sent Events of a streamed answer, in the order they come. */
export const SSE_EVENTS = {
  stage: 'A stage of answering: {stage, detail} (searching, reading, writing, checking…)',
  token: 'Text of the answer as the model writes it: {text}',
  usage: 'Tokens one model call used: {call, inputTokens, outputTokens}',
  citations: 'The numbered citations of the final answer (array of Citation)',
  answer: 'The final answer, exactly as the JSON response (AskResponse); the last event',
  error: 'A problem document (Problem) instead of the answer; the last event'
} as const
