import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import {
  inlineImages,
  passageIds,
  startFakeGemini,
  type FakeGemini,
  type RecordedRequest
} from '../fakes/fakeGemini'
import { makeScannedPdf } from '../fixtures/scannedPdf'
import { CORPUS, startHarness, type Harness } from './harness'

const TRANSFORMER = join(CORPUS, '1706.03762.pdf')
const FIGURE_1 = '1706.03762-page-3-figure-1'

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(question)
  await box.press('Enter')
  const turn = page.locator('article.turn').last()
  await expect
    .poll(() => turn.getAttribute('data-status'), { timeout: 120_000, interval: 250 })
    .toBe('done')
  return turn
}

/** Cites the passage whose id contains `part` (or the first one). */
function citing(part: string) {
  return (request: RecordedRequest) => {
    const ids = passageIds(request)
    const id = ids.find((i) => i.includes(part)) ?? ids[0]
    return { text: `The cited passage says so [[${id}]].` }
  }
}

describe.skipIf(!existsSync(TRANSFORMER))(
  'figures and scanned pages in the viewer (Chromium)',
  () => {
    let gemini: FakeGemini
    let h: Harness
    let page: Page
    let scanId: string | null = null
    let files: string[] = []

    beforeAll(async () => {
      gemini = await startFakeGemini()
      h = await startHarness({
        apiKey: 'test-key',
        geminiBaseUrl: gemini.baseUrl,
        embedder: new FakeEmbedderProvider(),
        defaultCorpusDir: null
      })
      page = h.page
      const scan = join(mkdtempSync(join(tmpdir(), 'rp-scan-')), 'transformer-scan.pdf')
      writeFileSync(scan, await makeScannedPdf(TRANSFORMER, { first: 3, last: 4 }))
      files = [TRANSFORMER, scan]
    }, 120_000)

    it('indexes the paper and its scanned copy (OCR)', async () => {
      const added = await h.services.library.addPaths(files)
      scanId = added[1]?.id ?? null
      await expect
        .poll(() => page.locator('li.paper[data-status="indexed"]').count(), {
          timeout: 240_000,
          interval: 500
        })
        .toBe(files.length)
    }, 300_000)

    afterAll(async () => {
      await h?.close()
      await gemini?.close()
    })

    it('a figure citation shows a crop in the chat and opens its page with the region highlighted', async () => {
      gemini.setScript({
        tools: [
          {
            functionCalls: [
              { name: 'search_documents', args: { query: 'Transformer model architecture figure' } }
            ]
          },
          // The figure's caption came back: the agent looks at its page.
          { functionCalls: [{ name: 'view_page', args: { paperId: '1706.03762', page: 3 } }] }
        ],
        synthesis: citing('-figure-')
      })
      const turn = await ask(page, 'What does the Transformer architecture figure show?')
      // Gemini was shown page 3 as an image.
      expect(inlineImages(gemini.of('synthesis').at(-1)!)).toHaveLength(1)

      const chip = turn.locator('button.chip[data-kind="figure"]').first()
      await chip.waitFor()
      expect(await chip.getAttribute('data-page')).toBe('3')
      const crop = turn.locator('.figure-crop img')
      await crop.waitFor({ timeout: 60_000 })
      await expect
        .poll(() => crop.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(100)
      // The crop is the figure, not the page: Figure 1 is about 1.5 times taller than wide.
      const [w, hgt] = await crop.evaluate((img: HTMLImageElement) => [
        img.naturalWidth,
        img.naturalHeight
      ])
      expect(hgt! / w!).toBeGreaterThan(1.4)
      await h.screenshot('figures-01-answer-with-figure-crop')

      await chip.click()
      const region = page.locator('.pdf-page[data-page-number="3"] .region-highlight')
      await region.waitFor({ timeout: 30_000 })
      // The page itself is drawn under the box (the screenshot shows the figure, not a blank).
      await page.locator('.pdf-page[data-page-number="3"][data-rendered="true"]').waitFor()
      await page.waitForTimeout(300)
      const scroll = page.locator('.viewer-scroll')
      expect(await scroll.getAttribute('data-paper-id')).toBe('1706.03762')
      expect(Number(await scroll.getAttribute('data-viewer-page'))).toBe(3)
      // The box sits where Figure 1 is: the upper half of page 3, centred, ~40% of the page tall.
      const box = (await region.boundingBox())!
      const sheet = (await page.locator('.pdf-page[data-page-number="3"]').boundingBox())!
      const rel = {
        x: (box.x - sheet.x) / sheet.width,
        y: (box.y - sheet.y) / sheet.height,
        w: box.width / sheet.width,
        h: box.height / sheet.height
      }
      expect(rel.y).toBeLessThan(0.15)
      expect(rel.h).toBeGreaterThan(0.35)
      expect(rel.x).toBeGreaterThan(0.25)
      expect(rel.x + rel.w).toBeLessThan(0.75)
      // On screen, inside the viewer pane.
      const pane = (await scroll.boundingBox())!
      expect(box.y + box.height / 2).toBeGreaterThan(pane.y)
      expect(box.y + box.height / 2).toBeLessThan(pane.y + pane.height)
      expect(gemini.of('synthesis').flatMap(passageIds)).toContain(FIGURE_1)
      await h.screenshot('figures-02-figure-region-highlighted')
    }, 180_000)

    it('an OCR citation of a scanned page highlights the recognised words', async () => {
      if (!scanId) return
      gemini.setScript({
        tools: {
          functionCalls: [
            {
              name: 'search_documents',
              args: { query: 'Scaled Dot-Product Attention queries keys', paperIds: [scanId] }
            }
          ]
        },
        synthesis: citing('-chunk-')
      })
      const turn = await ask(
        page,
        'How does scaled dot-product attention work in the scanned copy?'
      )
      const chip = turn.locator('button.chip[data-kind="ocr"]').first()
      await chip.waitFor()
      expect(await chip.textContent()).toContain('OCR')
      const cited = await chip.getAttribute('data-page')
      await chip.click()
      const words = page.locator(`.pdf-page[data-page-number="${cited}"] .ocr-highlight`)
      await words.first().waitFor({ timeout: 30_000 })
      await page.locator(`.pdf-page[data-page-number="${cited}"][data-rendered="true"]`).waitFor()
      expect(await words.count()).toBeGreaterThan(10)
      expect(await page.locator('.viewer-scroll').getAttribute('data-paper-id')).toBe(scanId)
      await page.waitForTimeout(300)
      await h.screenshot('figures-03-ocr-words-highlighted')
    }, 180_000)
  }
)
