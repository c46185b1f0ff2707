import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passageIds, type FakeGemini, type FakeScript } from '../fakes/fakeGemini'
import { CORPUS, norm, openChip, startWithGemini, type Harness } from './harness'
import { hasShared } from '../fixtures/sharedFolder'

/**
 * A cooperative Gemini that takes its time: the answer starts after a moment (so the stage line
 * can be seen) and the judge is slow (so the streamed text can be seen before the answer lands).
 */
const COOPERATIVE: FakeScript = {
  synthesis: (request) => {
    const [a, b] = passageIds(request)
    return {
      delayMs: 800,
      text: [
        'Scaled dot-product attention computes the dot products of the query with all keys, ',
        `divides each by the square root of d_k and applies a softmax [[${a}]]. `,
        b ? `The Transformer uses it in every attention layer [[${b}]].` : ''
      ]
    }
  },
  judge: {
    delayMs: 1500,
    json: { onTopic: true, coversAllParts: true, saysPapersDoNotSay: false, problem: '' }
  }
}

/** A small paper from the extra corpus, dropped as a file. */
const DROPPED = '1907.11692.pdf'

const QUESTION = 'What is scaled dot-product attention?'

async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Question' })
  await box.fill(question)
  await box.press('Enter')
  return page.locator('article.turn').last()
}

