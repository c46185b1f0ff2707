import { setImmediate as yieldToLoop } from 'node:timers/promises'
import type { Chunk, PageText } from '../domain'
import { chunkPages, type ChunkOptions } from './chunker'
import { extractPaper, type ExtractedPaper } from './extractPaper'
import type { PdfReader, PdfReadOptions } from '../pdf/PdfReader'
import type { PageRecognizer } from '../ocr/PageRecognizer'
import type { SectionMark } from './sections'

/** Asks for each page's chunks as soon as the page is read, before the paper's sections are known. */
export interface EarlyChunks {
  paperId: string
  options: ChunkOptions
  /**
   * One page's chunks. The paper's final chunks have the same ids and texts (chunks never cross
   * a page), but their sections are only known once every page is read.
   */
  onChunks: (chunks: Chunk[]) => void
}

/** Options for {@link PaperProcessor.extract}. */
export interface ProcessOptions extends PdfReadOptions {
  early?: EarlyChunks
  /** Read pages without a usable text layer by OCR, in these languages. */
  ocr?: { languages: readonly string[]; onPage?: (done: number, total: number) => void }
}

/**
 * Turns PDF bytes into a paper's text and its text into chunks: the CPU-heavy part of ingestion.
 * @remarks Implemented in a worker thread by WorkerPdfReader, and in the calling thread by
 * {@link paperProcessorFor} for any other {@link PdfReader}.
 */
export interface PaperProcessor {
  extract(bytes: Uint8Array, options?: ProcessOptions): Promise<ExtractedPaper>
  chunk(
    paperId: string,
    pages: PageText[],
    marks: SectionMark[],
    options: ChunkOptions
  ): Promise<Chunk[]>
}

/** The chunks of one page as {@link EarlyChunks} delivers them. */
export function pageChunks(early: Omit<EarlyChunks, 'onChunks'>, page: PageText): Chunk[] {
  return chunkPages(early.paperId, [page], [], early.options)
}

/** True when a reader also extracts and chunks itself (off the main thread). */
export function isPaperProcessor(reader: PdfReader): reader is PdfReader & PaperProcessor {
  const r = reader as Partial<PaperProcessor>
  return typeof r.extract === 'function' && typeof r.chunk === 'function'
}

/**
 * The reader itself when it is a {@link PaperProcessor} (it does its own OCR), else in-thread
 * extraction and chunking, with OCR by `recognizer` when there is one.
 * @remarks In-thread chunking goes page by page with a yield in between, so a long paper never
 * freezes the process for its whole length.
 */
export function paperProcessorFor(
  reader: PdfReader,
  recognizer: PageRecognizer | null = null
): PaperProcessor {
  if (isPaperProcessor(reader)) return reader
  return {
    extract: (bytes, { early, ocr, ...options } = {}) =>
      extractPaper(reader, bytes, {
        ...options,
        onPageText: early && ((p) => early.onChunks(pageChunks(early, p))),
        ocr: ocr && recognizer ? { recognizer, ...ocr } : undefined
      }),
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
