import { throwIfAborted, UserFacingError } from '../errors'
import { loadPdfjs, mapOpenError, openDocument, standardFontDir } from './pdfjs'

/** A canvas a page is drawn on, as @napi-rs/canvas provides it (see ocr/pageCanvas.ts). */
export interface PageCanvas {
  width: number
  height: number
  canvas: unknown
  context: {
    fillStyle: string | unknown
    fillRect(x: number, y: number, w: number, h: number): void
  }
}

/** Makes canvases for {@link PdfRenderer.renderPages}. */
export interface PageCanvasFactory {
  create(width: number, height: number): PageCanvas
}

/** Draws PDF pages with pdf.js (legacy build, in-process fake worker), for OCR and page images. */
export class PdfRenderer {
  constructor(private readonly fontDir: string = standardFontDir()) {}

  /**
   * Draws pages of a PDF onto canvases from `canvas` and hands each to `use`, one at a time.
   * @remarks For OCR and for showing a page to the model. Pages are drawn on white: a scan's
   * image has no transparency, but vector pages do, and OCR reads transparent as black.
   */
  async renderPages<T>(
    bytes: Uint8Array,
    pages: readonly number[],
    scale: number,
    canvas: PageCanvasFactory,
    use: (page: number, image: PageCanvas) => Promise<T>,
    options: { label?: string; signal?: AbortSignal } = {}
  ): Promise<T[]> {
    const label = options.label ?? 'This file'
    const pdfjs = await loadPdfjs()
    const task = openDocument(pdfjs, bytes, this.fontDir)
    try {
      const doc = await task.promise.catch((e: unknown) => {
        throw mapOpenError(e, label)
      })
      const out: T[] = []
      for (const n of pages) {
        throwIfAborted(options.signal, { key: 'cancelledReading', params: { file: label } })
        if (n < 1 || n > doc.numPages) {
          throw new UserFacingError('INVALID_INPUT', {
            key: 'pdfNoSuchPage',
            params: { file: label, count: doc.numPages, page: n }
          })
        }
        const page = await doc.getPage(n)
        const viewport = page.getViewport({ scale })
        const target = canvas.create(Math.ceil(viewport.width), Math.ceil(viewport.height))
        target.context.fillStyle = '#ffffff'
        target.context.fillRect(0, 0, target.width, target.height)
        // The DOM canvas types are not in the Node build; @napi-rs/canvas implements them.
        type RenderParameters = Parameters<typeof page.render>[0]
        await page.render({
          canvas: target.canvas,
          canvasContext: target.context,
          viewport
        } as unknown as RenderParameters).promise
        page.cleanup()
        out.push(await use(n, target))
      }
      return out
    } finally {
      await task.destroy().catch(() => undefined)
    }
  }
}
