import { copyFileSync, existsSync, linkSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createWorker, type Worker as TesseractWorker } from 'tesseract.js'
import { OCR_LANGUAGES, type Region } from '../../shared/types'
import type { OcrWord } from '../domain'
import { throwIfAborted, UserFacingError } from '../errors'
import { PdfRenderer, type PageCanvas } from '../pdf/PdfRenderer'
import type { PdfTextItem } from '../pdf/PdfReader'
import type { PageImager, PageRecognizer, RecognizedPage, RecognizeOptions } from './PageRecognizer'
import { hasInk, INK_SCALE } from './ink'
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
  eng: '@tesseract.js-data/eng/4.0.0_best_int',
  por: '@tesseract.js-data/por/4.0.0_best_int'
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
 * One folder holding the data of every language in `languages`, as tesseract.js wants (it reads
 * `<langPath>/<lang>.traineddata.gz`): the package folder itself for one language, else a folder
 * in the temporary directory with a hard link to (or, where links are refused, a copy of) each
 * file. Never a symbolic link: in a packaged app the data sits inside app.asar, which only
 * Electron's own file functions can read, so a link pointing there would dangle.
 */
export function languagesDataDir(languages: readonly string[]): string {
  const dirs = languages.map(languageDataDir)
  if (new Set(dirs).size === 1) return dirs[0]!
  const dir = join(tmpdir(), `researchpal-ocr-${[...languages].sort().join('+')}`)
  mkdirSync(dir, { recursive: true })
  languages.forEach((lang, i) => {
    const name = `${lang}.traineddata.gz`
    const source = join(dirs[i]!, name)
    const target = join(dir, name)
    if (existsSync(target) && statSync(target).size === statSync(source).size) return
    // Written beside, then renamed: another process reading the folder never sees half a file.
    const part = `${target}.${process.pid}.part`
    try {
      linkSync(source, part)
    } catch {
      copyFileSync(source, part)
    }
    renameSync(part, target)
  })
  return dir
}

/**
 * One Tesseract worker for a set of languages, shared by the calls reading with them.
 * @remarks tesseract.js sets its own worker to null on `terminate()`: a job sent to it after
 * that throws ("Cannot read properties of null (reading 'postMessage')") in a promise nobody can
 * catch, and that unhandled rejection takes down the thread it runs in (the OCR worker thread,
 * failing the next paper's call). A job already sent never settles. So `ended` is set before
 * terminating and checked before each job, and each job is raced against `ended`.
 */
interface Engine {
  languages: string
  worker: Promise<TesseractWorker>
  /** The calls using it; it is ended when none is left and it is no longer current. */
  users: number
  /** Aborted once the engine is ended: no job may be sent to it after. */
  ended: AbortController
}

/**
 * {@link PageRecognizer} on tesseract.js: pages drawn by pdf.js onto @napi-rs/canvas, read by
 * Tesseract's LSTM engine (WebAssembly).
 * @remarks The only tesseract.js import. Nothing is fetched: the language data is read from its
 * npm package (`cacheMethod: 'none'` keeps tesseract.js from writing a cache either). One
 * Tesseract worker is kept for the languages last used; a cancel terminates it mid-page when
 * the cancelled call is its only user (another call reading with it keeps it).
 */
export class TesseractRecognizer implements PageRecognizer, PageImager {
  private engine: Engine | null = null

  /**
   * @param options.readBlankPages Sends every requested page to OCR, blank or not: how pages
   * were read before the ink check, kept for the benchmark that measures what it saves.
   */
  constructor(
    private readonly pdf: PdfRenderer = new PdfRenderer(),
    private readonly options: { readBlankPages?: boolean } = {}
  ) {}

