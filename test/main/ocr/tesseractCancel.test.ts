import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  PdfRenderer,
  type PageCanvasFactory,
  type PageCanvas
} from '../../../src/main/pdf/PdfRenderer'
import { OCR_SCALE, TesseractRecognizer } from '../../../src/main/ocr/TesseractRecognizer'
import { makePdf } from '../../fixtures/makePdf'

/**
 * Runs `before(page)` after a page is drawn for OCR and before OCR gets it (a cancel
 * mid-drawing); the low-resolution drawing of the ink check runs no hook.
 */
class HookedReader extends PdfRenderer {
  before: (page: number) => Promise<void> = async () => {}

  override renderPages<T>(
    bytes: Uint8Array,
    pages: readonly number[],
    scale: number,
    canvas: PageCanvasFactory,
    use: (page: number, image: PageCanvas) => Promise<T>,
    options?: { label?: string; signal?: AbortSignal }
  ): Promise<T[]> {
    return super.renderPages(
      bytes,
      pages,
      scale,
      canvas,
      async (n, image) => {
        if (scale === OCR_SCALE) await this.before(n)
        return use(n, image)
      },
      options
    )
  }
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('cancelling Tesseract OCR (in this thread)', () => {
  const reader = new HookedReader()
  const recognizer = new TesseractRecognizer(reader)
  const blank = makePdf({ pages: [[], []], imageOnly: true })
  // A rejection nobody handles would take down the OCR worker thread and the next paper's call.
  const unhandled: unknown[] = []
  const onUnhandled = (e: unknown): void => void unhandled.push(e)

  beforeEach(() => {
    unhandled.length = 0
    reader.before = async () => {}
    process.on('unhandledRejection', onUnhandled)
  })
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled)
  })
  afterAll(() => recognizer.close())

  it('a cancel while a page is drawn sends nothing to the ended engine, and the next paper reads', async () => {
    const controller = new AbortController()
    reader.before = async (page) => {
      if (page !== 2) return
      controller.abort()
      await turn() // the cancel has terminated the Tesseract worker by now
      await turn()
    }
    await expect(
      recognizer.recognize(blank, [1, 2], {
        languages: ['eng'],
        label: '"a.pdf"',
        signal: controller.signal
      })
    ).rejects.toMatchObject({ code: 'CANCELLED' })
    await turn()
    expect(unhandled).toEqual([])

    reader.before = async () => {}
    const pages = await recognizer.recognize(blank, [1, 2], { languages: ['eng'] })
    expect(pages.map((p) => p.page)).toEqual([1, 2])
    expect(unhandled).toEqual([])
  }, 30_000)

  it('cancelling one of two papers read at once leaves the other reading', async () => {
    const controller = new AbortController()
    const cancelled = recognizer.recognize(blank, [1, 2], {
      languages: ['eng'],
      signal: controller.signal,
      onPage: (done) => {
        if (done === 1) controller.abort()
      }
    })
    const other = recognizer.recognize(blank, [1, 2], { languages: ['eng'] })
    await expect(cancelled).rejects.toMatchObject({ code: 'CANCELLED' })
    expect((await other).map((p) => p.page)).toEqual([1, 2])
    expect(unhandled).toEqual([])
  }, 30_000)
})