async function expectHighlightOfChip(page: Page, chip: Locator): Promise<void> {
  const { highlights, scroll, cited, snippet } = await openChip(page, chip)
  // The viewer has reached the cited page once it says so, however long the scroll takes.
  await expect.poll(async () => Number(await scroll.getAttribute('data-viewer-page'))).toBe(cited)
  await expect
    .poll(() => page.getByRole('textbox', { name: 'Page' }).inputValue())
    .toBe(String(cited))
  const highlighted = norm((await highlights.allTextContents()).join(''))
  expect(highlighted).toContain(norm(snippet))
  // The marked spans hold the snippet and little else (whole spans, so a line's edges at most).
  expect(highlighted.length).toBeLessThan(norm(snippet).length + 400)
  // And the passage is on screen, inside the viewer's scrolled area.
  const box = (await highlights.first().boundingBox())!
  const pane = (await scroll.boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(pane.y)
  expect(box.y + box.height).toBeLessThanOrEqual(pane.y + pane.height)
}

const corpusHere = hasShared(join(CORPUS, '1706.03762.pdf'), 'the desktop UI e2e')

describe.skipIf(!corpusHere)('the desktop UI in Chromium', () => {
  let gemini: FakeGemini
  let h: Harness
  let page: Page
  let notAPdf: string

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-ui-'))
    notAPdf = join(dir, 'meeting-notes.pdf')
    writeFileSync(notAPdf, 'Meeting notes\n\nThis is a plain text file that was renamed to .pdf.\n')
    ;({ h, gemini } = await startWithGemini(COOPERATIVE, { pickFiles: [notAPdf] }))
    page = h.page
  })
  afterAll(async () => {
    await h?.close()
    await gemini?.close()
  })

  it('ingests the three default papers from the first-run call to action', async () => {
    const cta = page.getByRole('button', { name: 'Add the three default papers' })
    await cta.waitFor()
    await h.screenshot('ui-01-first-run')
    await cta.click()
    await page.locator('li.paper').nth(2).waitFor()
    await page
      .locator('li.paper .progress')
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(() => {})
    await h.screenshot('ui-02-ingesting')
    await expect
      .poll(() => page.locator('li.paper[data-status="indexed"]').count(), {
        timeout: 150_000,
        interval: 500
      })
      .toBe(3)
    const titles = await page.locator('li.paper .paper-title').allTextContents()
    expect(titles.join(' | ')).toMatch(/Attention Is All You Need/)
    expect(titles.join(' | ')).toMatch(/BERT/)
    await expect.poll(() => page.locator('.paper-meta').first().textContent()).toMatch(/pages/)
    await h.screenshot('ui-03-library-ready')
  })

  it('shows the live stage, then the streamed answer with chips and a hover card', async () => {
    const turn = await ask(page, QUESTION)
    await turn.locator('.stage-line').waitFor()
    await expect
      .poll(() => turn.locator('.stage-text').textContent(), { timeout: 15_000 })
      .toMatch(/drafting|checking|searching|reading|rewriting/)
    await h.screenshot('ui-04-agent-working')
    // The answer streams in while the judge checks it: raw [[chunk-id]] markers never show.
    const streaming = turn.locator('.answer-body.streaming')
    await streaming.waitFor({ timeout: 30_000 })
    expect(await streaming.textContent()).toContain('Scaled dot-product attention computes')
    expect(await streaming.textContent()).not.toContain('[[')
    expect(await turn.locator('.stage-text').textContent()).toBe('checking the answer')
    await h.screenshot('ui-05-streaming-while-checking')
    await turn.locator('button.chip').first().waitFor({ timeout: 30_000 })
    expect(await turn.getAttribute('data-status')).toBe('done')
    expect(await turn.locator('.answer-body').first().textContent()).toContain(
      'divides each by the square root'
    )
    expect(await turn.locator('.answer-body').first().textContent()).not.toContain('[[')
    expect(await turn.locator('.usage').textContent()).toMatch(/\d+ in · \d+\s+out tokens/)
    expect(await page.locator('.session-usage').textContent()).not.toMatch(/^0 in · 0 out/)
    expect(gemini.of('synthesis').length).toBeGreaterThan(0)
    await h.screenshot('ui-06-answer-with-chips')

    const chip = turn.locator('button.chip[data-citation="1"]').first()
    await chip.hover()
    const card = page.getByRole('tooltip')
    await card.waitFor()
    const page1 = await chip.getAttribute('data-page')
    expect(await card.textContent()).toContain(`Page ${page1}`)
    expect(norm((await card.locator('.hover-card-snippet').textContent()) ?? '').slice(0, 40)).toBe(
      norm((await chip.getAttribute('data-snippet')) ?? '').slice(0, 40)
    )
    await h.screenshot('ui-07-hover-card')
  })

  it('opens the cited paper at the cited page with the snippet highlighted when [1] is clicked', async () => {
    const chip = page
      .locator('article.turn')
      .last()
      .locator('button.chip[data-citation="1"]')
      .first()
    await expectHighlightOfChip(page, chip)
    await h.screenshot('ui-08-viewer-highlight')
    // Pages are drawn lazily: the whole paper is laid out, only the pages near the view are drawn.
    const laidOut = await page.locator('.pdf-page').count()
    const drawn = await page.locator('.pdf-page[data-rendered="true"]').count()
    expect(laidOut).toBeGreaterThanOrEqual(15)
    expect(drawn).toBeGreaterThan(0)
    expect(drawn).toBeLessThan(laidOut / 2)
    // Page navigation scrolls the viewer and the page box follows.
    await page.getByRole('button', { name: 'Next page' }).click()
    const scroll = page.locator('.viewer-scroll')
    const cited = Number(await chip.getAttribute('data-page'))
    await expect.poll(() => scroll.getAttribute('data-viewer-page')).toBe(String(cited + 1))
    await page.locator(`.pdf-page[data-page-number="${cited + 1}"][data-rendered="true"]`).waitFor()
  })

  it('without a key, gives an evidence-only answer whose chips still open the viewer', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByTestId('key-saved').waitFor()
    await page.getByRole('button', { name: 'Forget' }).click()
    await page.getByRole('textbox', { name: 'Gemini API key' }).waitFor()
    await h.screenshot('ui-09-settings-no-key')
    await page.getByRole('button', { name: 'Close settings' }).click()
    const before = gemini.requests.length
    const turn = await ask(page, 'How is BERT pre-trained?')
    await turn.locator('[data-label="evidence"]').waitFor({ timeout: 30_000 })
    expect(await turn.locator('[data-label="evidence"]').textContent()).toContain('Evidence only')
    expect(gemini.requests.length).toBe(before)
    const chip = turn.locator('button.chip').first()
    await chip.waitFor()
    await h.screenshot('ui-10-evidence-only')
    await expectHighlightOfChip(page, chip)
    await h.screenshot('ui-11-evidence-chip-opens-viewer')
  })

  it('shows a 429 as the quota message with the wait, and Retry then answers', async () => {
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('textbox', { name: 'Gemini API key' }).fill('test-key')
    await page.getByRole('button', { name: 'Save key' }).click()
    await page.getByTestId('key-saved').waitFor()
    await page.getByRole('button', { name: 'Close settings' }).click()
    gemini.setScript({
      tools: {
        error: {
          status: 429,
          message: 'Resource has been exhausted (e.g. check quota).',
          retryAfter: '3'
        }
      }
    })
    const turn = await ask(page, 'Which datasets does RAG use?')
    const alert = turn.getByRole('alert')
    await alert.waitFor({ timeout: 30_000 })
    expect(await alert.getAttribute('data-error-code')).toBe('RATE_LIMITED')
    expect(await alert.textContent()).toMatch(/quota/i)
    // One message with a live countdown; Retry is enabled when it ends.
    const countdown = alert.locator('[data-countdown]')
    expect(await countdown.count()).toBe(1)
    expect(await countdown.textContent()).toMatch(/You can retry in [1-3] s/)
    const retry = turn.getByRole('button', { name: 'Retry' })
    expect(await retry.isDisabled()).toBe(true)
    await h.screenshot('ui-12-rate-limited')
    await expect.poll(() => retry.isEnabled(), { timeout: 6_000 }).toBe(true)
    expect(await countdown.textContent()).toBe('The wait is over: you can retry now.')
    gemini.setScript(COOPERATIVE)
    await retry.click()
    await turn.locator('button.chip').first().waitFor({ timeout: 30_000 })
    expect(await turn.getByRole('alert').count()).toBe(0)
  })

  it('adding a text file renamed .pdf gives an error row named by the file, without Retry, while the other papers stay usable', async () => {
    // A paper is open at 1440 px: the library is the drawer beside it; a user opens it (Ctrl+K).
    await page.keyboard.press('Control+k')
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    const row = page.locator('li.paper[data-status="error"]')
    await row.waitFor({ timeout: 30_000 })
    const reason = (await row.locator('.paper-failure').textContent()) ?? ''
    expect(reason).toMatch(/pdf/i)
    expect(reason.length).toBeGreaterThan(20)
    // Retrying cannot turn a text file into a PDF: the row offers Remove, not Retry.
    await row.getByRole('button', { name: /^Remove/ }).waitFor()
    expect(await row.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    expect(await page.locator('li.paper[data-status="indexed"]').count()).toBe(3)
    await h.screenshot('ui-13-bad-file-error-row')
    await page.locator('li.paper[data-status="indexed"]').first().locator('.paper-main').click()
    await page.locator('.pdf-page[data-rendered="true"]').first().waitFor({ timeout: 30_000 })
    const turn = await ask(page, QUESTION)
    await turn.locator('button.chip').first().waitFor({ timeout: 30_000 })
    await h.screenshot('ui-14-still-usable')
  })

  it('adds a PDF dropped onto the library from its bytes', async () => {
    const bytes = readFileSync(join(CORPUS, 'extra', DROPPED)).toString('base64')
    await page.evaluate(
      ({ name, data }) => {
        const raw = Uint8Array.from(atob(data), (c) => c.charCodeAt(0))
        const transfer = new DataTransfer()
        transfer.items.add(new File([raw], name, { type: 'application/pdf' }))
        const target = document.querySelector('aside.library')!
        for (const type of ['dragover', 'drop']) {
          target.dispatchEvent(
            new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true })
          )
        }
      },
      { name: DROPPED, data: bytes }
    )
    await expect
      .poll(() => page.locator('li.paper[data-status="indexed"]').count(), { timeout: 60_000 })
      .toBe(4)
    const titles = await page
      .locator('li.paper[data-status="indexed"] .paper-title')
      .allTextContents()
    expect(titles.join(' | ')).toMatch(/RoBERTa/i)
    await h.screenshot('ui-15-dropped-pdf')
  })

  it('follows the system dark theme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .not.toBe('rgb(246, 247, 249)')
    await h.screenshot('ui-16-dark-theme')
  })
})
