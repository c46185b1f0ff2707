import { z } from 'zod'
import { ErrorParamsSchema } from '../../shared/errors'
import { appError, describeIssues } from '../errors'
import { readJsonPrefix } from '../storage/jsonPrefix'

/**
 * The on-disk format of one comparison (`comparisons/<id>.json`).
 * @remarks Its own schema, never the IPC one: the contract may change shape without
 * rewriting users' files, and a file is read through {@link readComparisonFile} only.
 */
export const COMPARISON_FORMAT_VERSION = 2

const StoredCitation = z.object({
  number: z.number().int(),
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  chunkId: z.string(),
  snippet: z.string(),
  /**
   * What is cited (text, ocr, figure, table); absent means text. Optional in version 2, so files
   * written before figures and tables were cited still read. Kept as a string: a kind a later
   * build adds must not make the file unreadable here.
   */
  kind: z.string().optional(),
  /** A cited figure's or table's region, as fractions of the page; the viewer highlights it. */
  region: z
    .object({
      x: z.number().min(0).max(1),
      y: z.number().min(0).max(1),
      width: z.number().min(0).max(1),
      height: z.number().min(0).max(1)
    })
    .optional()
})

const StoredNotice = z.object({
  code: z.string(),
  message: z.string(),
  retryAfterSeconds: z.number().optional(),
  // Optional: files written before errors had catalog keys load as they are (English message).
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})

/** The storage schema of a comparison file at {@link COMPARISON_FORMAT_VERSION}. */
export const ComparisonFileSchema = z.object({
  version: z.literal(COMPARISON_FORMAT_VERSION),
  comparison: z.object({
    id: z.string().min(1),
    title: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    threadId: z.string().nullable(),
    collection: z.object({ id: z.string(), name: z.string() }).nullable(),
    paperIds: z.array(z.string()),
    columns: z.array(
      z.object({ id: z.string(), kind: z.enum(['question', 'claim']), text: z.string() })
    ),
    cells: z.array(
      z.object({
        paperId: z.string(),
        columnId: z.string(),
        status: z.enum(['pending', 'answered', 'not-stated', 'unverified', 'evidence', 'failed']),
        answer: z.string(),
        verdict: z.enum(['supports', 'contradicts', 'does-not-address']).nullable(),
        citations: z.array(StoredCitation),
        notice: StoredNotice.nullable(),
        problem: z.string().nullable(),
        usage: z.object({ inputTokens: z.number().int(), outputTokens: z.number().int() })
      })
    )
  })
})
/** A comparison file at the current version. */
export type ComparisonFile = z.infer<typeof ComparisonFileSchema>

/**
 * Numbered migrations: `MIGRATIONS[n]` turns a version-n document into version n+1.
 * @remarks Every reader goes through {@link readComparisonFile}, which runs them in order; the
 * file is rewritten at the current version the next time the comparison is saved.
 * - 1 → 2: comparisons can be saved with a conversation (`threadId`) and remember the
 *   collection their papers came from (`collection`); a version-1 comparison had neither.
 */
const MIGRATIONS: Record<number, (doc: Record<string, unknown>) => Record<string, unknown>> = {
  1: (doc) => {
    const c = doc.comparison
    if (typeof c !== 'object' || c === null) return doc
    return { ...doc, comparison: { threadId: null, collection: null, ...c } }
  }
}

/** Why a file could not be read: the caller moves it aside and says so. */
export class UnreadableComparisonError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(reason, options)
    this.name = 'UnreadableComparisonError'
  }
}

/**
 * Parses a comparison file, running the migrations from its version to the current one.
 * @remarks Throws {@link UnreadableComparisonError} for text that is not JSON, a version newer
 * than this build knows, or a document that does not match the schema after migration.
 */
export function readComparisonFile(text: string): {
  file: ComparisonFile
  /** The version it was written at, when older than this build's; else null. */
  migratedFrom: number | null
} {
  let doc: Record<string, unknown>
  try {
    doc = JSON.parse(text) as Record<string, unknown>
  } catch (cause) {
    throw new UnreadableComparisonError('it is not valid JSON (damaged)', { cause })
  }
  if (typeof doc !== 'object' || doc === null) {
    throw new UnreadableComparisonError('it is not a comparison document')
  }
  let version = typeof doc.version === 'number' ? doc.version : NaN
  if (!Number.isInteger(version) || version < 1) {
    throw new UnreadableComparisonError('it has no format version')
  }
  if (version > COMPARISON_FORMAT_VERSION) {
    throw new UnreadableComparisonError(
      `it was written by a newer ResearchPal (format ${version}; this one reads up to ${COMPARISON_FORMAT_VERSION})`
    )
  }
  const written = version
  while (version < COMPARISON_FORMAT_VERSION) {
    const migrate = MIGRATIONS[version]
    if (!migrate) throw new UnreadableComparisonError(`no migration from format ${version}`)
    doc = { ...migrate(doc), version: version + 1 }
    version += 1
  }
  const parsed = ComparisonFileSchema.safeParse(doc)
  if (!parsed.success) {
    throw new UnreadableComparisonError(
      `it does not match the comparison format (${describeIssues(parsed.error)})`
    )
  }
  return {
    file: parsed.data,
    migratedFrom: written < COMPARISON_FORMAT_VERSION ? written : null
  }
}

/** A cell of {@link ComparisonFileSchema}. */
type StoredCell = ComparisonFile['comparison']['cells'][number]
const StoredCellSchema = ComparisonFileSchema.shape.comparison.shape.cells.element

/**
 * The comparison a cut-short or damaged file still holds: its papers and columns, every cell
 * read whole before the damage, and each cell lost to it marked failed with a notice saying to
 * compare again. Null when not even the papers and columns can be read.
 * @remarks Only a file of this build's format is salvaged; the cells are written last, so a
 * file cut part-way loses cells, not the comparison.
 */
export function salvageComparisonFile(
  text: string
): { file: ComparisonFile; cellsKept: number; cellsLost: number } | null {
  const { value, cut } = readJsonPrefix(text)
  if (!cut || typeof value !== 'object' || value === null) return null
  const doc = value as { version?: unknown; comparison?: Record<string, unknown> }
  const c = doc.comparison
  if (doc.version !== COMPARISON_FORMAT_VERSION || typeof c !== 'object' || c === null) return null
  const kept: StoredCell[] = []
  for (const cell of Array.isArray(c.cells) ? c.cells : []) {
    const read = StoredCellSchema.safeParse(cell)
    if (!read.success) break
    kept.push(read.data)
  }
  const head = ComparisonFileSchema.safeParse({ ...doc, comparison: { ...c, cells: kept } })
  if (!head.success) return null
  const comparison = head.data.comparison
  const lost = appError('DATA_DAMAGED', { key: 'comparisonCellLost' })
  const cells: StoredCell[] = []
  for (const paperId of comparison.paperIds)
    for (const column of comparison.columns) {
      const found = kept.find((x) => x.paperId === paperId && x.columnId === column.id)
      if (found) cells.push(found)
      else
        cells.push({
          paperId,
          columnId: column.id,
          status: 'failed',
          answer: '',
          verdict: null,
          citations: [],
          notice: lost,
          problem: null,
          usage: { inputTokens: 0, outputTokens: 0 }
        })
    }
  return {
    file: { ...head.data, comparison: { ...comparison, cells } },
    cellsKept: cells.length - lostCount(cells, lost),
    cellsLost: lostCount(cells, lost)
  }
}

function lostCount(cells: readonly StoredCell[], lost: object): number {
  return cells.filter((x) => x.notice === lost).length
}
