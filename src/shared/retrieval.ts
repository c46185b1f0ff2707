import { z } from 'zod'

/** What a piece of evidence is: text from the PDF's text layer, OCR'd text, a figure or a table. */
export const CHUNK_KINDS = ['text', 'ocr', 'figure', 'table'] as const
/** What a piece of evidence is. */
export const ChunkKindSchema = z.enum(CHUNK_KINDS)
/** What a piece of evidence is. */
export type ChunkKind = z.infer<typeof ChunkKindSchema>

/**
 * What a cited chunk is: a figure or a table by its id (`…-page-3-table-2`, `…-figure-1`), else
 * the kind recorded with it (OCR'd text), else text.
 * @remarks The id is made from the chunk's kind when it is indexed, so it holds for a citation
 * saved without its kind (older threads, evidence-only answers) and is never guessed from the
 * passage's words: a text passage quoting "Table 3: …" stays text.
 */
export function chunkKindOf(chunk: { chunkId: string; kind?: ChunkKind | undefined }): ChunkKind {
  const m = /-(figure|table)-[^-]+$/.exec(chunk.chunkId)
  if (m) return m[1] as 'figure' | 'table'
  return chunk.kind ?? 'text'
}

/**
 * A rectangle on a page, as fractions of the page's width and height from its top-left corner,
 * so it maps onto the page at any zoom.
 */
export const RegionSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1)
})
/** A rectangle on a page, as fractions of the page size. */
export type Region = z.infer<typeof RegionSchema>

/** One ranked passage returned by search. Pages are 1-based PDF page numbers. */
export const SearchResultSchema = z.object({
  chunkId: z.string(),
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  section: z.string(),
  score: z.number(),
  text: z.string(),
  /** Absent on text passages. */
  kind: ChunkKindSchema.optional(),
  /** Where a figure or table is on its page. */
  region: RegionSchema.optional(),
  /** `lab`: from the connected lab library (its PDF is fetched on opening); absent: this library. */
  source: z.literal('lab').optional()
})
/** One ranked passage returned by search. */
export type SearchResult = z.infer<typeof SearchResultSchema>

/** One passage in full, by its chunk id. */
export const PassageSchema = SearchResultSchema.omit({ score: true })
/** One passage in full. */
export type Passage = z.infer<typeof PassageSchema>

/** The text of a range of pages of one paper. */
export const PageRangeSchema = z.object({
  paperId: z.string(),
  title: z.string(),
  /** How many pages the paper has. */
  pageCount: z.number().int(),
  pages: z.array(z.object({ page: z.number().int(), text: z.string() }))
})
/** The text of a range of pages of one paper. */
export type PageRange = z.infer<typeof PageRangeSchema>

/** A search answer: the query, which embedder ranked it (null: keyword only), the passages. */
export const SearchResponseSchema = z.object({
  query: z.string(),
  embedder: z.string().nullable(),
  results: z.array(SearchResultSchema),
  /** Set when a lab library is connected: searched, or not reachable (then results are local). */
  lab: z
    .object({
      state: z.enum(['searched', 'unreachable']),
      message: z.string().optional(),
      key: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional()
    })
    .optional()
})
/** A search answer. */
export type SearchResponse = z.infer<typeof SearchResponseSchema>

/** The text of one section of a paper. */
export const SectionResultSchema = z.object({
  paperId: z.string(),
  section: z.string(),
  pages: z.array(z.number().int()),
  text: z.string()
})
/** The text of one section of a paper. */
export type SectionResult = z.infer<typeof SectionResultSchema>
