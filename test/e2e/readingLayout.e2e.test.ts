import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passageIds, startFakeGemini, type FakeGemini } from '../fakes/fakeGemini'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { CORPUS, SCREENSHOTS, startHarness, type Harness } from './harness'
import { chooseLanguage, fits, UI } from './screenChecks'

const PAPER = join(CORPUS, '1706.03762.pdf')
const BERT = join(CORPUS, '1810.04805.pdf')

/** A generated answer of a few paragraphs citing passages from different pages. */
function answerCiting(ids: string[]): string {
  const byPage = new Map<string, string>()
  for (const id of ids) {
    const page = /-page-(\d+)-/.exec(id)?.[1] ?? id
    if (!byPage.has(page)) byPage.set(page, id)
  }
  const [a, b, c] = [...byPage.values(), ...ids]
  return [
    `Multi-head attention runs several attention functions in parallel, each on its own learned projection of the queries, keys and values, and concatenates their outputs [[${a}]].`,
    '',
    `Each head attends to information from a different representation subspace at a different position; a single head would average these away [[${b}]].`,
    '',
    `The paper uses eight heads with a reduced dimension per head, so the total cost is close to that of one head with full dimensionality [[${c}]].`
  ].join('\n')
}

/** The window sizes a researcher reads at, and what each must keep readable together. */
const SIZES = [
  { width: 1920, height: 1080, answer: 600, page: 700 },
  { width: 1280, height: 800, answer: 480, page: 560 },
  { width: 1024, height: 768, answer: 400, page: 440 },
  // At 800×600 the answer and the page are two tabs of one pane, each the window's width.
  { width: 800, height: 600, answer: 560, page: 560, tabs: true }
] as const

/** Where the cited passage's highlight is, if it is on screen inside the viewer. */
async function highlightOnScreen(page: Page, pageNumber: string): Promise<boolean> {
  const on = `.pdf-page[data-page-number="${pageNumber}"]`
  const hit = page.locator(`${on} .textLayer .highlight, ${on} .region-highlight`)
  if ((await hit.count()) === 0) return false
  const box = await hit.first().boundingBox()
  const pane = await page.locator('.viewer-scroll').boundingBox()
  return !!box && !!pane && box.y >= pane.y && box.y + box.height <= pane.y + pane.height
}

/** Where the cited passage's top is in the viewer pane, as a fraction of the pane's height. */
async function passagePlace(page: Page, pageNumber: string): Promise<number> {
  const on = `.pdf-page[data-page-number="${pageNumber}"]`
  const hit = page.locator(`${on} .textLayer .highlight, ${on} .region-highlight`).first()
  const box = (await hit.boundingBox())!
  const pane = (await page.locator('.viewer-scroll').boundingBox())!
  return (box.y - pane.y) / pane.height
}

/** The on-screen box of the first element matching `selector` that a user can see, or null. */
async function visibleBox(
  page: Page,
  selector: string
): Promise<{ x: number; y: number; width: number; height: number } | null> {
  return page.evaluate((sel) => {
    const el = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.checkVisibility())
    if (!el) return null
    const r = el.getBoundingClientRect()
    return { x: r.x, y: r.y, width: r.width, height: r.height }
  }, selector)
}

