import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { createWorker, type Worker as TesseractWorker } from 'tesseract.js'
import { OCR_LANGUAGES, type Region } from '../../shared/types'
import type { OcrWord } from '../domain'
import { throwIfAborted, UserFacingError } from '../errors'
import { PdfjsReader, type PageCanvas } from '../ingest/PdfjsReader'
import type { PdfTextItem } from '../ingest/PdfReader'
import type { PageImager, PageRecognizer, RecognizedPage, RecognizeOptions } from './PageRecognizer'
import { napiCanvas, pngOf } from './pageCanvas'

/**
 * Pages are drawn at twice their size in points (144 dpi) for OCR.
 * @remarks Measured on a scanned Transformer page: confidence 91 at this scale; larger only
 * slows recognition.
 */
export const OCR_SCALE = 2

/** Where each OCR language's data ships (`<lang>.traineddata.gz` in an npm package folder). */
const LANGUAGE_DATA: Record<(typeof OCR_LANGUAGES)[number], string> = {
  // The integer-quantised "best" model: about as accurate as `4.0.0`, a quarter of its size.
  eng: '@tesseract.js-data/eng/4.0.0_best_int'
}

/** The folder holding `<lang>.traineddata.gz` for a language. */
export function languageDataDir(language: string): string {
  const spec = LANGUAGE_DATA[language as keyof typeof LANGUAGE_DATA]
  if (!spec) {
    throw new UserFacingError(
      'INVALID_INPUT',
      `OCR has no data for the language "${language}"; the languages it can read are: ${OCR_LANGUAGES.join(', ')}.`
    )
  }
  const [scope, name, ...folder] = spec.split('/')
  const req = typeof require === 'function' ? require : createRequire(import.meta.url)
  return join(dirname(req.resolve(`${scope}/${name}/package.json`)), ...folder)
}

/**
 * {@link PageRecognizer} on tesseract.js: pages drawn by pdf.js onto @napi-rs/canvas, read by
 * Tesseract's LSTM engine (WebAssembly).
 * @remarks The only tesseract.js import. Nothing is fetched: the language data is read from its
 * npm package (`cacheMethod: 'none'` keeps tesseract.js from writing a cache either). One
 * Tesseract worker is kept for the languages last used; a cancel terminates it mid-page.
 */
export class TesseractRecognizer implements PageRecognizer, PageImager {
  private engine: { languages: string; worker: Promise<TesseractWorker> } | null = null

  constructor(private readonly pdf: PdfjsReader = new PdfjsReader()) {}

  async recognize(
    bytes: Uint8Array,
    pages: readonly number[],
    options: RecognizeOptions
  ): Promise<RecognizedPage[]> {
    const label = options.label ?? 'This PDF'
    const worker = await this.worker(options.languages)
    const { signal } = options
    const stop = (): void => void this.close()
    signal?.addEventListener('abort', stop, { once: true })
    try {
      let done = 0
      options.onPage?.(0, pages.length)
      return await this.pdf.renderPages(
        bytes,
        pages,
        OCR_SCALE,
        napiCanvas,
        async (page, image) => {
          const result = await worker.recognize(
            Buffer.from(pngOf(image)),
            {},
            { blocks: true, text: false }
          )
          throwIfAborted(signal, { key: 'cancelledReading', params: { file: label } })
          options.onPage?.(++done, pages.length)
          return toPage(page, image, result.data.blocks ?? [], options.languages)
        },
        { label, signal }
      )
    } catch (e) {
      throwIfAborted(signal, { key: 'cancelledReading', params: { file: label } })
      throw e
    } finally {
      signal?.removeEventListener('abort', stop)
    }
  }

  async pagePng(
    bytes: Uint8Array,
    page: number,
    width: number,
    label?: string,
    region?: Region
  ): Promise<Uint8Array> {
    // Scaled from a letter page's 612 points so the page (or region) comes out `width` wide.
    const scale = Math.min(4, width / (612 * (region?.width || 1)))
    const [png] = await this.pdf.renderPages(
      bytes,
      [page],
      scale,
      napiCanvas,
      async (_n, image) => pngOf(image, region),
      { label }
    )
    return png!
  }

  /** Ends the Tesseract worker; the next call starts a new one. */
  async close(): Promise<void> {
    const engine = this.engine
    this.engine = null
    if (engine) await (await engine.worker.catch(() => null))?.terminate().catch(() => undefined)
  }

  private async worker(languages: readonly string[]): Promise<TesseractWorker> {
    const key = languages.join('+')
    if (this.engine?.languages !== key) {
      await this.close()
      const dirs = new Set(languages.map(languageDataDir))
      if (dirs.size !== 1) {
        throw new UserFacingError(
          'INVALID_INPUT',
          `OCR can read one data package at a time; choose one of: ${OCR_LANGUAGES.join(', ')}.`
        )
      }
      const worker = createWorker([...languages], 1 /* LSTM only */, {
        langPath: [...dirs][0]!,
        gzip: true,
        cacheMethod: 'none'
      })
      this.engine = { languages: key, worker }
      worker.catch(() => {
        if (this.engine?.worker === worker) this.engine = null
      })
    }
    return this.engine!.worker
  }
}

interface TesseractBlock {
  paragraphs: { lines: { bbox: Box; words: { text: string; confidence: number; bbox: Box }[] }[] }[]
}

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

/**
 * Tesseract's words as a page's text items (PDF points, origin bottom-left) and word boxes
 * (fractions of the page): layout code then reads an OCR'd page like any other, and the
 * viewer maps the boxes onto the page at any zoom.
 */
function toPage(
  page: number,
  image: PageCanvas,
  blocks: readonly TesseractBlock[],
  languages: readonly string[]
): RecognizedPage {
  const width = image.width / OCR_SCALE
  const height = image.height / OCR_SCALE
  const items: PdfTextItem[] = []
  const words: OcrWord[] = []
  for (const block of blocks) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const kept = line.words.filter((w) => w.text.trim())
        const size = Math.max(1, ((line.bbox.y1 - line.bbox.y0) / OCR_SCALE) * 0.8)
        const baseline = height - line.bbox.y1 / OCR_SCALE + size * 0.2
        kept.forEach((w, i) => {
          const last = i === kept.length - 1
          items.push({
            // The trailing space keeps words apart whatever the gap between their boxes.
            str: last ? w.text : `${w.text} `,
            x: w.bbox.x0 / OCR_SCALE,
            y: baseline,
            width: (w.bbox.x1 - w.bbox.x0) / OCR_SCALE,
            fontSize: size,
            fontName: 'ocr',
            hasEOL: last
          })
          // Clamped: the pages file's schema holds boxes to the page and confidences to 0-100.
          const x0 = fraction(w.bbox.x0, image.width)
          const y0 = fraction(w.bbox.y0, image.height)
          words.push({
            text: w.text,
            confidence: Math.min(100, Math.max(0, Math.round(w.confidence))),
            box: {
              x: x0,
              y: y0,
              width: fraction(w.bbox.x1, image.width) - x0,
              height: fraction(w.bbox.y1, image.height) - y0
            }
          })
        })
      }
    }
  }
  const confidence = words.length
    ? Math.round(words.reduce((n, w) => n + w.confidence, 0) / words.length)
    : 0
  return { page, width, height, items, ocr: { languages: [...languages], confidence, words } }
}

/** `v / size` held to 0..1. */
function fraction(v: number, size: number): number {
  return Math.min(1, Math.max(0, v / size))
}
