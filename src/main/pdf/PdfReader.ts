/** One run of text on a page, in PDF user space (origin bottom-left). */
export interface PdfTextItem {
  str: string
  x: number
  y: number
  width: number
  /** Glyph height in points, from the text matrix. */
  fontSize: number
  fontName: string
  /** True when the PDF marks a line break after this item. */
  hasEOL: boolean
}

/** A rectangle in PDF user space (points, origin bottom-left). */
export interface PdfBox {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** The text items of one page. `page` is the 1-based PDF page number. */
export interface PdfPageItems {
  page: number
  width: number
  height: number
  items: PdfTextItem[]
  /**
   * Where images and drawn paths are, read only on pages whose text looks like it has a figure
   * or table caption (the operator list costs a second pass over the page).
   */
  graphics?: PdfBox[]
}

/** The document information dictionary, reduced to what the catalog uses. */
export interface PdfInfo {
  title: string | null
  author: string | null
  subject: string | null
  /** `D:YYYYMMDD...` as stored in the PDF, or null. */
  creationDate: string | null
}

/** Everything ingestion reads from a PDF. */
export interface PdfContent {
  numPages: number
  info: PdfInfo
  pages: PdfPageItems[]
}

/** Options for {@link PdfReader.read}. */
export interface PdfReadOptions {
  /** How the paper is named in error messages (file name or arXiv id). */
  label?: string
  signal?: AbortSignal
  /** Called after each page, so callers can report progress. */
  onPage?: (done: number, total: number) => void
  /** Called with each page's items as soon as it is read, before the rest of the document. */
  onPageItems?: (page: PdfPageItems) => void
}

/**
 * Reads the text layer of a PDF, page by page. Implementation: PdfjsReader.
 * @remarks Failures a person can act on are thrown as UserFacingError with NOT_A_PDF,
 * PDF_ENCRYPTED or PDF_UNREADABLE, naming the paper.
 */
export interface PdfReader {
  read(bytes: Uint8Array, options?: PdfReadOptions): Promise<PdfContent>
  /** Gets ready to read (optional), so the first paper does not wait for set-up. */
  warmUp?(): void
}

/** True when the bytes start with the `%PDF-` signature (after optional leading junk bytes). */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  // The spec allows up to 1024 bytes before the header; real files sometimes have a BOM or junk.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  return head.includes('%PDF-')
}
