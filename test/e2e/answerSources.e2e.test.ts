import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passageIds, type FakeGemini } from '../fakes/fakeGemini'
import { CORPUS, startWithGemini, type Harness } from './harness'

const PAPER = join(CORPUS, '1706.03762.pdf')
const LOCKED = join(CORPUS, 'hostile', 'issue3371.pdf')

/** A generated answer with inline and display TeX, a price, and citations of two pages. */
function answerWithMaths(ids: string[]): string {
  const byPage = new Map<string, string>()
  for (const id of ids) {
    const page = /-page-(\d+)-/.exec(id)?.[1] ?? id
    if (!byPage.has(page)) byPage.set(page, id)
  }
  const [a, b = a] = [...byPage.values()]
  return [
    `The dot products are scaled by $1/\\sqrt{d_k}$ so the softmax keeps useful gradients [[${a}]]:`,
    '',
    '$$',
    '\\mathrm{Attention}(Q, K, V) = \\mathrm{softmax}\\left(\\frac{QK^T}{\\sqrt{d_k}}\\right)V',
    '$$',
    '',
    `Training the big model took 3.5 days on 8 GPUs, which at $2 and $3 an hour is cheap [[${b}]].`
  ].join('\n')
}

/** The source list of the last answer, as its rows read. */
async function sourceRows(page: Page): Promise<string[]> {
  return page.locator('article.turn').last().locator('.source-item').allTextContents()
}

describe.skipIf(!existsSync(PAPER))('sources and maths under an answer (Chromium)', () => {
  let h: Harness
  let gemini: FakeGemini
  let page: Page

  beforeAll(async () => {
    ;({ h, gemini } = await startWithGemini(
      {
        tools: [
          {
            functionCalls: [
              { name: 'search_documents', args: { query: 'scaled dot-product attention' } }
            ]
          }
        ],
        synthesis: (request) => ({ text: answerWithMaths(passageIds(request)) })
      },
      { defaultCorpusDir: null, viewport: { width: 1280, height: 800 } }
    ))
    page = h.page
    await h.services.library.addPaths([PAPER])
    await page.locator('li.paper[data-status="indexed"]').waitFor({ timeout: 240_000 })
  }, 300_000)

  afterAll(async () => {
    await h?.close()
    await gemini?.close()
  })

  it('lists the sources, draws the maths, keeps the prices, and is the same after a reload', async () => {
    const box = page.getByRole('textbox', { name: 'Question' })
    await box.fill('Why is attention scaled?')
    await box.press('Enter')
    const turn = page.locator('article.turn').last()
    await expect
      .poll(() => turn.getAttribute('data-status'), { timeout: 120_000, interval: 250 })
      .toBe('done')

    const rows = await sourceRows(page)
    expect(rows.length).toBeGreaterThanOrEqual(1)
    for (const row of rows) expect(row).toMatch(/^\d+Attention Is All You Need.*p\. \d+$/)
    const body = turn.locator('.answer-body')
    expect(await body.locator('.katex').count()).toBeGreaterThanOrEqual(2)
    expect(await body.locator('.katex-display').count()).toBe(1)
    expect(await body.innerText()).toContain('at $2 and $3 an hour')
    expect(await body.innerText()).not.toContain('\\sqrt')
    const shown = await turn.locator('.source-list').evaluate((el) => el.outerHTML)
    await h.screenshot('sources-01-answer-1280')

    // A row opens its page with the passage highlighted, as its chip does.
    const row = turn.locator('.source-list button.source-open').last()
    const cited = await row.getAttribute('data-page')
    await row.click()
    // (A loaded machine can take seconds to open the paper: wait for it, not for a fixed time.)
    await page
      .locator(`.pdf-page[data-page-number="${cited}"] .textLayer .highlight`)
      .first()
      .waitFor({ timeout: 60_000 })
    expect(await page.locator('.viewer-scroll').getAttribute('data-paper-id')).toBe('1706.03762')
    expect(await row.getAttribute('aria-current')).toBe('true')
    await h.screenshot('sources-02-row-opened-1280')

    await page.reload()
    const restored = page.locator('article.turn').last()
    await restored.locator('.source-list').waitFor({ timeout: 30_000 })
    // Which row is marked open follows the viewer, not the answer; the rest is the same.
    const unmarked = (html: string): string =>
      html.replace(/ chip-open/g, '').replace(/ aria-current="true"/g, '')
    const after = await restored.locator('.source-list').evaluate((el) => el.outerHTML)
    expect(unmarked(after)).toBe(unmarked(shown))
    expect(await restored.locator('.answer-body .katex').count()).toBeGreaterThanOrEqual(2)
    await h.screenshot('sources-03-after-reload-1280')
  }, 240_000)
  it('copies a source’s reference in the style picked, formatted by main from the shipped CSL', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(h.url).origin
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    const row = page.locator('article.turn').last().locator('.source-list .chip-wrap').first()
    await row.hover()
    const card = page.getByRole('tooltip')
    await card.waitFor()
    await card.getByRole('combobox', { name: 'Reference style' }).selectOption('abnt')
    await card.getByRole('button', { name: 'Copy reference' }).click()
    await card.getByRole('status').filter({ hasText: 'Reference copied.' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      // ABNT names more than three authors by the first, et al.
      /^VASWANI, A\. et al\. Attention Is All You Need\./
    )
    await h.screenshot('sources-05-copy-reference-card-1280')
  })

  it.skipIf(!existsSync(LOCKED))(
    'a failed PDF says why, on lines a reader can read, with the whole reason on hover',
    async () => {
      // A fresh window, so the library is a column (not the drawer it is beside an open paper).
      await page.reload()
      await h.services.library.addPaths([LOCKED])
      const row = page.locator('li.paper[data-status="error"]')
      await row.waitFor({ timeout: 60_000 })
      const reason = row.locator('.paper-failure')
      const title = (await reason.getAttribute('title')) ?? ''
      expect(title).toMatch(/password/i)
      const box = (await reason.boundingBox())!
      // More than one line, and what is shown is not one cut line.
      expect(box.height).toBeGreaterThan(20)
      const toggle = row.getByRole('button', { name: 'Show all' })
      if (await toggle.isVisible()) {
        await toggle.click()
        await row.getByRole('button', { name: 'Show less' }).waitFor()
      }
      const full = await reason.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)
      expect(full).toBe(true)
      await h.screenshot('sources-04-failed-reason-1280')
    },
    120_000
  )
})
