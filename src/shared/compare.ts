import { z } from 'zod'
import { AppErrorSchema } from './errors'
import { CitationSchema, UsageSchema } from './types'

/** What a column asks of each paper: a question, or a claim to agree or disagree with. */
export const COLUMN_KINDS = ['question', 'claim'] as const

/** One column of a comparison. */
export const CompareColumnSchema = z.object({
  id: z.string(),
  kind: z.enum(COLUMN_KINDS),
  text: z.string()
})
/** One column of a comparison. */
export type CompareColumn = z.infer<typeof CompareColumnSchema>

/**
 * Where a cell stands.
 * @remarks `answered`: a checked answer from the paper's passages; `not-stated`: the paper does
 * not say; `unverified`: an answer the check rejected or could not run; `evidence`: no model
 * (offline or no key), the paper's best passages only; `failed`: an error a person must act on.
 */
export const CELL_STATUSES = [
  'pending',
  'answered',
  'not-stated',
  'unverified',
  'evidence',
  'failed'
] as const
/** One of {@link CELL_STATUSES}. */
export type CellStatus = (typeof CELL_STATUSES)[number]

/** A paper's stance on a claim column. */
export const VERDICTS = ['supports', 'contradicts', 'does-not-address'] as const
/** One of {@link VERDICTS}. */
export type Verdict = (typeof VERDICTS)[number]

/** One cell: what one paper says about one column, with the passages it rests on. */
export const CompareCellSchema = z.object({
  paperId: z.string(),
  columnId: z.string(),
  status: z.enum(CELL_STATUSES),
  answer: z.string(),
  /** Only for claim columns, once filled. */
  verdict: z.enum(VERDICTS).nullable(),
  citations: z.array(CitationSchema),
  /** Why the cell is evidence-only or failed, or why its check could not run. */
  notice: AppErrorSchema.nullable(),
  /** What the check found wrong with the answer (status `unverified`), else null. */
  problem: z.string().nullable(),
  usage: UsageSchema
})
/** One cell. */
export type CompareCell = z.infer<typeof CompareCellSchema>

/** The collection a comparison's papers were taken from (its name when it was started). */
export const CompareCollectionSchema = z.object({ id: z.string(), name: z.string() })
/** The collection a comparison's papers were taken from. */
export type CompareCollection = z.infer<typeof CompareCollectionSchema>

/** A comparison: papers (rows) × columns, and a cell for each pair. */
export const ComparisonSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The conversation this comparison is saved with (it shows there), or null. */
  threadId: z.string().nullable(),
  /** Where the papers came from when it was started; null: picked one by one. */
  collection: CompareCollectionSchema.nullable(),
  paperIds: z.array(z.string()),
  columns: z.array(CompareColumnSchema),
  cells: z.array(CompareCellSchema)
})
/** A comparison. */
export type Comparison = z.infer<typeof ComparisonSchema>

/** A comparison in a list: enough to pick one. */
export const ComparisonSummarySchema = ComparisonSchema.pick({
  id: true,
  title: true,
  updatedAt: true,
  threadId: true,
  collection: true,
  paperIds: true,
  columns: true
})
/** A comparison in a list. */
export type ComparisonSummary = z.infer<typeof ComparisonSummarySchema>

/** Progress of filling a comparison, pushed as `compare:progress`. */
export const CompareProgressSchema = z.object({
  comparisonId: z.string(),
  /** `paused`: the provider said to slow down; filling resumes after `retryAfterSeconds`. */
  state: z.enum(['running', 'paused', 'done', 'cancelled']),
  done: z.number().int(),
  total: z.number().int(),
  /** The cell that was just filled. */
  cell: CompareCellSchema.optional(),
  retryAfterSeconds: z.number().optional()
})
/** Progress of filling a comparison. */
export type CompareProgress = z.infer<typeof CompareProgressSchema>

/** The key of a cell in a comparison. */
export function cellKey(paperId: string, columnId: string): string {
  return `${paperId}\u0000${columnId}`
}
