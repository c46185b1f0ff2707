import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Channel, ChannelInput, ChannelOutput } from '../../src/shared/contract'
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
  norm,
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
  const kind = await chip.getAttribute('data-kind')
  if (kind === 'figure' || kind === 'table') {
    // A cited figure or table is highlighted by its region on the page, not by its text.
    const cited = Number(await chip.getAttribute('data-page'))
    const snippet = (await chip.getAttribute('data-snippet')) ?? ''
    await chip.click()
    const region = page.locator(`.pdf-page[data-page-number="${cited}"] .region-highlight`)
    await region.first().waitFor({ timeout: 30_000 })
    const layer = page.locator(`.pdf-page[data-page-number="${cited}"] .textLayer`)
    await expect
      .poll(async () => norm((await layer.textContent()) ?? ''), { timeout: 30_000 })
      .toContain(norm(snippet).slice(0, 40))
    expect(await region.first().getAttribute('data-kind')).toBe(kind)
    return
  }
  const { scroll, cited } = await openChip(page, chip)
  await expect.poll(async () => Number(await scroll.getAttribute('data-viewer-page'))).toBe(cited)
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

  it('starts from a collection and from a conversation, which then shows its comparison', async () => {
    const invoke = async <C extends Channel>(
      channel: C,
      input: ChannelInput<C>
    ): Promise<ChannelOutput<C>> => {
      const r = await h.services.router.invoke(channel, input, { transport: 'e2e' })
      if (!r.ok) throw new Error(r.error.message)
      return r.value as ChannelOutput<C>
    }
    const { collection } = await invoke('library:createCollection', { name: 'Pre-training' })
    await invoke('library:setCollection', {
      collectionId: collection.id,
      paperIds: ['1810.04805', '2005.11401'],
      member: true
    })
    const { thread } = await invoke('threads:create', {
      title: 'Encoders',
      scope: ['1706.03762', '1810.04805']
    })
    // The app reads collections and conversations at start.
    await page.reload()
    await page.getByRole('tab', { name: 'Compare' }).click()
    const back = page.getByRole('button', { name: '← All comparisons' })
    if (await back.isVisible()) await back.click()

    // From a collection: its papers are checked, and the table says where they came from.
    await page.getByLabel('From a collection').selectOption({ label: 'Pre-training (2)' })
    const checked = async (): Promise<string[]> =>
      page
        .locator('.compare-paper-option', { has: page.locator('input:checked') })
        .allTextContents()
    expect((await checked()).map((x) => x.slice(0, 4)).sort()).toEqual(['BERT', 'Retr'])
    await page
      .getByRole('textbox', { name: 'Questions, one per line' })
      .fill('What is pre-trained?')
    await h.screenshot('compare-05-from-collection-form')
    await page.getByRole('button', { name: 'Compare', exact: true }).click()
    await expect.poll(() => page.locator('.compare-table tbody tr').count()).toBe(2)
    await expect
      .poll(() => page.locator('.compare-origin').textContent())
      .toBe('Papers of the collection “Pre-training”')
    const fromCollection = await invoke('compare:list', {})
    expect(fromCollection.comparisons[0]).toMatchObject({
      collection: { id: collection.id, name: 'Pre-training' },
      paperIds: ['1810.04805', '2005.11401']
    })

    // From a conversation: its papers, saved with it; the conversation lists it.
    await page.getByRole('tab', { name: 'Chat' }).click()
    await expect.poll(() => page.locator('.thread-header-title').textContent()).toBe('Encoders')
    await page.getByRole('button', { name: 'Compare these papers' }).click()
    await expect
      .poll(() => page.locator('.compare-form .compare-origin').textContent())
      .toContain('Saved with the conversation “Encoders”')
    expect((await checked()).map((x) => x.slice(0, 4)).sort()).toEqual(['Atte', 'BERT'])
    await page
      .getByRole('textbox', { name: 'Questions, one per line' })
      .fill('Which attention does the encoder use?')
    await page.getByRole('button', { name: 'Compare', exact: true }).click()
    await expect
      .poll(() => page.locator('.compare-cell:not([data-status="pending"])').count(), {
        timeout: 60_000
      })
      .toBe(2)
    await h.screenshot('compare-06-from-conversation-table')
    await page.getByRole('button', { name: 'Open the conversation' }).click()
    const pill = page
      .getByRole('navigation', { name: 'Comparisons in this conversation:' })
      .getByRole('button', { name: 'Which attention does the encoder use?' })
    await pill.waitFor()
    const linked = await invoke('compare:list', { threadId: thread.id })
    expect(linked.comparisons.map((c) => c.title)).toEqual([
      'Which attention does the encoder use?'
    ])
    await h.screenshot('compare-07-conversation-lists-comparison')
    await pill.click()
    await expect.poll(() => page.locator('.compare-table tbody tr').count()).toBe(2)
    await page.getByRole('button', { name: '← All comparisons' }).click()
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
