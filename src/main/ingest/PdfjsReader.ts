import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
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
} from './PdfReader'

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let pdfjsPromise: Promise<PdfjsModule> | null = null

function loadPdfjs(): Promise<PdfjsModule> {
  // Loaded on first use so app startup does not pay for pdf.js.
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs')
  return pdfjsPromise
}

/** Starts loading pdf.js now (~1 s of module evaluation), so the first read does not wait. */
export function preloadPdfjs(): Promise<unknown> {
  return loadPdfjs()
}

/** The folder of pdf.js's standard fonts, as the filesystem path (ending in '/') it wants. */
export function standardFontDir(): string {
  // CommonJS (the bundled main process, tsx) has `require`; ES modules need createRequire.
  const req = typeof require === 'function' ? require : createRequire(import.meta.url)
  return join(dirname(req.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/'
}

/**
 * {@link PdfReader} on pdfjs-dist (legacy build, in-process fake worker).
 * @remarks The only pdfjs-dist import in main. Yields to the event loop between pages so a long
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

/** A canvas a page is drawn on, as @napi-rs/canvas provides it (see pageCanvas.ts). */
export interface PageCanvas {
  width: number
  height: number
  canvas: unknown
  context: {
    fillStyle: string | unknown
    fillRect(x: number, y: number, w: number, h: number): void
  }
}

/** Makes canvases for {@link PdfjsReader.renderPages}. */
export interface PageCanvasFactory {
  create(width: number, height: number): PageCanvas
}

function openDocument(pdfjs: PdfjsModule, bytes: Uint8Array, fontDir: string) {
  return pdfjs.getDocument({
    // pdf.js decodes JBIG2 and JPEG 2000 images (the usual compression of scans) with its
    // WebAssembly decoders, found beside the standard fonts; without them a scan draws blank.
    wasmUrl: join(fontDir, '..', 'wasm') + '/',
    // pdf.js transfers (detaches) the buffer it is given; keep the caller's bytes intact.
    data: bytes.slice(),
    standardFontDataUrl: fontDir,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0
  })
}

type PdfDoc = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>

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

function mapOpenError(e: unknown, label: string): UserFacingError {
  const name = (e as { name?: string } | null)?.name
  if (name === 'PasswordException') {
    return new UserFacingError(
      'PDF_ENCRYPTED',
      { key: 'pdfEncrypted', params: { file: label } },
      { cause: e }
    )
  }
  return new UserFacingError(
    'PDF_UNREADABLE',
    { key: 'pdfDamaged', params: { file: label, detail: errorText(e) } },
    { cause: e }
  )
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e)
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
