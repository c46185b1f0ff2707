import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { makePaperPdf } from '../fixtures/fixturePapers'
import { startHarness, type Harness } from './harness'

/** Sixteen references with long titles and varied years; two bring a PDF, one has no year. */
function writeBibliography(dir: string): string {
  const pdf = (name: string, title: string, seed: number): string => {
    const f = join(dir, name)
    writeFileSync(f, makePaperPdf({ title, pages: 2, seed }))
    return f
  }
  const refs: [string, string, string, number | null, string | null][] = [
    ['vaswani2017', 'Attention Is All You Need', 'Vaswani, Ashish', 2017, null],
    [
      'devlin2019',
      'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
      'Devlin, Jacob',
      2019,
      null
    ],
    [
      'lewis2020',
      'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks',
      'Lewis, Patrick',
      2020,
      null
    ],
    ['he2016', 'Deep Residual Learning for Image Recognition', 'He, Kaiming', 2016, null],
    ['brown2020', 'Language Models are Few-Shot Learners', 'Brown, Tom', 2020, null],
    [
      'guu2020',
      'REALM: Retrieval-Augmented Language Model Pre-Training',
      'Guu, Kelvin',
      2020,
      null
    ],
    [
      'karpukhin2020',
      'Dense Passage Retrieval for Open-Domain Question Answering',
      'Karpukhin, Vladimir',
      2020,
      null
    ],
    [
      'robertson2009',
      'The Probabilistic Relevance Framework: BM25 and Beyond',
      'Robertson, Stephen',
      2009,
      null
    ],
    [
      'mikolov2013',
      'Distributed Representations of Words and Phrases and their Compositionality',
      'Mikolov, Tomas',
      2013,
      null
    ],
    ['hochreiter1997', 'Long Short-Term Memory', 'Hochreiter, Sepp', 1997, null],
    [
      'izacard2021',
      'Leveraging Passage Retrieval with Generative Models for Open Domain Question Answering',
      'Izacard, Gautier',
      2021,
      null
    ],
    ['notes', 'Reading group notes on retrieval evaluation', 'Silva, Ana', null, null],
    [
      'santos2023',
      'Avaliação de sistemas de recuperação de informação em português',
      'Santos, Maria',
      2023,
      null
    ],
    [
      'touvron2023',
      'LLaMA: Open and Efficient Foundation Language Models',
      'Touvron, Hugo',
      2023,
      null
    ],
    [
      'fixture2024',
      'A Generated Paper on Retrieval',
      'Doe, Jane',
      2024,
      pdf('generated-1.pdf', 'A Generated Paper on Retrieval', 1)
    ],
    [
      'fixture2022',
      'Another Generated Paper on Attention',
      'Roe, Richard',
      2022,
      pdf('generated-2.pdf', 'Another Generated Paper on Attention', 2)
    ]
  ]
  const bib = join(dir, 'references.bib')
  writeFileSync(
    bib,
    refs
      .map(
        ([key, title, author, year, file]) =>
          `@article{${key},\n  title = {${title}},\n  author = {${author} and Other, Some},${year ? `\n  year = {${year}},` : ''}${file ? `\n  file = {Full Text PDF:${file}:application/pdf}` : ''}\n}`
      )
      .join('\n\n')
  )
  return bib
}

const years = (page: Page): Promise<string[]> =>
  page.locator('.paper-list .paper-col-year').allInnerTexts()

/** Header labels whose text is cut (wider than their cell). */
const cutHeaders = (page: Page): Promise<string[]> =>
  page
    .locator('.paper-col-sort')
    .evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? '')
    )

async function widenLibrary(page: Page, toX: number): Promise<void> {
  const handle = page.getByRole('separator', {
    name: /Resize the library|Redimensionar a biblioteca/
  })
  const box = (await handle.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + 200)
  await page.mouse.down()
  await page.mouse.move(toX, box.y + 200, { steps: 8 })
  await page.mouse.up()
}

