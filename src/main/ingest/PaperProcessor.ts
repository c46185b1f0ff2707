import { setImmediate as yieldToLoop } from 'node:timers/promises'
import type { Chunk, PageText } from '../domain'
import { chunkPages, type ChunkOptions } from './chunker'
import { extractPaper, type ExtractedPaper } from './extractPaper'
import type { PdfReader, PdfReadOptions } from './PdfReader'
import type { SectionMark } from './sections'

/**
 * Turns PDF bytes into a paper's text and its text into chunks: the CPU-heavy part of ingestion.
 * @remarks Implemented in a worker thread by WorkerPdfReader, and in the calling thread by
 * {@link paperProcessorFor} for any other {@link PdfReader}.
 */
export interface PaperProcessor {
  extract(bytes: Uint8Array, options?: PdfReadOptions): Promise<ExtractedPaper>
  chunk(
    paperId: string,
    pages: PageText[],
    marks: SectionMark[],
    options: ChunkOptions
  ): Promise<Chunk[]>
}

/** True when a reader also extracts and chunks itself (off the main thread). */
export function isPaperProcessor(reader: PdfReader): reader is PdfReader & PaperProcessor {
  const r = reader as Partial<PaperProcessor>
  return typeof r.extract === 'function' && typeof r.chunk === 'function'
}

/**
 * The reader itself when it is a {@link PaperProcessor}, else in-thread extraction and chunking.
 * @remarks In-thread chunking goes page by page with a yield in between, so a long paper never
 * freezes the process for its whole length.
 */
export function paperProcessorFor(reader: PdfReader): PaperProcessor {
  if (isPaperProcessor(reader)) return reader
  return {
    extract: (bytes, options) => extractPaper(reader, bytes, options),
    async chunk(paperId, pages, marks, options) {
      const chunks: Chunk[] = []
      for (const page of pages) {
        chunks.push(...chunkPages(paperId, [page], marks, options))
        await yieldToLoop()
      }
      return chunks
    }
  }
}
