import type { SectionSpan } from '../../shared/types'
import { dominantLanguage, type ContentLanguage } from '../language/detectLanguage'
import type { PageText } from '../domain'
import { throwIfAborted, UserFacingError } from '../errors'
import { recognizeScans } from '../ocr/ocrLanguage'
import type { PageRecognizer } from '../ocr/PageRecognizer'
import { cleanPage, composeAccents } from './cleanup'
import { detectFigures } from './figures'
import { readMetadata, type PaperMetadata } from './metadata'
import { PageFurniture } from './pageFurniture'
import { pageLines } from './pageLines'
import type { PdfPageItems, PdfReader, PdfReadOptions } from '../pdf/PdfReader'
import { detectSections, sectionSpans, type LayoutPage, type SectionMark } from './sections'
import { letterCount, MIN_CHARS_PER_PAGE, needsOcr } from './textQuality'

export { MIN_CHARS_PER_PAGE }

/** OCR for pages without a usable text layer. */
export interface OcrStage {
  recognizer: PageRecognizer
  /**
   * The chosen languages (Settings): used when the paper's text-layer pages do not say which
   * language its scanned pages are in (see {@link recognizeScans}).
   */
  languages: readonly string[]
  /** Progress over the pages being recognised. */
  onPage?: (done: number, total: number) => void
}

/** A paper's text and what was read from it. */
export interface ExtractedPaper {
  pages: PageText[]
  metadata: PaperMetadata & { language: ContentLanguage | null }
  sections: SectionSpan[]
  marks: SectionMark[]
  /** Pages without a usable text layer: read by OCR, or skipped as blank; null when none. */
  ocr: OcrCounts | null
  /** Lines left out of the text as page furniture (running headers, page numbers, line numbers). */
  furniture: number
}

/** What OCR did for a paper: pages it read, and text-less pages skipped as blank (no ink). */
export interface OcrCounts {
  pages: number
  skipped: number
  /** The Tesseract languages the pages were read with. */
  languages: string[]
}

/** Options for {@link extractPaper}. */
export interface ExtractOptions extends PdfReadOptions {
  /** Called with each page's cleaned text as soon as the page is read. */
  onPageText?: (page: PageText) => void
  /** Reads pages with no (or a garbled) text layer from their images; without it they stay empty. */
  ocr?: OcrStage
}

/**
 * Reads a PDF into cleaned page text, metadata and sections.
 * @remarks Each page is cleaned as soon as it is read (cleanup never looks across pages), so
 * callers can start on the first pages while the rest are read. A PDF with (almost) no text
 * layer is refused with NO_TEXT: indexing it would give a paper that no search ever finds.
 */