describe('a library that can be widened, with sortable columns', () => {
  let h: Harness
  let page: Page

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-columns-e2e-'))
    h = await startHarness({
      embedder: new FakeEmbedderProvider(),
      pickImport: { bibliography: writeBibliography(dir) },
      defaultCorpusDir: null,
      viewport: { width: 1920, height: 1080 }
    })
    page = h.page
    await page.getByRole('button', { name: 'Import from Zotero or a BibTeX file…' }).click()
    await page.getByRole('button', { name: /BibTeX or RIS file/ }).click()
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await page.getByRole('button', { name: 'Done', exact: true }).click()
    await page.waitForFunction(
      () => document.querySelector('.library-count')?.textContent === '2 ready, 14 without PDF',
      undefined,
      { timeout: 120_000 }
    )
  }, 180_000)
  afterAll(async () => h?.close())

  it('at 1920 px: widened, the rows show columns; Year sorts newest first, then oldest first', async () => {
    expect(await page.getByRole('columnheader').count()).toBe(0)
    await widenLibrary(page, 1400)
    const library = page.getByRole('complementary', { name: 'Library' })
    await expect
      .poll(() => library.evaluate((el) => Math.round(el.getBoundingClientRect().width)))
      .toBeGreaterThan(1300)
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Title',
      'First author',
      'Year',
      'Added▼',
      'Status'
    ])
    const year = page.getByRole('columnheader', { name: 'Year' })
    await year.getByRole('button').click()
    expect(await year.getAttribute('aria-sort')).toBe('descending')
    const newest = await years(page)
    expect(newest.slice(0, 4)).toEqual(['2024', '2023', '2023', '2022'])
    expect(newest.at(-1)).toBe('')
    await year.getByRole('button').click()
    expect(await year.getAttribute('aria-sort')).toBe('ascending')
    expect((await years(page)).slice(0, 3)).toEqual(['1997', '2009', '2013'])
    await year.getByRole('button').click()
    // Widened to 1,400 px the long titles are read whole; one cut is whole on hover.
    const cut = await page
      .locator('.paper-list .paper-title')
      .evaluateAll((els) =>
        els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent ?? '')
      )
    expect(cut.length).toBeLessThanOrEqual(1)
    for (const title of cut)
      expect(
        await page.locator('button.paper-main', { hasText: title }).getAttribute('title')
      ).toContain(title)
    expect(await cutHeaders(page)).toEqual([])
    expect(
      await page.locator('li.paper', { hasText: 'Attention Is All You Need' }).innerText()
    ).toMatch(/Attention Is All You Need\s+[^\n]*Vaswani[^\n]*\s+2017\s+\d\d\/\d\d\/\d{4}\s+No PDF/)
    await h.screenshot('library-columns-1920-en')
  })

  it('remembers the width and the order at the next launch, and fits in Portuguese', async () => {
    await h.services.settings.update({ uiLanguage: 'pt-BR' })
    await page.reload()
    const year = page.getByRole('columnheader', { name: 'Ano' })
    await year.waitFor()
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Título',
      'Primeiro autor',
      'Ano▼',
      'Adicionado',
      'Situação'
    ])
    expect(await year.getAttribute('aria-sort')).toBe('descending')
    expect((await years(page)).slice(0, 2)).toEqual(['2024', '2023'])
    expect(await cutHeaders(page)).toEqual([])
    expect(
      await page.locator('li.paper', { hasText: 'Long Short-Term Memory' }).innerText()
    ).toMatch(/Hochreiter[^\n]*\s+1997\s+\d\d\/\d\d\/\d{4}\s+Sem PDF/)
    await h.screenshot('library-columns-1920-pt-BR')
  })

  it('at 1024 px: the library keeps its compact two-line rows and the sort menu', async () => {
    await h.services.settings.update({ uiLanguage: 'en' })
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.reload()
    await page.locator('li.paper').first().waitFor()
    expect(await page.getByRole('columnheader').count()).toBe(0)
    const sort = page.getByRole('combobox', { name: 'Sort by' })
    expect(await sort.inputValue()).toBe('year')
    const first = page.locator('li.paper').first()
    expect(await first.locator('.paper-title').innerText()).toBe('A Generated Paper on Retrieval')
    expect(await first.locator('.paper-meta').innerText()).toMatch(/Doe.* · 2024/)
    // The chat keeps its room: the library stays within what 1024 px leaves it.
    const width = await page
      .getByRole('complementary', { name: 'Library' })
      .evaluate((el) => el.getBoundingClientRect().width)
    expect(width).toBeLessThanOrEqual(1024 - 480 - 6)
    const tallest = await page
      .locator('li.paper')
      .evaluateAll((els) => Math.max(...els.map((e) => e.getBoundingClientRect().height)))
    expect(tallest).toBeLessThanOrEqual(40)
    await h.screenshot('library-compact-1024')
  })
})
