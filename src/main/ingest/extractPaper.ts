import type { SectionSpan } from '../../shared/types'
import type { PageText } from '../domain'
import { UserFacingError } from '../errors'
import { cleanPage } from './cleanup'
import { readMetadata, type PaperMetadata } from './metadata'
import { pageLines } from './pageLines'
import type { PdfReader, PdfReadOptions } from './PdfReader'
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

/**
 * Reads a PDF into cleaned page text, metadata and sections.
 * @remarks A PDF with (almost) no text layer is refused with NO_TEXT: indexing it would give a
 * paper that no search ever finds.
 */
export async function extractPaper(
  reader: PdfReader,
  bytes: Uint8Array,
  options: PdfReadOptions = {}
): Promise<ExtractedPaper> {
  const content = await reader.read(bytes, options)
  const pages: PageText[] = []
  const layout: LayoutPage[] = []
  for (const p of content.pages) {
    const lines = pageLines(p)
    const clean = cleanPage(lines)
    pages.push({ page: p.page, text: clean.text })
    layout.push({
      page: p.page,
      lines: lines
        .map((l, i) => ({
          text: l.text.trim(),
          fontSize: l.fontSize,
          offset: clean.lineOffsets[i]!
        }))
        .filter((l) => l.offset >= 0)
    })
  }
  const label = options.label ?? 'This PDF'
  const chars = pages.reduce((n, p) => n + (p.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0)
  if (chars < MIN_CHARS_PER_PAGE * Math.max(1, content.numPages)) {
    throw new UserFacingError(
      'NO_TEXT',
      chars === 0
        ? `${label} has no extractable text (${content.numPages} page${content.numPages === 1 ? '' : 's'}): it is probably a scan or blank. Run OCR on it and add the searchable PDF.`
        : `${label} has almost no extractable text (${chars} characters in ${content.numPages} page${content.numPages === 1 ? '' : 's'}): it is probably a scan. Run OCR on it and add the searchable PDF.`
    )
  }
  const marks = detectSections(layout)
  const metadata = readMetadata(content.info, layout[0]?.lines ?? [], pages[0]?.text ?? '')
  return { pages, metadata, sections: sectionSpans(marks, content.numPages), marks }
}
