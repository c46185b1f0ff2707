import { z } from 'zod'
import { UI_LANGUAGES } from './types'
import { ComparisonSchema, ComparisonSummarySchema, CompareProgressSchema } from './compare'
import { ThreadIdSchema } from './threads'
import { PaperIdSchema, Query } from './channelSchemas'

/** Most papers and most columns in one comparison. */
export const MAX_COMPARE_PAPERS = 100
export const MAX_COMPARE_COLUMNS = 20

/** A comparison id, as `compare:create` makes them. */
export const ComparisonIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a comparison id such as cmp-abc123-0f0f0f')
const CompareTexts = z.array(Query).max(MAX_COMPARE_COLUMNS)

/**
 * A new comparison: which papers (chosen ones, a collection's, or a conversation's), which
 * questions (and claims to check agreement with). With `threadId` it is saved with that
 * conversation and limited to its papers.
 */
export const CompareCreateInputSchema = z
  .object({
    paperIds: z.array(PaperIdSchema).min(1).max(MAX_COMPARE_PAPERS).optional(),
    collectionId: z.string().min(1).max(64).optional(),
    threadId: ThreadIdSchema.optional(),
    questions: CompareTexts.default([]),
    claims: CompareTexts.default([]),
    title: z.string().trim().max(200).optional()
  })
  .strict()
  .refine((i) => i.paperIds || i.collectionId || i.threadId, {
    message: 'give paperIds, a collectionId or a threadId (whose papers are compared)',
    path: ['paperIds']
  })
  .refine((i) => !(i.paperIds && i.collectionId), {
    message: 'give paperIds or a collectionId, not both',
    path: ['collectionId']
  })
  .refine((i) => i.questions.length + i.claims.length > 0, {
    message: 'give at least one question or claim',
    path: ['questions']
  })
  .refine((i) => i.questions.length + i.claims.length <= MAX_COMPARE_COLUMNS, {
    message: `at most ${MAX_COMPARE_COLUMNS} questions and claims in all`,
    path: ['questions']
  })
/** A new comparison. */
export type CompareCreateInput = z.infer<typeof CompareCreateInputSchema>

/** The comparison channels: comparison tables saved, filled, exported. */
export const compareChannels = {
  /** Saved comparisons, newest first; with `threadId`, those saved with that conversation. */
  'compare:list': {
    input: z.object({ threadId: ThreadIdSchema.optional() }).strict(),
    output: z.object({ comparisons: z.array(ComparisonSummarySchema) })
  },
  'compare:get': {
    input: z.object({ comparisonId: ComparisonIdSchema }).strict(),
    output: ComparisonSchema
  },
  /** Saves a new comparison with every cell pending; `compare:run` fills them. */
  'compare:create': { input: CompareCreateInputSchema, output: ComparisonSchema },
  /** Adds or removes papers and columns; only the new cells are pending afterwards. */
  'compare:update': {
    input: z
      .object({
        comparisonId: ComparisonIdSchema,
        addPaperIds: z.array(PaperIdSchema).max(MAX_COMPARE_PAPERS).optional(),
        removePaperIds: z.array(PaperIdSchema).max(MAX_COMPARE_PAPERS).optional(),
        addQuestions: CompareTexts.optional(),
        addClaims: CompareTexts.optional(),
        removeColumnIds: z.array(z.string().min(1).max(20)).max(MAX_COMPARE_COLUMNS).optional(),
        title: z.string().trim().max(200).optional()
      })
      .strict(),
    output: ComparisonSchema
  },
  /** Fills the pending and failed cells (progress as `compare:progress`); resolves when done. */
  'compare:run': {
    input: z
      .object({ comparisonId: ComparisonIdSchema, uiLanguage: z.enum(UI_LANGUAGES).optional() })
      .strict(),
    output: ComparisonSchema
  },
  'compare:cancel': {
    input: z.object({ comparisonId: ComparisonIdSchema }).strict(),
    output: z.object({ cancelled: z.boolean() })
  },
  'compare:delete': {
    input: z.object({ comparisonId: ComparisonIdSchema }).strict(),
    output: z.object({ removed: z.literal(true) })
  },
  /** The comparison as a Markdown table, CSV, or BibTeX of its papers. */
  'compare:export': {
    input: z
      .object({
        comparisonId: ComparisonIdSchema,
        format: z.enum(['markdown', 'csv', 'bibtex']),
        /** The language of the document's own words (headings, labels); default: the setting. */
        uiLanguage: z.enum(UI_LANGUAGES).optional()
      })
      .strict(),
    output: z.object({ filename: z.string(), mimeType: z.string(), text: z.string() })
  }
} as const

/** The comparison events. */
export const compareEvents = {
  'compare:progress': CompareProgressSchema
} as const
