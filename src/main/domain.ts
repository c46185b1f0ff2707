/**
 * Main-process domain types shared by ingestion, search and the agent.
 * @remarks Kept apart from `shared/` because the renderer never sees chunks or page text.
 */

/** The cleaned text of one page. `page` is the 1-based PDF page number. */
export interface PageText {
  page: number
  text: string
}

/** What `pages/<paperId>.json` holds. */
export interface PaperText {
  paperId: string
  pages: PageText[]
}

/** One token window of a page: the unit that is embedded, indexed and cited. */
export interface Chunk {
  /** `{paperId}-page-{n}-chunk-{i}`: deterministic, so re-ingesting upserts in place. */
  id: string
  paperId: string
  page: number
  /** Index of the chunk within its page, from 0. */
  index: number
  /** The section the chunk starts in (`abstract`, `introduction`, ..., or `body`). */
  section: string
  text: string
  /** cl100k_base token count of `text`. */
  tokens: number
}

/** Builds the deterministic chunk id. */
export function chunkId(paperId: string, page: number, index: number): string {
  return `${paperId}-page-${page}-chunk-${index}`
}
