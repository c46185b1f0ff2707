import { z } from 'zod'
import { ErrorParamsSchema } from './errors'

/**
 * The stages a paper moves through; `indexed` and `error` are final. `metadata` is a reference
 * without a PDF (from a bibliography or Zotero): listed and citable, never searched, and it
 * enters the pipeline (`pending`) when a PDF is fetched or attached, keeping its id.
 */
export const PAPER_STATUSES = [
  'metadata',
  'pending',
  'downloading',
  'extracting',
  'embedding',
  'indexed',
  'error'
] as const
/** A paper's place in the ingestion pipeline. */
export const PaperStatusSchema = z.enum(PAPER_STATUSES)
/** A paper's place in the ingestion pipeline. */
export type PaperStatus = z.infer<typeof PaperStatusSchema>

/** Where a paper came from. */
export const PaperSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('arxiv'), arxivId: z.string(), url: z.string() }),
  z.object({ kind: z.literal('file'), fileName: z.string() }),
  /** A metadata-only paper: the bibliography file (or "Zotero") it was imported from. */
  z.object({ kind: z.literal('reference'), from: z.string() })
])
/** Where a paper came from. */
export type PaperSource = z.infer<typeof PaperSourceSchema>

/** A named section of a paper and the 1-based pages it spans. */
export const SectionSpanSchema = z.object({
  name: z.string(),
  heading: z.string(),
  startPage: z.number().int(),
  endPage: z.number().int()
})
/** A named section of a paper and the 1-based pages it spans. */
export type SectionSpan = z.infer<typeof SectionSpanSchema>

/**
 * Where a field's value came from. `user` is an edit by hand: nothing automatic replaces it.
 * `import` is a BibTeX/RIS file or a Zotero library the user imported.
 */
export const FIELD_SOURCES = ['pdf', 'arxiv', 'crossref', 'openalex', 'import', 'user'] as const
/** Where a field's value came from. */
export const FieldSourceSchema = z.enum(FIELD_SOURCES)
/** Where a field's value came from. */
export type FieldSource = z.infer<typeof FieldSourceSchema>

/** A named group of papers. */
export const CollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string()
})
/** A named group of papers. */
export type Collection = z.infer<typeof CollectionSchema>

/** Progress of one paper through ingestion, and of the whole queue. */
export const IngestProgressSchema = z.object({
  paperId: z.string(),
  stage: PaperStatusSchema,
  done: z.number(),
  total: z.number(),
  /** Set while scanned pages are being recognised (OCR): `done`/`total` count those pages. */
  ocr: z.boolean().optional(),
  /** The paper's title as soon as its text is read (before its record is written). */
  title: z.string().optional(),
  overall: z.object({ done: z.number(), total: z.number() })
})
/** Progress of one paper through ingestion. */
export type IngestProgress = z.infer<typeof IngestProgressSchema>

/**
 * Something the library did or found that the user should know: a catalog rebuilt, a damaged
 * file repaired, a record from a newer version kept. `paperId` when it is about one paper.
 */
export const LibraryNoticeSchema = z.object({
  level: z.enum(['info', 'warning']),
  /** In English; `key`/`params` name the same text in main's catalog, as an AppError's do. */
  message: z.string(),
  paperId: z.string().nullable(),
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})
/** Something the library did or found that the user should know. */
export type LibraryNotice = z.infer<typeof LibraryNoticeSchema>