  async recognize(
    bytes: Uint8Array,
    pages: readonly number[],
    options: RecognizeOptions
  ): Promise<RecognizedPage[]> {
    const label = options.label ?? 'This PDF'
    const cancelled = { key: 'cancelledReading', params: { file: label } } as const
    const { signal } = options
    // Pages without ink (a blank verso, a separator page) are not sent to OCR, nor returned;
    // checked before an engine is started, so a PDF of blank pages starts none.
    const inked = this.options.readBlankPages
      ? pages
      : (
          await this.pdf.renderPages(
            bytes,
            pages,
            INK_SCALE,
            napiCanvas,
            async (page, image) => (hasInk(image) ? page : null),
            { label, signal }
          )
        ).filter((p): p is number => p !== null)
    throwIfAborted(signal, cancelled)
    if (inked.length === 0) return []
    const engine = this.acquire(options.languages)
    const stop = (): void => {
      if (engine.users === 1) void this.end(engine)
    }
    signal?.addEventListener('abort', stop, { once: true })
    try {
      const worker = await engine.worker
      let done = 0
      options.onPage?.(0, inked.length)
      return await this.pdf.renderPages(
        bytes,
        inked,
        OCR_SCALE,
        napiCanvas,
        async (page, image) => {
          const png = Buffer.from(pngOf(image))
          // A cancel during the page's drawing has ended the engine: send it nothing.
          throwIfAborted(signal, cancelled)
          const result = await untilStopped(
            () => worker.recognize(png, {}, { blocks: true, text: false }),
            [engine.ended.signal, signal]
          )
          throwIfAborted(signal, cancelled)
          options.onPage?.(++done, inked.length)
          return toPage(page, image, result.data.blocks ?? [], options.languages)
        },
        { label, signal }
      )
    } catch (e) {
      throwIfAborted(signal, cancelled)
      throw e
    } finally {
      signal?.removeEventListener('abort', stop)
      this.release(engine)
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

  /** Ends the Tesseract worker (calls reading with it fail); the next call starts a new one. */
  async close(): Promise<void> {
    if (this.engine) await this.end(this.engine)
  }

  /** The engine for `languages`, counted as used until {@link release}d. */
  private acquire(languages: readonly string[]): Engine {
    const key = languages.join('+')
    if (this.engine?.languages !== key) {
      const langPath = languagesDataDir(languages)
      const old = this.engine
      const worker = createWorker([...languages], 1 /* LSTM only */, {
        langPath,
        gzip: true,
        cacheMethod: 'none'
      })
      const engine: Engine = { languages: key, worker, users: 0, ended: new AbortController() }
      this.engine = engine
      worker.catch(() => {
        if (this.engine === engine) this.engine = null
      })
      // Calls still reading with the old languages keep it until they finish.
      if (old && old.users === 0) void this.end(old)
    }
    this.engine!.users++
    return this.engine!
  }

  private release(engine: Engine): void {
    engine.users--
    if (engine.users === 0 && this.engine !== engine) void this.end(engine)
  }

  private async end(engine: Engine): Promise<void> {
    if (engine.ended.signal.aborted) return
    engine.ended.abort()
    if (this.engine === engine) this.engine = null
    const worker = await engine.worker.catch(() => null)
    // tesseract.js sends a job a few microtasks after `recognize` is called (once it has read the
    // image); a turn of the event loop lets one started just before `ended` go out first.
    await new Promise((resolve) => setImmediate(resolve))
    await worker?.terminate().catch(() => undefined)
  }
}

/**
 * Runs `job`, rejecting as soon as any of `signals` fires (a job on a terminated Tesseract
 * worker never settles); throws at once if one already has.
 */
function untilStopped<T>(job: () => Promise<T>, signals: (AbortSignal | undefined)[]): Promise<T> {
  const live = signals.filter((s): s is AbortSignal => s !== undefined)
  if (live.some((s) => s.aborted)) return Promise.reject(new Error('the OCR engine was stopped'))
  return new Promise<T>((resolve, reject) => {
    const stopped = (): void => reject(new Error('the OCR engine was stopped'))
    for (const s of live) s.addEventListener('abort', stopped, { once: true })
    job()
      .then(resolve, reject)
      .finally(() => {
        for (const s of live) s.removeEventListener('abort', stopped)
      })
  })
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
