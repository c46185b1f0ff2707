import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { makePaperPdf } from '../fixtures/fixturePapers'
import { CORPUS_FILES } from '../fixtures/sharedCorpus'
import { CORPUS, startHarness, type Harness } from './harness'

/** The 18 corpus PDFs, or 18 generated papers on a machine without `../shared`. */
function eighteenPapers(dir: string): string[] {
  if (existsSync(CORPUS)) return CORPUS_FILES.map((f) => join(CORPUS, f))
  if (process.env.CI === 'true') throw new Error(`The library e2e needs ${CORPUS} on CI.`)
  console.warn(`library e2e: ${CORPUS} is missing; using 18 generated papers instead.`)
  return Array.from({ length: 18 }, (_, i) => {
    const f = join(dir, `generated-${i + 1}.pdf`)
    writeFileSync(f, makePaperPdf({ title: `Generated Paper ${i + 1}`, pages: 2, seed: i + 1 }))
    return f
  })
}

/** Rows whose whole box is inside the list's visible area. */
/**
 * The rows fully visible in the list, the tallest paper row, and the rows' worth of room the
 * visible failed rows take beyond a paper row (their reason wraps to two lines, issue 30 #3).
 */
async function fullyVisibleRows(
  page: Page
): Promise<{ visible: number; tallestPaperRow: number; failedExtraRows: number }> {
  return page.evaluate(() => {
    const list = document.querySelector('.paper-list')!.getBoundingClientRect()
    const bottom = Math.min(list.bottom, window.innerHeight)
    const rows = [...document.querySelectorAll('.paper-list > li')].filter((li) => {
      const r = li.getBoundingClientRect()
      return r.top >= list.top - 1 && r.bottom <= bottom + 1
    })
    const height = (li: Element): number => li.getBoundingClientRect().height
    const failed = (li: Element): boolean => li.getAttribute('data-status') === 'error'
    const papers = rows.filter((li) => !failed(li)).map(height)
    const tallestPaperRow = Math.max(...papers)
    const extra = rows.filter(failed).reduce((n, li) => n + height(li) - tallestPaperRow, 0)
    return { visible: rows.length, tallestPaperRow, failedExtraRows: extra / tallestPaperRow }
  })
}

function row(page: Page, title: string | RegExp): Locator {
  return page
    .locator('.paper-list > li')
    .filter({ has: page.locator('.paper-title', { hasText: title }) })
}

async function titles(page: Page): Promise<string[]> {
  return page.locator('.paper-list .paper-title').allInnerTexts()
}

