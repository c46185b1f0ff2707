import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { SHARED_CORPUS, sharedCorpusPresent } from '../fixtures/sharedCorpus'
import { makeZoteroFolder, ZOTERO_FIXTURE } from '../fixtures/zoteroFixture'
import { startHarness, type Harness } from './harness'
import { serveStatic } from './staticServer'

const corpus = (f: string): string => join(SHARED_CORPUS, f)

/**
 * A reference manager's export beside real PDFs: three papers (one by a relative path), the
 * Transformer again under another key, a file that is not a PDF, and BERT without a PDF.
 */
function writeBibliography(dir: string): string {
  mkdirSync(join(dir, 'pdfs'))
  copyFileSync(corpus('2005.11401.pdf'), join(dir, 'pdfs', 'lewis2020.pdf'))
  writeFileSync(join(dir, 'pdfs', 'minutes.pdf'), 'minutes of the reading group\n')
  const entry = (key: string, title: string, year: number, file: string | null, extra = '') =>
    `@article{${key},\n  title = {${title}},\n  author = {Someone, A.},\n  year = {${year}},${extra}${file ? `\n  file = {Full Text PDF:${file}:application/pdf}` : ''}\n}`
  const bib = join(dir, 'library.bib')
  writeFileSync(
    bib,
    [
      entry('vaswani2017', 'Attention Is All You Need', 2017, corpus('1706.03762.pdf')),
      entry('lewis2020', 'Retrieval-Augmented Generation', 2020, 'pdfs/lewis2020.pdf'),
      entry(
        'peters2018',
        'Deep Contextualized Word Representations',
        2018,
        corpus('extra/1802.05365.pdf')
      ),
      entry('transformer', 'The Transformer, again', 2017, corpus('1706.03762.pdf')),
      entry('minutes', 'Reading group minutes', 2024, 'pdfs/minutes.pdf'),
      entry(
        'devlin2019',
        'BERT',
        2019,
        null,
        '\n  eprint = {1810.04805},\n  archivePrefix = {arXiv},'
      )
    ].join('\n\n')
  )
  return bib
}

/** A local "arXiv" serving `/pdf/<id>` from the corpus, so fetching by id works offline. */
async function fakeArxiv(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(join(dir, 'pdf'), { recursive: true })
  writeFileSync(join(dir, 'pdf', '1810.04805'), readFileSync(corpus('1810.04805.pdf')))
  writeFileSync(join(dir, 'pdf', '2002.08909'), readFileSync(corpus('extra/2002.08909.pdf')))
  return serveStatic(dir)
}

async function openImport(page: Page, label: string, source: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click()
  await page.getByRole('button', { name: new RegExp(source) }).click()
}

const summary = (page: Page) => page.locator('.import-summary')