export async function extractPaper(
  reader: PdfReader,
  bytes: Uint8Array,
  options: ExtractOptions = {}
): Promise<ExtractedPaper> {
  const done = new Map<number, { text: PageText; layout: LayoutPage; fullLayout: LayoutPage }>()
  const scanned: number[] = []
  // Per paper: what one paper's headers were says nothing about the next one's.
  const furniture = new PageFurniture()
  const clean = (p: PdfPageItems & Partial<Pick<PageText, 'ocr'>>): void => {
    if (done.has(p.page) && !p.ocr) return
    const lines = pageLines(p)
    const dropped = furniture.drop(p.page, lines, p.height)
    const cleaned = cleanPage(lines, dropped)
    const figures = detectFigures(p, lines, cleaned.lineOffsets, cleaned.text)
    const text: PageText = {
      page: p.page,
      text: cleaned.text,
      ...(p.ocr && { ocr: p.ocr }),
      ...(figures.length > 0 && { figures })
    }
    const layoutLines = lines
      .map((l, i) => ({
        text: composeAccents(l.text.trim()),
        fontSize: l.fontSize,
        offset: cleaned.lineOffsets[i]!,
        x: l.x,
        top: p.height > 0 ? 1 - l.y / p.height : undefined,
        furniture: dropped[i]! && l.text.trim() !== ''
      }))
      .filter((l) => l.offset >= 0 || l.furniture)
    done.set(p.page, {
      text,
      // Headings are never furniture; metadata still sees it, since a line the first page shares
      // with the others is how a running header on the first page is told from the title.
      layout: { page: p.page, lines: layoutLines.filter((l) => !l.furniture) },
      fullLayout: { page: p.page, lines: layoutLines }
    })
    // A page OCR will read is announced once it has been read.
    if (!p.ocr && options.ocr && needsOcr(text.text)) scanned.push(p.page)
    else options.onPageText?.(text)
  }
  const content = await reader.read(bytes, {
    ...options,
    onPageItems: (p) => {
      options.onPageItems?.(p)
      clean(p)
    }
  })
  // A reader that does not report pages as it goes is cleaned here.
  for (const p of content.pages) clean(p)
  const label = options.label ?? 'This PDF'
  const ocr = options.ocr
  let counts: OcrCounts | null = null
  let languages: readonly string[] = []
  if (ocr && scanned.length > 0) {
    const wanted = [...new Set(scanned)].sort((a, b) => a - b)
    const scans = new Set(wanted)
    const reading = await recognizeScans(
      ocr.recognizer,
      bytes,
      wanted,
      content.pages.filter((p) => !scans.has(p.page)).map((p) => done.get(p.page)!.text.text),
      ocr.languages,
      { label, signal: options.signal, onPage: ocr.onPage }
    )
    languages = reading.languages
    const recognized = reading.pages
    throwIfAborted(options.signal, { key: 'cancelledReading', params: { file: label } })
    for (const p of recognized) clean(p)
    const read = new Set(recognized.map((p) => p.page))
    // A blank page keeps its (empty) text layer, announced like any page.
    for (const n of wanted) if (!read.has(n)) options.onPageText?.(done.get(n)!.text)
    counts = { pages: read.size, skipped: wanted.length - read.size, languages: [...languages] }
  }
  const pages = content.pages.map((p) => done.get(p.page)!.text)
  const layout = content.pages.map((p) => done.get(p.page)!.layout)
  const chars = pages.reduce((n, p) => n + letterCount(p.text), 0)
  if (chars < MIN_CHARS_PER_PAGE * Math.max(1, content.numPages)) {
    if (ocr && counts && counts.pages > 0) throw unreadableScan(label, pages, languages, chars)
    throw new UserFacingError(
      'NO_TEXT',
      chars === 0
        ? { key: 'noText', params: { file: label, count: content.numPages } }
        : { key: 'almostNoText', params: { file: label, chars, count: content.numPages } }
    )
  }
  const marks = detectSections(layout)
  const metadata = {
    ...readMetadata(
      content.info,
      content.pages.slice(0, 8).map((p) => done.get(p.page)!.fullLayout),
      pages.slice(0, 8).map((p) => p.text)
    ),
    language: dominantLanguage(pages.map((p) => p.text))
  }
  const furnitureLines = content.pages.reduce(
    (n, p) => n + done.get(p.page)!.fullLayout.lines.filter((l) => l.furniture).length,
    0
  )
  return {
    pages,
    metadata,
    sections: sectionSpans(marks, content.numPages),
    marks,
    ocr: counts,
    furniture: furnitureLines
  }
}

/** A scan OCR could not read: what it found, and what the person can try. */
function unreadableScan(
  label: string,
  pages: readonly PageText[],
  languages: readonly string[],
  chars: number
): UserFacingError {
  const read = pages.filter((p) => p.ocr)
  const words = read.flatMap((p) => p.ocr!.words)
  const confidence = words.length
    ? Math.round(words.reduce((n, w) => n + w.confidence, 0) / words.length)
    : 0
  const n = read.length
  const params = { file: label, chars, count: n, languages: languages.join(', ') }
  return new UserFacingError(
    'NO_TEXT',
    words.length
      ? { key: 'scanUnreadableScored', params: { ...params, confidence } }
      : { key: 'scanUnreadable', params }
  )
}