describe('the library with 18 papers at 1280×800', () => {
  let h: Harness
  let page: Page
  const realCorpus = existsSync(CORPUS)

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-lib-e2e-'))
    const notes = join(dir, 'notes.pdf')
    writeFileSync(notes, 'meeting notes, not a PDF\n')
    const empty = join(dir, 'empty.pdf')
    writeFileSync(empty, '')
    h = await startHarness({
      embedder: new FakeEmbedderProvider(),
      pickFiles: [...eighteenPapers(dir), notes, empty],
      viewport: { width: 1280, height: 800 }
    })
    page = h.page
    await page.getByRole('button', { name: 'Add PDFs…' }).click()
    // Waits here (not with expect.poll, which needs a test) until every paper is done.
    await page.waitForFunction(
      () => document.querySelector('.library-count')?.textContent === '18 ready, 2 failed',
      undefined,
      { timeout: 240_000 }
    )
  }, 300_000)
  afterAll(async () => {
    await h?.close()
  })

  it('shows at least 12 compact rows, the count, and failed rows named by their file without Retry', async () => {
    await h.screenshot('library-18-papers-top')
    const { visible, tallestPaperRow, failedExtraRows } = await fullyVisibleRows(page)
    console.log(
      `library e2e: ${visible} rows fully visible at 1280×800 (paper rows ≤ ${tallestPaperRow} px; failed rows take ${failedExtraRows.toFixed(2)} rows more)`
    )
    // Compact: a paper is a title line and a details line, and twelve rows' worth of them fit
    // (a failed row's reason takes up to two lines of that room).
    expect(tallestPaperRow).toBeLessThanOrEqual(40)
    expect(failedExtraRows).toBeLessThanOrEqual(2)
    expect(visible + failedExtraRows).toBeGreaterThanOrEqual(12)
    // The add controls are at the top of the panel, outside the scrolling list.
    await page.locator('.paper-list').evaluate((el) => el.scrollTo(0, el.scrollHeight))
    await expect.poll(() => page.getByRole('button', { name: 'Add PDFs…' }).isVisible()).toBe(true)
    const failed = row(page, 'notes.pdf')
    await expect
      .poll(() => failed.locator('.paper-failure').innerText())
      .toMatch(/^Failed: .*not a PDF/)
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    expect(await row(page, 'empty.pdf').count()).toBe(1)
    await page.locator('.paper-list').evaluate((el) => el.scrollTo(0, 0))
    await h.screenshot('library-18-papers')
  })

  it('searches as you type over titles and authors, and sorts', async () => {
    const search = page.getByRole('searchbox', { name: 'Search the library' })
    await search.fill(realCorpus ? 'bert' : 'paper 1')
    if (realCorpus) {
      await expect
        .poll(async () => (await titles(page)).map((t) => t.split(':')[0]).sort())
        .toEqual([
          'ALBERT',
          'BERT',
          // "bert" is in Adam Roberts, one of T5's authors: the search looks at authors too.
          'Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer',
          'RoBERTa',
          'Sentence-BERT'
        ])
      await search.fill('lewis')
      await expect.poll(() => titles(page)).toHaveLength(3)
      expect((await titles(page)).join(' ')).toMatch(/Retrieval-Augmented Generation/)
      await h.screenshot('library-search')
    }
    await search.fill('')
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('title')
    const byTitle = await titles(page)
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.localeCompare(b)))
    if (realCorpus) {
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption('year')
      const years = await page.locator('.paper-list .paper-meta').allInnerTexts()
      const ys = years.map((m) => Number(/\b(19|20)\d{2}\b/.exec(m)?.[0] ?? 0)).filter(Boolean)
      expect(ys).toEqual([...ys].sort((a, b) => b - a))
      expect(ys[0]).toBe(2021)
    }
  })

  it('files papers in a collection with checkboxes and by dragging, and cites it', async () => {
    await page.getByRole('button', { name: '+ New collection' }).click()
    await page.getByRole('textbox', { name: 'New collection name' }).fill('Retrieval')
    await page.getByRole('button', { name: 'Create' }).click()
    const tab = page.locator('.collection-tab', { hasText: 'Retrieval' })
    await tab.waitFor()
    const picks = realCorpus
      ? ['Retrieval-Augmented Generation', 'Dense Passage', 'REALM']
      : ['Paper 1', 'Paper 2', 'Paper 3']
    for (const t of picks) await row(page, t).getByRole('checkbox').check()
    await page
      .getByRole('combobox', { name: 'Add to collection' })
      .selectOption({ label: 'Retrieval' })
    await expect.poll(() => tab.locator('.count').innerText()).toBe('3')
    const dragged = row(page, realCorpus ? 'Leveraging Passage' : 'Paper 4')
    await dragged.dragTo(tab)
    await expect.poll(() => tab.locator('.count').innerText()).toBe('4')
    await tab.click()
    await expect.poll(() => titles(page)).toHaveLength(4)
    await h.screenshot('library-collection')
    await page.getByRole('button', { name: 'Cite collection' }).click()
    const bib = page.getByRole('textbox', { name: 'BibTeX' })
    await expect.poll(() => bib.inputValue()).toMatch(/^@/)
    const text = await bib.inputValue()
    expect(text.match(/^@\w+\{/gm)).toHaveLength(4)
    if (realCorpus) expect(text).toContain('{lewis2020retrieval,')
    await h.screenshot('library-cite-collection')
    await page.getByRole('button', { name: 'Close', exact: true }).click()
    await page.locator('.collection-tab', { hasText: 'All papers' }).click()
  })

  it('asks about the selected papers: the chat shows the scope of the next question', async () => {
    const picks = realCorpus
      ? ['Retrieval-Augmented Generation', 'Dense Passage', 'REALM']
      : ['Paper 1', 'Paper 2', 'Paper 3']
    for (const t of picks) await row(page, t).getByRole('checkbox').check()
    await expect.poll(() => page.locator('.selection-count').innerText()).toBe('3 selected')
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll('.paper.selected')].map((li) =>
        li.getAttribute('data-paper-id')
      )
    )
    expect(ids).toHaveLength(3)
    await page.getByRole('button', { name: 'Ask about these (3)' }).click()
    // The next question's conversation is limited to those papers (the thread header says so).
    const scope = page.locator('.scope-pill')
    await expect.poll(() => scope.textContent()).toBe('Limited to 3 papers')
    await h.screenshot('library-ask-about-these')
  })

  it('edits a title in the details dialog; the edit is saved in the library', async () => {
    const target = row(page, realCorpus ? /^Deep contextualized/ : 'Paper 5')
    const id = (await target.getAttribute('data-paper-id'))!
    await target.hover()
    await target.getByRole('button', { name: /^Details of/ }).click()
    const title = page.getByRole('textbox', { name: /^Title/ })
    await title.fill('ELMo: Deep Contextualized Word Representations')
    await page.getByRole('textbox', { name: /^Tags/ }).fill('embeddings, classic')
    // The dialog also shows the papers most like this one and the references not in the library.
    const discovery = page.getByRole('region', { name: 'Most like this paper' })
    await expect
      .poll(() => discovery.locator('.link-btn').count(), { timeout: 30_000 })
      .toBeGreaterThan(0)
    if (realCorpus)
      await expect
        .poll(() => discovery.innerText(), { timeout: 30_000 })
        .toMatch(/References not in your library \(\d+ of \d+\)/)
    await h.screenshot('library-edit-details')
    await page.getByRole('button', { name: 'Save' }).click()
    await row(page, 'ELMo: Deep Contextualized').waitFor()
    const saved = h.services.library.get(id)
    expect(saved.title).toBe('ELMo: Deep Contextualized Word Representations')
    expect(saved.tags).toEqual(['embeddings', 'classic'])
    expect(saved.fieldSources.title).toBe('user')
    await page.getByRole('searchbox', { name: 'Search the library' }).fill('classic')
    await expect
      .poll(() => titles(page))
      .toEqual(['ELMo: Deep Contextualized Word Representations'])
  })
})
