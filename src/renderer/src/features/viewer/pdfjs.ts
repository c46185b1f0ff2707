import {
  getDocument,
  GlobalWorkerOptions,
  PixelsPerInch,
  TextLayer,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy
} from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

// Vite emits the worker as an asset and gives its URL relative to this module, so it resolves
// both over http and from file:// in the packaged app. From file:// pdf.js wraps it in a blob
// module worker; if workers are refused it falls back to running the worker code in-page.
GlobalWorkerOptions.workerSrc = workerUrl

/** CSS pixels per PDF point at 100% zoom. */
export const CSS_PER_PDF_UNIT = PixelsPerInch.PDF_TO_CSS_UNITS

/** A page's size in CSS pixels at 100% zoom. */
export interface PageSize {
  width: number
  height: number
}

/** One page drawn on a canvas with its selectable text layer. */
export interface RenderedPage {
  /** The text-layer spans, one per text item. */
  spans: HTMLElement[]
  /** Each item's text, aligned with `spans`. */
  items: string[]
}

/** One entry of a PDF's outline, flattened with its depth; `page` is null when unresolvable. */
export interface OutlineEntry {
  title: string
  depth: number
  page: number | null
}

/** A running page render that can be cancelled. */
export interface RenderTask {
  done: Promise<RenderedPage>
  cancel: () => void
}

/**
 * An open PDF, rendered with pdf.js: the only file in the renderer that imports pdfjs-dist.
 */
export class PdfjsDocument {
  private constructor(
    private readonly task: PDFDocumentLoadingTask,
    private readonly doc: PDFDocumentProxy
  ) {}

  /** Opens a PDF from its bytes. */
  static async open(data: Uint8Array): Promise<PdfjsDocument> {
    const task = getDocument({ data, enableXfa: false })
    return new PdfjsDocument(task, await task.promise)
  }

  /** The number of pages. */
  get numPages(): number {
    return this.doc.numPages
  }

  /** A page's size at 100% zoom. */
  async pageSize(pageNumber: number): Promise<PageSize> {
    const page = await this.doc.getPage(pageNumber)
    const vp = page.getViewport({ scale: CSS_PER_PDF_UNIT })
    return { width: vp.width, height: vp.height }
  }

  /** Draws a page at `zoom` into `canvas` and builds its text layer in `textLayer`. */
  render(
    pageNumber: number,
    zoom: number,
    canvas: HTMLCanvasElement,
    textLayer: HTMLElement
  ): RenderTask {
    let cancelled = false
    let cancelDraw = (): void => {}
    let cancelText = (): void => {}
    const done = (async (): Promise<RenderedPage> => {
      const page = await this.doc.getPage(pageNumber)
      if (cancelled) throw new Error('cancelled')
      const viewport = page.getViewport({ scale: zoom * CSS_PER_PDF_UNIT })
      const ratio = window.devicePixelRatio || 1
      canvas.width = Math.floor(viewport.width * ratio)
      canvas.height = Math.floor(viewport.height * ratio)
      canvas.style.width = `${Math.floor(viewport.width)}px`
      canvas.style.height = `${Math.floor(viewport.height)}px`
      const draw = page.render({
        canvas,
        viewport,
        transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined
      })
      cancelDraw = () => draw.cancel()
      textLayer.replaceChildren()
      const content = await page.getTextContent()
      // Cancelled while the text was read: a newer drawing owns the text layer now.
      if (cancelled) throw new Error('cancelled')
      const text = new TextLayer({
        textContentSource: content,
        container: textLayer,
        viewport
      })
      cancelText = () => text.cancel()
      await Promise.all([draw.promise, text.render()])
      return { spans: text.textDivs, items: text.textContentItemsStr }
    })()
    return {
      done,
      cancel: () => {
        cancelled = true
        cancelDraw()
        cancelText()
      }
    }
  }

  /** A page's text items (the strings its text layer's spans hold, in the same order). */
  async pageItems(pageNumber: number): Promise<string[]> {
    const page = await this.doc.getPage(pageNumber)
    const content = await page.getTextContent()
    return content.items.map((item) => ('str' in item ? item.str : ''))
  }

  /** Draws a small picture of a page, `width` CSS pixels wide, for the thumbnails. */
  async renderThumbnail(
    pageNumber: number,
    width: number,
    canvas: HTMLCanvasElement
  ): Promise<void> {
    const page = await this.doc.getPage(pageNumber)
    const base = page.getViewport({ scale: 1 })
    const viewport = page.getViewport({ scale: width / base.width })
    const ratio = window.devicePixelRatio || 1
    canvas.width = Math.floor(viewport.width * ratio)
    canvas.height = Math.floor(viewport.height * ratio)
    await page.render({
      canvas,
      viewport,
      transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined
    }).promise
  }

  /** The PDF's outline (bookmarks) with the page each entry points to; empty when it has none. */
  async outline(): Promise<OutlineEntry[]> {
    const raw = (await this.doc.getOutline()) ?? []
    const resolve = async (
      items: typeof raw,
      depth: number,
      out: OutlineEntry[]
    ): Promise<OutlineEntry[]> => {
      for (const item of items) {
        out.push({ title: item.title, depth, page: await this.destinationPage(item.dest) })
        if (item.items?.length) await resolve(item.items, depth + 1, out)
      }
      return out
    }
    return resolve(raw, 0, [])
  }

  private async destinationPage(dest: unknown): Promise<number | null> {
    try {
      const explicit = typeof dest === 'string' ? await this.doc.getDestination(dest) : dest
      if (!Array.isArray(explicit) || explicit.length === 0) return null
      const ref = explicit[0] as unknown
      if (typeof ref === 'number') return ref + 1
      return (
        (await this.doc.getPageIndex(ref as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1
      )
    } catch {
      return null
    }
  }

  /** Frees the document and its worker-side resources. */
  async destroy(): Promise<void> {
    await this.task.destroy()
  }
}
