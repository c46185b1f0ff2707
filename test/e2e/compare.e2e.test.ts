import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import {
  cellPassageIds,
  isClaimCell,
  lastUserText,
  type FakeGemini,
  type FakeScript
} from '../fakes/fakeGemini'
import {
  addDefaultPapers,
  CORPUS,
  openChip,
  startHarness,
  startWithGemini,
  type Harness
} from './harness'

/** A Gemini that answers each cell with the opening words of the paper's best passage. */
const CELLS: FakeScript = {
  cell: (r) => {
    const id = cellPassageIds(r)[0]
    const text = lastUserText(r).split(`id: ${id}`)[1]?.split('\n')[1] ?? ''
    const gist = text.split(/(?<=\.)\s/)[0]!.slice(0, 110)
    if (isClaimCell(r)) {
      // BERT's passages speak for pre-training; the others neither support nor contradict.
      return id?.startsWith('1810.04805')
        ? { json: { verdict: 'supports', answer: gist, passageIds: [id] } }
        : { json: { verdict: 'does_not_address', answer: 'Not discussed.', passageIds: [] } }
    }
    return { json: { status: 'answered', answer: gist, passageIds: id ? [id] : [] } }
  }
}

const QUESTIONS = [
  'Which datasets are used for evaluation?',
  'How many layers does the model have?'
]
const CLAIM = 'Pre-training on unlabeled text improves results'

async function expectHighlightOfChip(page: Page, chip: Locator): Promise<void> {
  const { scroll, cited } = await openChip(page, chip)
  await page.waitForTimeout(300)
  expect(Number(await scroll.getAttribute('data-viewer-page'))).toBe(cited)
}

const HAVE_CORPUS = existsSync(join(CORPUS, '1706.03762.pdf'))
if (!HAVE_CORPUS) {
  if (process.env.CI === 'true') throw new Error(`compare.e2e needs the corpus at ${CORPUS}`)
  console.warn(`SKIPPED compare.e2e: the default papers are not at ${CORPUS}`)
}

describe.skipIf(!HAVE_CORPUS)('compare papers in Chromium', () => {
  let gemini: FakeGemini
  let h: Harness
  let page: Page
  let dataDir: string

  beforeAll(async () => {
    ;({ h, gemini } = await startWithGemini(CELLS))
    page = h.page
    dataDir = h.dataDir
    await addDefaultPapers(page, 150_000)
  })
  afterAll(async () => {
    await h?.close()
    await gemini?.close()
  })

  it('fills a 3 × 3 table (two questions and a claim), each cell citing its own paper', async () => {
    await page.getByRole('tab', { name: 'Compare' }).click()
    for (const title of ['Attention Is All You Need', 'BERT', 'Retrieval-Augmented']) {
      await page.locator('.compare-paper-option', { hasText: title }).locator('input').check()
    }
    await page.getByRole('textbox', { name: 'Questions, one per line' }).fill(QUESTIONS.join('\n'))
    await page.getByRole('textbox', { name: /A claim to check/ }).fill(CLAIM)
    await h.screenshot('compare-01-form')
    await page.getByRole('button', { name: 'Compare', exact: true }).click()
    await page.locator('.compare-table').waitFor()
    await expect
      .poll(() => page.locator('.compare-cell:not([data-status="pending"])').count(), {
        timeout: 60_000
      })
      .toBe(9)
    expect(await page.locator('.compare-table tbody tr').count()).toBe(3)
    expect(await page.locator('.compare-cell[data-status="answered"]').count()).toBe(7)
    expect(await page.locator('.compare-cell[data-status="not-stated"]').count()).toBe(2)
    await expect
      .poll(() => page.locator('.compare-verdict').allTextContents())
      .toEqual(['Does not address', 'Supports', 'Does not address'])
    // Every chip in a paper's row cites that paper.
    for (const row of await page.locator('.compare-table tbody tr').all()) {
      const paperId = await row.getAttribute('data-paper-id')
      const chips = await row
        .locator('button.chip')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-paper-id')))
      expect(chips.length).toBeGreaterThan(0)
      expect(new Set(chips)).toEqual(new Set([paperId]))
    }
    await h.screenshot('compare-02-table')
  })

  it('a cell chip opens the viewer at the cited page with the passage highlighted', async () => {
    const bertRow = page.locator('.compare-table tbody tr[data-paper-id="1810.04805"]')
    await expectHighlightOfChip(page, bertRow.locator('button.chip').first())
    await h.screenshot('compare-03-chip-opens-viewer')
  })

  it('exports CSV and Markdown with the quotes and pages, and BibTeX for the papers', async () => {
    const save = async (name: string): Promise<string> => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click()
      ])
      return readFileSync((await download.path())!, 'utf8')
    }
    const csv = await save('Export CSV')
    expect(csv.split('\r\n')[0]).toBe(
      'paper_id,title,kind,question,status,verdict,answer,page,quote,passage_id'
    )
    expect(csv).toMatch(
      /1810\.04805,.*,claim,Pre-training on unlabeled text improves results,answered,supports,/
    )
    const md = await save('Export Markdown')
    expect(md).toContain(`| Paper | ${QUESTIONS[0]} | ${QUESTIONS[1]} | Claim: ${CLAIM} |`)
    expect(md).toMatch(/p\. \d+: "/)
    const bib = await save('Export BibTeX')
    expect(bib.match(/^@\w+\{/gm)).toHaveLength(3)
  })

  it('reopens after a restart and, without a key, fills a new table with evidence only', async () => {
    await h.close()
    h = await startHarness({ dataDir, apiKey: null, embedder: new FakeEmbedderProvider() })
    page = h.page
    await page.getByRole('tab', { name: 'Compare' }).click()
    await page.getByRole('button', { name: QUESTIONS[0] }).click()
    await expect.poll(() => page.locator('.compare-cell[data-status="answered"]').count()).toBe(7)
    await page.getByRole('button', { name: '← All comparisons' }).click()
    for (const title of ['Attention Is All You Need', 'BERT', 'Retrieval-Augmented']) {
      await page.locator('.compare-paper-option', { hasText: title }).locator('input').check()
    }
    await page.getByRole('textbox', { name: 'Questions, one per line' }).fill(QUESTIONS.join('\n'))
    await page.getByRole('button', { name: 'Compare', exact: true }).click()
    await expect
      .poll(() => page.locator('.compare-cell[data-status="evidence"]').count(), {
        timeout: 60_000
      })
      .toBe(6)
    await expect(page.locator('.compare-evidence-note').textContent()).resolves.toMatch(
      /Evidence only/
    )
    for (const row of await page.locator('.compare-table tbody tr').all()) {
      const paperId = await row.getAttribute('data-paper-id')
      const chips = await row
        .locator('button.chip')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-paper-id')))
      expect(new Set(chips)).toEqual(new Set([paperId]))
    }
    await h.screenshot('compare-04-evidence-only')
  })
})
