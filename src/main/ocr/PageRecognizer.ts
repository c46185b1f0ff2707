import type { Region } from '../../shared/types'
import type { PageOcr } from '../domain'
import type { PdfPageItems } from '../pdf/PdfReader'

/** One page read by OCR: its words as text items (so layout code treats it like any page). */
export interface RecognizedPage extends PdfPageItems {
  ocr: PageOcr
}

/** Options for {@link PageRecognizer.recognize}. */
export interface RecognizeOptions {
  /** Tesseract language codes (Settings.ocrLanguages). */
  languages: readonly string[]
  /** How the paper is named in error messages. */
  label?: string
  signal?: AbortSignal
  /** Called after each page is recognised. */
  onPage?: (done: number, total: number) => void
}

/**
 * Reads pages of a PDF from their images (OCR). Implementations: TesseractRecognizer (in the
 * calling thread), WorkerRecognizer (in a low-priority worker).
 * @remarks Nothing is fetched: the engine and its language data come from npm packages.
 */
export interface PageRecognizer {
  /**
   * Reads `pages` from their images. A page with no ink on it (blank) is not read and is left
   * out of the result; `onPage` counts over the pages that are read.
   */
  recognize(
    bytes: Uint8Array,
    pages: readonly number[],
    options: RecognizeOptions
  ): Promise<RecognizedPage[]>
}

/** Draws one page, or a region of it, as a PNG (to show a model, or a figure in the chat). */
export interface PageImager {
  /** A PNG of the page (or of `region` of it) about `width` pixels wide. */
  pagePng(
    bytes: Uint8Array,
    page: number,
    width: number,
    label?: string,
    region?: Region
  ): Promise<Uint8Array>
}
