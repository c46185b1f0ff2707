import type { Chunk, PageText } from '../domain'
import type { ChunkOptions } from './chunker'
import type { ExtractedPaper } from './extractPaper'
import type { PdfContent } from '../pdf/PdfReader'
import type { SectionMark } from './sections'

/** Sent while a PDF is read: progress, and (when asked for) each page's chunks as it is read. */
export type ExtractionEvent =
  | { type: 'page'; done: number; total: number }
  | { type: 'ocrPage'; done: number; total: number }
  | { type: 'pageChunks'; chunks: Chunk[] }

/** The extraction worker's methods (see WorkerClient). */
export type ExtractionApi = {
  read: {
    input: { bytes: Uint8Array; label?: string }
    output: PdfContent
    event: ExtractionEvent
  }
  extract: {
    input: {
      bytes: Uint8Array
      label?: string
      /** When set, each page's chunks are sent (`pageChunks`) as soon as the page is read. */
      early?: { paperId: string; options: ChunkOptions }
      /** When set, pages without a usable text layer are read by OCR in these languages. */
      ocr?: { languages: string[] }
    }
    output: ExtractedPaper
    event: ExtractionEvent
  }
  chunk: {
    input: { paperId: string; pages: PageText[]; marks: SectionMark[]; options: ChunkOptions }
    output: Chunk[]
  }
}
