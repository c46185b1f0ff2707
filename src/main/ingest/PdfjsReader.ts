import { setImmediate as yieldToLoop } from 'node:timers/promises'
import { throwIfAborted, UserFacingError } from '../errors'
import { needsGraphics } from './figures'
import { graphicBoxes, type OperatorList } from './graphicBoxes'
import {
  hasPdfSignature,
  type PdfBox,
  type PdfContent,
  type PdfInfo,
  type PdfPageItems,
  type PdfReader,
  type PdfReadOptions,
  type PdfTextItem
} from '../pdf/PdfReader'
import {
  errorText,
  loadPdfjs,
  mapOpenError,
  openDocument,
  standardFontDir,
  type PdfDoc,
  type PdfjsModule
} from '../pdf/pdfjs'

/**
 * {@link PdfReader} on pdfjs-dist (legacy build, in-process fake worker).
 * @remarks pdf.js is loaded by pdf/pdfjs.ts (shared with OCR's page renderer). Yields to the event loop between pages so a long
 * PDF never freezes the process.
 */
export class PdfjsReader implements PdfReader {
  constructor(private readonly fontDir: string = standardFontDir()) {}

  async read(bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfContent> {
    const label = options.label ?? 'This file'
    if (bytes.length === 0) {
      throw new UserFacingError('NOT_A_PDF', { key: 'pdfEmpty', params: { file: label } })
    }
    if (!hasPdfSignature(bytes)) {
      throw new UserFacingError('NOT_A_PDF', { key: 'notPdf', params: { file: label } })
    }
    const pdfjs = await loadPdfjs()
    const task = openDocument(pdfjs, bytes, this.fontDir)
    try {
      const doc = await task.promise.catch((e: unknown) => {
        throw mapOpenError(e, label)
      })
      const meta = await doc.getMetadata().catch(() => null)
      const info = readInfo(meta?.info)
      const pages: PdfPageItems[] = []
      for (let n = 1; n <= doc.numPages; n++) {
        throwIfAborted(options.signal, { key: 'cancelledReading', params: { file: label } })
        const page = await readPage(pdfjs, doc, n, label)
        pages.push(page)
        options.onPageItems?.(page)
        options.onPage?.(n, doc.numPages)
        await yieldToLoop()
      }
      return { numPages: doc.numPages, info, pages }
    } finally {
      await task.destroy().catch(() => undefined)
    }
  }
}

async function readPage(
  pdfjs: PdfjsModule,
  doc: PdfDoc,
  n: number,
  label: string
): Promise<PdfPageItems> {
  try {
    const page = await doc.getPage(n)
    const [, , width, height] = page.view
    const content = await page.getTextContent()
    const items: PdfTextItem[] = []
    for (const it of content.items) {
      if (!('str' in it)) continue
      const [, b, c, d, e, f] = it.transform as number[]
      items.push({
        str: it.str,
        x: e!,
        y: f!,
        width: it.width,
        fontSize: Math.hypot(c!, d!) || Math.abs(b!) || it.height,
        fontName: it.fontName,
        hasEOL: it.hasEOL
      })
    }
    // Only a page with a figure the text layout cannot place pays for a second pass.
    let graphics: PdfBox[] | undefined
    if (needsGraphics({ page: n, width: width!, height: height!, items })) {
      graphics = graphicBoxes(pdfjs.OPS, (await page.getOperatorList()) as OperatorList)
    }
    page.cleanup()
    return { page: n, width: width!, height: height!, items, ...(graphics && { graphics }) }
  } catch (cause) {
    throw new UserFacingError(
      'PDF_UNREADABLE',
      { key: 'pdfPageUnreadable', params: { file: label, page: n, detail: errorText(cause) } },
      { cause }
    )
  }
}

function readInfo(raw: unknown): PdfInfo {
  const info = (raw ?? {}) as Record<string, unknown>
  const text = (k: string): string | null => {
    const v = info[k]
    return typeof v === 'string' && v.trim() ? v.trim() : null
  }
  return {
    title: text('Title'),
    author: text('Author'),
    subject: text('Subject'),
    creationDate: text('CreationDate')
  }
}
