import type { SectionSpan } from '../../shared/types'
import type { PageText } from '../domain'
import { UserFacingError } from '../errors'
import { cleanPage } from './cleanup'
import { readMetadata, type PaperMetadata } from './metadata'
import { pageLines } from './pageLines'
import type { PdfPageItems, PdfReader, PdfReadOptions } from './PdfReader'
import { detectSections, sectionSpans, type LayoutPage, type SectionMark } from './sections'

/**
 * Fewer letters and digits than this per page, on average, means no usable text layer.
 * @remarks Calibrated on PDF.js's own test files: a scan with a stray 5-character text layer is
 * refused, a 3-page document with 42 characters is kept.
 */
export const MIN_CHARS_PER_PAGE = 10

/** A paper's text and what was read from it. */
export interface ExtractedPaper {
  pages: PageText[]
  metadata: PaperMetadata
  sections: SectionSpan[]
  marks: SectionMark[]
}

/** Options for {@link extractPaper}. */
export interface ExtractOptions extends PdfReadOptions {
  /** Called with each page's cleaned text as soon as the page is read. */
  onPageText?: (page: PageText) => void
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
  const done = new Map<number, { text: PageText; layout: LayoutPage }>()
  const clean = (p: PdfPageItems): void => {
    if (done.has(p.page)) return
    const lines = pageLines(p)
    const cleaned = cleanPage(lines)
    const text = { page: p.page, text: cleaned.text }
    done.set(p.page, {
      text,
      layout: {
        page: p.page,
        lines: lines
          .map((l, i) => ({
            text: l.text.trim(),
            fontSize: l.fontSize,
            offset: cleaned.lineOffsets[i]!
          }))
          .filter((l) => l.offset >= 0)
      }
    })
    options.onPageText?.(text)
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
  const pages = content.pages.map((p) => done.get(p.page)!.text)
  const layout = content.pages.map((p) => done.get(p.page)!.layout)
  const label = options.label ?? 'This PDF'
  const chars = pages.reduce((n, p) => n + (p.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0)
  if (chars < MIN_CHARS_PER_PAGE * Math.max(1, content.numPages)) {
    throw new UserFacingError(
      'NO_TEXT',
      chars === 0
        ? { key: 'noText', params: { file: label, count: content.numPages } }
        : { key: 'almostNoText', params: { file: label, chars, count: content.numPages } }
    )
  }
  const marks = detectSections(layout)
  const metadata = readMetadata(content.info, layout[0]?.lines ?? [], pages[0]?.text ?? '')
  return { pages, metadata, sections: sectionSpans(marks, content.numPages), marks }
}