describe.skipIf(!existsSync(PAPER) || !existsSync(BERT))(
  'reading and asking side by side (Chromium)',
  () => {
    let gemini: FakeGemini
    let h: Harness
    let page: Page
    const measured: Record<string, unknown>[] = []

    beforeAll(async () => {
      gemini = await startFakeGemini({
        script: {
          tools: [
            {
              functionCalls: [{ name: 'search_documents', args: { query: 'multi-head attention' } }]
            }
          ],
          synthesis: (request) => ({
            text: answerCiting(passageIds(request).filter((id) => id.startsWith('1706.03762-')))
          })
        }
      })
      h = await startHarness({
        apiKey: 'test-key',
        geminiBaseUrl: gemini.baseUrl,
        embedder: new FakeEmbedderProvider(),
        defaultCorpusDir: null,
        viewport: { width: 1280, height: 800 }
      })
      page = h.page
      await h.services.library.addPaths([PAPER, BERT])
      await page.locator('li.paper[data-status="indexed"]').nth(1).waitFor({ timeout: 240_000 })
    }, 300_000)

    afterAll(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true })
      writeFileSync(join(SCREENSHOTS, 'reading-layout.json'), JSON.stringify(measured, null, 2))
      await h?.close()
      await gemini?.close()
    })

    it('asks, and the answer has chips on more than one page', async () => {
      const box = page.getByRole('textbox', { name: 'Question' })
      await box.fill('What is multi-head attention?')
      await box.press('Enter')
      const turn = page.locator('article.turn').last()
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 120_000, interval: 250 })
        .toBe('done')
      const pages = await turn
        .locator('button.chip')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-page')))
      expect(new Set(pages).size).toBeGreaterThan(1)
    }, 180_000)

    it('with the viewer open, the conversations fold to a rail that opens and closes', async () => {
      const chip = page.locator('article.turn').last().locator('button.chip').first()
      await chip.click()
      await page.locator('.pdf-page[data-rendered="true"]').first().waitFor({ timeout: 30_000 })
      const rail = (await visibleBox(page, '.threads'))!
      expect(rail.width).toBeLessThanOrEqual(56)
      expect(await page.locator('.thread-title').first().isVisible()).toBe(false)
      const toggle = page.getByRole('button', { name: UI.en.threads.show, exact: true })
      await toggle.click()
      await page.locator('.thread-title').first().waitFor()
      // Opened over the answer: the answer does not reflow under it.
      await h.screenshot('reading-01-threads-open-over-answer-1280')
      await page.getByRole('button', { name: UI.en.threads.hide, exact: true }).click()
      await page.locator('.thread-title').first().waitFor({ state: 'hidden' })
    })

    it('the Export and scope popovers close on Escape and outside, and stay inside the window', async () => {
      for (const size of [
        { width: 1280, height: 800 },
        { width: 800, height: 600 }
      ]) {
        await page.setViewportSize(size)
        if (size.width < 900)
          await page.getByRole('button', { name: UI.en.app.showChat, exact: true }).click()
        for (const [name, popover] of [
          [UI.en.threads.export, '.thread-export'],
          [UI.en.threads.allPapers, '.scope-picker']
        ] as const) {
          const at = `${name} at ${size.width}×${size.height}`
          const trigger = page.getByRole('button', { name, exact: true })
          await trigger.click()
          const box = (await page.locator(popover).boundingBox())!
          expect.soft(box.x, at).toBeGreaterThanOrEqual(0)
          expect.soft(box.x + box.width, at).toBeLessThanOrEqual(size.width)
          expect.soft(box.y + box.height, at).toBeLessThanOrEqual(size.height)
          await h.screenshot(`reading-05-popover-${popover.slice(1)}-${size.width}x${size.height}`)
          // Escape closes it, gives focus back to its button, and leaves the paper open.
          await page.keyboard.press('Escape')
          await page.locator(popover).waitFor({ state: 'detached' })
          expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true)
          expect(await page.locator('.viewer').count()).toBe(1)
          // A click outside it closes it too.
          await trigger.click()
          await page.locator(popover).waitFor()
          await page.locator('#question').click()
          await page.locator(popover).waitFor({ state: 'detached' })
        }
      }
      await page.setViewportSize({ width: 1280, height: 800 })
    })

    it('chip → highlight in a paper already open, over six chips on different pages', async () => {
      await page.setViewportSize({ width: 1280, height: 800 })
      const chips = page.locator('article.turn').last().locator('button.chip')
      await chips.first().click()
      await page.locator('.pdf-page[data-rendered="true"]').first().waitFor({ timeout: 30_000 })
      await page.waitForTimeout(500)
      const times: number[] = []
      const count = await chips.count()
      for (let k = 1; k <= 6; k++) {
        const chip = chips.nth(k % count)
        const cited = (await chip.getAttribute('data-page'))!
        // The last chip's hover card away first, as a reader's pointer leaves it.
        await page.mouse.move(640, 8)
        const started = Date.now()
        await chip.click()
        await expect
          .poll(() => highlightOnScreen(page, cited), { timeout: 30_000, interval: 20 })
          .toBe(true)
        times.push(Date.now() - started)
      }
      const p50 = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!
      measured.push({ chipToHighlightSamePaperMs: times, p50 })
      console.log(JSON.stringify({ chipToHighlightSamePaperMs: times, p50 }))
      // The budget (0.5 s) is measured here and reported; the bound below only catches a regression
      // to the ~3 s the issue saw (this machine is shared by many; load ~15 when measured).
      expect(p50).toBeLessThan(2_500)
    }, 120_000)

    for (const language of ['en', 'pt-BR'] as const) {
      it(`${language}: at each width the answer and the highlighted page are readable together`, async () => {
        const said = UI[language]
        await chooseLanguage(page, language)
        for (const size of SIZES) {
          const at = `${language} ${size.width}×${size.height}`
          await page.setViewportSize({ width: size.width, height: size.height })
          const tabs = 'tabs' in size && size.tabs
          if (tabs) {
            const chatTab = page.getByRole('button', { name: said.app.showChat, exact: true })
            await chatTab.click()
          }
          const chips = page.locator('article.turn').last().locator('button.chip')
          const chip = chips.nth(size.width % 3 === 0 ? 1 : 0)
          const cited = (await chip.getAttribute('data-page'))!
          const started = Date.now()
          await chip.click()
          await expect
            .poll(() => highlightOnScreen(page, cited), { timeout: 30_000, interval: 50 })
            .toBe(true)
          const chipToHighlight = Date.now() - started
          // The chip's hover card away, as when the reader's eyes move to the page.
          await page.mouse.move(size.width / 2, 8)
          await page.waitForTimeout(250)
          const answer = await visibleBox(page, 'article.turn .answer')
          const sheet = await visibleBox(page, `.pdf-page[data-page-number="${cited}"]`)
          const log = await visibleBox(page, '.chat-log')
          const f = await fits(page)
          expect.soft(f.overflow, at).toBeLessThanOrEqual(0)
          expect.soft(f.panes, at).toEqual([])
          expect.soft(f.closeVisible, `${at}: Close reachable`).toBe(true)
          expect.soft(sheet?.width ?? 0, `${at}: page width`).toBeGreaterThanOrEqual(size.page)
          expect.soft(f.toolbar, `${at}: toolbar on one line`).toBeLessThan(56)
          // The viewer lands on the citation: the passage in the pane's upper third, the page box
          // reading the cited page, the title and "/ 15" shown (the title cut, not the numbers).
          const landed = await passagePlace(page, cited)
          expect.soft(landed, `${at}: passage in the upper third`).toBeLessThanOrEqual(1 / 3)
          expect.soft(landed, `${at}: passage in the upper third`).toBeGreaterThanOrEqual(0)
          expect
            .soft(await page.getByRole('textbox', { name: said.viewer.page }).inputValue(), at)
            .toBe(cited)
          expect.soft(await page.locator('.page-count').textContent(), at).toBe('/ 15')
          expect.soft((await visibleBox(page, '.page-count'))?.width ?? 0, at).toBeGreaterThan(20)
          expect.soft((await visibleBox(page, '.viewer-title'))?.width ?? 0, at).toBeGreaterThan(60)
          await h.screenshot(`reading-02-${language}-${size.width}x${size.height}-page`)
          const row: Record<string, unknown> = {
            language,
            size: `${size.width}x${size.height}`,
            chipToHighlightMs: chipToHighlight,
            pageWidth: Math.round(sheet?.width ?? 0)
          }
          if (tabs) {
            // One pane at a time: the answer is one click away, scrolled where it was.
            expect.soft(answer, `${at}: answer hidden behind the page tab`).toBeNull()
            await page.getByRole('button', { name: said.app.showChat, exact: true }).click()
            await expect.poll(() => chip.isVisible()).toBe(true)
            const back = (await visibleBox(page, 'article.turn .answer'))!
            const chatLog = (await visibleBox(page, '.chat-log'))!
            const c = (await chip.boundingBox())!
            expect.soft(c.y, `${at}: the chip is in view`).toBeGreaterThanOrEqual(chatLog.y)
            expect
              .soft(c.y + c.height, `${at}: the chip is in view`)
              .toBeLessThanOrEqual(chatLog.y + chatLog.height)
            expect.soft(back.width, `${at}: answer width`).toBeGreaterThanOrEqual(size.answer)
            expect
              .soft(chatLog.height, `${at}: answer height`)
              .toBeGreaterThanOrEqual(size.height * 0.6)
            row.answerWidth = Math.round(back.width)
            row.answerHeight = Math.round(chatLog.height)
            await h.screenshot(`reading-03-${language}-${size.width}x${size.height}-answer`)
            // …and the page is one click away again.
            await page.getByRole('button', { name: said.app.showViewer, exact: true }).click()
            await expect.poll(() => highlightOnScreen(page, cited), { timeout: 30_000 }).toBe(true)
          } else {
            expect
              .soft(answer?.width ?? 0, `${at}: answer width`)
              .toBeGreaterThanOrEqual(size.answer)
            // The conversation's header and the composer leave the answer most of the height.
            expect
              .soft(log?.height ?? 0, `${at}: answer height`)
              .toBeGreaterThanOrEqual(size.height * 0.65)
            row.answerWidth = Math.round(answer?.width ?? 0)
            row.answerHeight = Math.round(log?.height ?? 0)
          }
          measured.push(row)
          console.log(JSON.stringify(row))
        }
        await page.setViewportSize({ width: 1280, height: 800 })
      }, 300_000)
    }

    it('switching papers: a paper opened before comes back at once (kept open)', async () => {
      await page.setViewportSize({ width: 1280, height: 800 })
      gemini.setScript({
        tools: [
          {
            functionCalls: [
              {
                name: 'search_documents',
                args: { query: 'pre-training', paperIds: ['1810.04805'] }
              },
              { name: 'search_documents', args: { query: 'attention', paperIds: ['1706.03762'] } }
            ]
          }
        ],
        synthesis: (request) => {
          const ids = passageIds(request)
          const bert = ids.find((id) => id.startsWith('1810.04805-'))
          const transformer = ids.find((id) => id.startsWith('1706.03762-'))
          return { text: `BERT builds on the Transformer [[${bert}]] [[${transformer}]].` }
        }
      })
      const box = page.locator('#question')
      await box.fill('How does BERT build on the Transformer?')
      await box.press('Enter')
      const turn = page.locator('article.turn').last()
      await expect
        .poll(() => turn.getAttribute('data-status'), { timeout: 120_000, interval: 250 })
        .toBe('done')
      const bert = turn.locator('button.chip[data-paper-id="1810.04805"]').first()
      const transformer = turn.locator('button.chip[data-paper-id="1706.03762"]').first()
      const time = async (chip: typeof bert): Promise<number> => {
        const cited = (await chip.getAttribute('data-page'))!
        const paperId = await chip.getAttribute('data-paper-id')
        await page.mouse.move(640, 8)
        const started = Date.now()
        await chip.click()
        await expect
          .poll(
            async () =>
              (await page.locator('.viewer-scroll').getAttribute('data-paper-id')) === paperId &&
              (await highlightOnScreen(page, cited)),
            { timeout: 30_000, interval: 20 }
          )
          .toBe(true)
        return Date.now() - started
      }
      const newPaper = await time(bert)
      // From here on every paper shown was opened before: count what is fetched from main.
      await page.evaluate(() => {
        const w = window as unknown as {
          researchpal: { library: { pdf: (i: unknown) => Promise<unknown> } }
          __pdfFetches: number
        }
        const fetch = w.researchpal.library.pdf
        w.__pdfFetches = 0
        w.researchpal.library.pdf = (i) => (w.__pdfFetches++, fetch(i))
      })
      const back: number[] = []
      for (let k = 0; k < 3; k++) {
        back.push(await time(transformer))
        back.push(await time(bert))
      }
      const p50 = [...back].sort((a, b) => a - b)[Math.floor(back.length / 2)]!
      const row = { chipToHighlightNewPaperMs: newPaper, chipToHighlightSwitchBackMs: back, p50 }
      measured.push(row)
      console.log(JSON.stringify(row))
      await h.screenshot('reading-04-bert-cited-1280')
      // Switching back reads no PDF from main again: the papers were kept open.
      expect(
        await page.evaluate(() => (window as unknown as { __pdfFetches: number }).__pdfFetches)
      ).toBe(0)
    }, 240_000)
  }
)
