import type { Chunk, PageText } from '../domain'
import type { ChunkOptions } from './chunker'
import type { ExtractedPaper } from './extractPaper'
import type { PdfContent } from './PdfReader'
import type { SectionMark } from './sections'

/** What the main thread asks the extraction worker. */
export type ExtractionRequest =
  | { type: 'read'; requestId: number; bytes: Uint8Array; label?: string }
  | {
      type: 'extract'
      requestId: number
      bytes: Uint8Array
      label?: string
      /** When set, each page's chunks are sent (`pageChunks`) as soon as the page is read. */
      early?: { paperId: string; options: ChunkOptions }
      /** When set, pages without a usable text layer are read by OCR in these languages. */
      ocr?: { languages: string[] }
    }
  | {
      type: 'chunk'
      requestId: number
      paperId: string
      pages: PageText[]
      marks: SectionMark[]
      options: ChunkOptions
    }
  | { type: 'cancel'; requestId: number }

/**
 * What the extraction worker answers; `page` messages report progress of a read or extract, and
 * `pageChunks` carry a page's chunks early (see EarlyChunks).
 */
export type ExtractionResponse =
  | { type: 'page'; requestId: number; done: number; total: number }
  | { type: 'ocrPage'; requestId: number; done: number; total: number }
  | { type: 'pageChunks'; requestId: number; chunks: Chunk[] }
  | { type: 'read'; requestId: number; content: PdfContent }
  | { type: 'extracted'; requestId: number; paper: ExtractedPaper }
  | { type: 'chunks'; requestId: number; chunks: Chunk[] }
  | { type: 'failed'; requestId: number; error: ExtractionError }

/** An error carried across the thread boundary; `code` rebuilds a UserFacingError. */
export interface ExtractionError {
  message: string
  code: string | null
  stack?: string
}