describe.skipIf(!sharedCorpusPresent('the import e2e'))('importing a library in the app', () => {
  let h: Harness
  let pt: Harness | null = null
  let arxiv: { url: string; close(): Promise<void> }
  let zotero = ''

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-import-e2e-'))
    arxiv = await fakeArxiv(join(dir, 'arxiv'))
    zotero = makeZoteroFolder(join(dir, 'Zotero'), readFileSync(corpus('extra/1907.11692.pdf')))
    h = await startHarness({
      embedder: new FakeEmbedderProvider(),
      arxivBaseUrl: arxiv.url,
      pickImport: { bibliography: writeBibliography(dir), zotero },
      viewport: { width: 1280, height: 800 }
    })
  }, 120_000)
  afterAll(async () => {
    await h?.close()
    await pt?.close()
    await arxiv?.close()
  })

  it('imports a BibTeX file: imported, duplicates, failures with reasons, and an entry without PDF fetched by its arXiv id', async () => {
    const { page } = h
    // The library is empty: the first-run panel offers the import.
    await openImport(page, 'Import from Zotero or a BibTeX file…', 'BibTeX or RIS file')
    await expect.poll(() => page.getByText('File: library.bib').isVisible()).toBe(true)
    await page.getByLabel('Put the papers in a collection (optional)').fill('Imported')
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await expect
      .poll(() => summary(page).locator('.import-counts').textContent(), { timeout: 60_000 })
      .toBe('3 imported · 1 already in the library · 1 failed · 1 without a PDF')
    const failed = summary(page).locator('section', { hasText: 'Failed' })
    await expect.poll(() => failed.textContent()).toContain('minutes.pdf')
    await expect.poll(() => failed.textContent()).toContain('is not a PDF')
    const missing = summary(page).locator('section', { hasText: 'Without a PDF' }).locator('li')
    await expect.poll(() => missing.textContent()).toContain('arXiv:1810.04805')
    await expect
      .poll(
        () =>
          summary(page)
            .getByText(/still being indexed/)
            .count(),
        { timeout: 180_000 }
      )
      .toBe(0)
    await h.screenshot('import-bibtex-summary-en')
    // Fetched from (the local) arXiv by its id: it joins the library.
    await missing.getByRole('button', { name: 'Fetch from arXiv' }).click()
    await expect.poll(() => missing.getByText('Added').isVisible(), { timeout: 60_000 }).toBe(true)
    await page.getByRole('button', { name: 'Done' }).click()
    await expect
      .poll(() => page.locator('.paper-list .paper-title').allInnerTexts(), { timeout: 120_000 })
      .toEqual(
        expect.arrayContaining([
          'Attention Is All You Need',
          'Retrieval-Augmented Generation',
          'Deep Contextualized Word Representations',
          expect.stringMatching(/BERT/)
        ])
      )
    // The Transformer's second entry did not rename the paper its first entry described.
    expect(await page.locator('.paper-list .paper-title').allInnerTexts()).not.toContain(
      'The Transformer, again'
    )
    await expect
      .poll(() => page.locator('.collection-tab', { hasText: 'Imported' }).count())
      .toBeGreaterThan(0)
  }, 300_000)

  it('imports the chosen Zotero collection with its counts shown, and keeps it as a collection', async () => {
    const { page } = h
    await openImport(page, 'Import…', 'Zotero library')
    const picker = page.locator('.zotero-collections')
    await expect
      .poll(() => picker.textContent(), { timeout: 30_000 })
      .toContain('2 items, 1 with a PDF')
    await expect
      .poll(() => picker.locator('li').allInnerTexts())
      .toEqual([
        expect.stringMatching(/Retrieval\s*1 item/),
        expect.stringMatching(/Transformers\s*1 item/)
      ])
    await picker.getByLabel('Retrieval').check()
    await h.screenshot('import-zotero-picker-en')
    await page.getByRole('button', { name: 'Import 1 collection (1 item)' }).click()
    await expect
      .poll(() => summary(page).locator('.import-counts').textContent(), { timeout: 60_000 })
      .toBe('1 imported · 0 already in the library · 0 failed · 0 without a PDF')
    await expect.poll(() => summary(page).textContent()).toContain('Put in: Retrieval')
    await page.getByRole('button', { name: 'Done' }).click()
    await expect
      .poll(() => page.locator('.paper-list .paper-title').allInnerTexts(), { timeout: 60_000 })
      .toContain(ZOTERO_FIXTURE.withPdf.title)
    await expect
      .poll(() => page.locator('.collection-tab', { hasText: 'Retrieval' }).count())
      .toBeGreaterThan(0)
  }, 180_000)

  it('shows the Zotero picker and the summary in Portuguese, one language on screen', async () => {
    pt = await startHarness({
      embedder: new FakeEmbedderProvider(),
      arxivBaseUrl: arxiv.url,
      pickImport: { zotero },
      viewport: { width: 1280, height: 800 },
      locale: 'pt-BR'
    })
    const { page } = pt
    await openImport(page, 'Importar do Zotero ou de um arquivo BibTeX…', 'Biblioteca do Zotero')
    const picker = page.locator('.zotero-collections')
    await expect
      .poll(() => picker.textContent(), { timeout: 30_000 })
      .toContain('2 itens, 1 com PDF')
    await pt.screenshot('import-zotero-picker-pt-BR')
    await page.getByRole('button', { name: /Importar a biblioteca inteira \(2 itens\)/ }).click()
    await expect
      .poll(() => summary(page).locator('.import-counts').textContent(), { timeout: 60_000 })
      .toBe('1 importado · 0 já estava na biblioteca · 0 falhou · 1 sem PDF')
    const missing = summary(page).locator('section', { hasText: 'Sem PDF' }).locator('li')
    await expect.poll(() => missing.textContent()).toContain(ZOTERO_FIXTURE.withoutPdf.title)
    await missing.getByRole('button', { name: 'Buscar no arXiv' }).click()
    await expect
      .poll(() => missing.getByText('Adicionado').isVisible(), { timeout: 60_000 })
      .toBe(true)
    await pt.screenshot('import-zotero-summary-pt-BR')
  }, 180_000)
})
