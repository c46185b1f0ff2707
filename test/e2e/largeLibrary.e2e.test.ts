import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildScaleLibrary } from '../../bench/scaleLibrary'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { startHarness, type Harness } from './harness'

const PAPERS = 10_000
/** `ROWS_PER_PAGE` in LibraryPanel.tsx (a React module this Node-side test does not load). */
const ROWS_PER_PAGE = 200

/** Milliseconds from running `act` in the page to the next frame after it (the UI's answer). */
async function frameAfter(page: Page, act: string): Promise<number> {
  return page.evaluate(async (act) => {
    const t0 = performance.now()
    new Function(act)()
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))
    return Math.round(performance.now() - t0)
  }, act)
}

/** Types into the library's search box as a person does (React sees an input event). */
const search = (text: string): string => `
  const box = document.querySelector('input[type=search]')
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, ${JSON.stringify(text)})
  box.dispatchEvent(new Event('input', { bubbles: true }))`

const mounted = (page: Page): Promise<number> => page.locator('.paper-list > li.paper').count()

describe(`a library of ${PAPERS.toLocaleString('en')} papers in the real renderer`, () => {
  let h: Harness

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rp-e2e-large-'))
    // A real data dir: catalog, pages and both search stores, one synthetic chunk per paper.
    const texts = Array.from(
      { length: 50 },
      (_, i) => `Passage ${i} on retrieval, attention and evaluation of language models.`
    )
    const fake = new FakeEmbedderProvider()
    const embedder = (await fake.current())!
    await buildScaleLibrary(dataDir, {
      total: PAPERS,
      perPaper: 1,
      texts,
      pages: texts,
      embedderId: embedder.id,
      dims: embedder.dims
    })
    h = await startHarness({ dataDir, embedder: fake, defaultCorpusDir: null })
  }, 300_000)
  afterAll(async () => h?.close())

  it('opens with the count of the whole library and one page of rows; scrolling brings the next; a search finds the last paper', async () => {
    const { page } = h
    await expect
      .poll(() => page.locator('.library-count').textContent(), { timeout: 60_000 })
      .toBe('10,000 ready')
    expect(await page.locator('.collection-tab').first().textContent()).toBe('All papers 10,000')
    expect(await mounted(page)).toBe(ROWS_PER_PAGE)
    // The synthetic papers have no PDFs: the repairs notice names them all, and scrolls
    // within itself rather than pushing the list out of the window.
    const repairs = page.getByRole('status', { name: 'Library repairs' })
    expect(await repairs.textContent()).toContain('The PDF of 10,000 papers')
    expect(
      await page.locator('.paper-list').evaluate((list) => list.getBoundingClientRect().height)
    ).toBeGreaterThan(200)
    await page.getByRole('button', { name: 'Show 9,800 more papers' }).waitFor()
    await h.screenshot('large-library-10000')

    // Scrolling to the end of the list loads the next page before the end is reached.
    await page.locator('.paper-list').evaluate((list) => (list.scrollTop = list.scrollHeight))
    await expect.poll(() => mounted(page)).toBeGreaterThanOrEqual(2 * ROWS_PER_PAGE)

    // The oldest paper, thousands of rows down, is one search away.
    const findMs = await frameAfter(page, search('synthetic-00000'))
    await expect.poll(() => mounted(page)).toBe(1)
    expect(await page.locator('.paper-list .paper-title').textContent()).toBe(
      'Synthetic paper synthetic-00000'
    )
    const clearMs = await frameAfter(page, search(''))
    expect(await mounted(page)).toBe(ROWS_PER_PAGE)

    // One paper changing (as each does during an import) re-renders one row, not ten thousand.
    const [first] = h.services.library.list()
    const changeMs = await frameAfter(
      page,
      `window.__rpEmit('library:changed', ${JSON.stringify({
        full: false,
        papers: [{ ...first, title: 'A renamed paper' }],
        removed: [],
        collections: []
      })})`
    )
    await page.locator('.paper-list .paper-title', { hasText: 'A renamed paper' }).waitFor()
    // Figures, not limits: printed for the closing note (a timed test would fail on a busy machine).
    console.log(
      `10,000-paper library in Chromium: search ${findMs} ms, clearing it ${clearMs} ms, one paper changed ${changeMs} ms (to the next frame)`
    )
  })
})
