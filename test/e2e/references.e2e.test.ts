import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { SHARED_CORPUS, sharedCorpusPresent } from '../fixtures/sharedCorpus'
import { startHarness, type Harness } from './harness'
import { serveStatic } from './staticServer'

const corpus = (f: string): string => join(SHARED_CORPUS, f)
const ELMO = 'Deep Contextualized Word Representations'
const BERT = 'BERT: Pre-training of Deep Bidirectional Transformers'
const REPORT = 'Relatório interno de avaliação'

/**
 * A thesis bibliography as a reference manager exports it: word2vec with its PDF beside the
 * file, ELMo without one (with the user's note and keywords), BERT without one but with its
 * arXiv id, and an internal report with nothing to fetch it by.
 */
function writeBibliography(dir: string): string {
  const bib = join(dir, 'tese.bib')
  writeFileSync(
    bib,
    `@article{mikolov2013,
  title = {Efficient Estimation of Word Representations in Vector Space},
  author = {Mikolov, Tomas and Chen, Kai},
  year = {2013},
  file = {Full Text PDF:${corpus('extra/1301.3781.pdf')}:application/pdf}
}

@inproceedings{peters2018,
  title = {${ELMO}},
  author = {Peters, Matthew E. and Neumann, Mark},
  booktitle = {Proceedings of NAACL-HLT},
  year = {2018},
  keywords = {embeddings, cap. 2},
  annote = {Ler a seção 3 (biLM) antes da reunião.}
}

@article{devlin2019,
  title = {${BERT}},
  author = {Devlin, Jacob and Chang, Ming-Wei},
  year = {2019},
  eprint = {1810.04805},
  archivePrefix = {arXiv}
}

@techreport{relatorio2021,
  title = {${REPORT}},
  author = {{Grupo de Pesquisa em Recuperação}},
  institution = {Universidade Federal},
  year = {2021}
}
`
  )
  return bib
}

/** A local "arXiv" serving `/pdf/<id>` from the corpus, so Fetch PDF works offline. */
async function fakeArxiv(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(join(dir, 'pdf'), { recursive: true })
  writeFileSync(join(dir, 'pdf', '1810.04805'), readFileSync(corpus('1810.04805.pdf')))
  return serveStatic(dir)
}

/** Imports the .bib through the import dialog, whatever the UI language. */
async function importBib(
  page: Page,
  first: RegExp,
  source: RegExp,
  go: string,
  done: string
): Promise<string> {
  await page.getByRole('button', { name: first }).click()
  await page.getByRole('button', { name: source }).click()
  await page.getByRole('button', { name: go, exact: true }).click()
  await page.locator('.import-summary .import-counts').waitFor({ timeout: 60_000 })
  const summary = (await page.locator('.import-summary').textContent()) ?? ''
  await page.getByRole('button', { name: done, exact: true }).click()
  return summary
}

const rowOf = (page: Page, title: string) =>
  page.locator('li.paper', { has: page.locator('.paper-title', { hasText: title }) })

/**
 * Chunks of this paper that a search finds (the real keyword/vector search in main), or what
 * the search says when it cannot search it.
 */
async function hits(h: Harness, query: string, paperId: string): Promise<number | string> {
  const r = await h.services.router.invoke(
    'search:query',
    { query, paperIds: [paperId], limit: 5 },
    { transport: 'e2e' }
  )
  if (!r.ok) return r.error.message
  return (r.value as { results: unknown[] }).results.length
}

describe.skipIf(!sharedCorpusPresent('the references e2e'))(
  'references without a PDF in the library',
  () => {
    let en: Harness
    let pt: Harness | null = null
    let arxiv: { url: string; close(): Promise<void> }
    let bib = ''

    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'rp-refs-e2e-'))
      arxiv = await fakeArxiv(join(dir, 'arxiv'))
      bib = writeBibliography(dir)
      en = await startHarness({
        embedder: new FakeEmbedderProvider(),
        arxivBaseUrl: arxiv.url,
        pickImport: { bibliography: bib },
        defaultCorpusDir: null,
        viewport: { width: 1280, height: 800 }
      })
    }, 120_000)
    afterAll(async () => {
      await en?.close()
      await pt?.close()
      await arxiv?.close()
    })

    it('shows them as "No PDF" with their notes; a PDF attached in the details is indexed and searched', async () => {
      const { page } = en
      const summary = await importBib(
        page,
        /Import from Zotero/,
        /BibTeX or RIS file/,
        'Import',
        'Done'
      )
      expect(summary).toContain(
        '1 imported · 0 already in the library · 0 failed · 3 without a PDF'
      )
      expect(summary).toContain('Kept in the library as references without a PDF')
      const elmo = rowOf(page, ELMO)
      await expect.poll(() => elmo.getAttribute('data-status')).toBe('metadata')
      await expect.poll(() => elmo.locator('.badge-no-pdf').textContent()).toBe('No PDF')
      await rowOf(page, 'Efficient Estimation')
        .and(page.locator('[data-status="indexed"]'))
        .waitFor({ timeout: 120_000 })
      await expect
        .poll(() => page.locator('.library-count').textContent())
        .toBe('1 ready, 3 without PDF')
      // Nothing to open, and the row says why.
      expect(await elmo.locator('button.paper-main').isDisabled()).toBe(true)
      expect(await elmo.locator('button.paper-main').getAttribute('title')).toContain(
        'not searched'
      )
      await en.screenshot('references-library-en')

      const elmoId = (await elmo.getAttribute('data-paper-id'))!
      expect(await hits(en, 'contextualized word representations biLM', elmoId)).toMatch(
        /have no PDF yet/
      )
      await page.getByRole('button', { name: `Details of ${ELMO}` }).click()
      const details = page.getByRole('dialog', { name: 'Paper details' })
      await expect
        .poll(() => details.locator('.paper-note').allInnerTexts())
        .toEqual(['Ler a seção 3 (biLM) antes da reunião.'])
      expect(await details.getByLabel('Tags, separated by commas').inputValue()).toBe(
        'cap. 2, embeddings'
      )
      expect(await details.textContent()).toContain('It has no arXiv id or DOI to fetch the PDF by')
      expect(await details.getByRole('button', { name: 'Fetch PDF' }).isDisabled()).toBe(true)
      await en.screenshot('references-details-en')

      // Attach PDF…: the file chooser's file goes through the renderer into the same record.
      await details
        .getByLabel(`Choose the PDF of ${ELMO}`)
        .setInputFiles(corpus('extra/1802.05365.pdf'))
      await expect
        .poll(() => details.getByRole('status').first().textContent(), { timeout: 30_000 })
        .toMatch(/The PDF is in the library/)
      await expect
        .poll(() => details.getByRole('status').first().textContent(), { timeout: 180_000 })
        .toMatch(/The PDF is in the library: Ready/)
      await en.screenshot('references-attached-en')
      await page.getByRole('button', { name: 'Close details' }).click()
      await expect.poll(() => rowOf(page, ELMO).getAttribute('data-paper-id')).toBe(elmoId)
      await expect.poll(() => rowOf(page, ELMO).getAttribute('data-status')).toBe('indexed')
      expect(await hits(en, 'contextualized word representations biLM', elmoId)).toBeGreaterThan(0)
      // Its note and tags stayed with it.
      const paper = en.services.library.get(elmoId)
      expect(paper.notes).toEqual(['Ler a seção 3 (biLM) antes da reunião.'])
    }, 400_000)

    it('fetches one by its arXiv id from its details, and says why another has nothing to fetch by', async () => {
      const { page } = en
      await page.getByRole('button', { name: `Details of ${REPORT}` }).click()
      const details = page.getByRole('dialog', { name: 'Paper details' })
      expect(await details.getByRole('button', { name: 'Fetch PDF' }).isDisabled()).toBe(true)
      await page.getByRole('button', { name: 'Close details' }).click()

      await page.getByRole('button', { name: `Details of ${BERT}` }).click()
      expect(await details.textContent()).toContain('From arXiv, by its id 1810.04805.')
      await details.getByRole('button', { name: 'Fetch PDF' }).click()
      await expect
        .poll(() => details.getByRole('status').first().textContent(), { timeout: 240_000 })
        .toMatch(/The PDF is in the library: Ready/)
      await en.screenshot('references-fetched-en')
      await page.getByRole('button', { name: 'Close details' }).click()
      const bertId = (await rowOf(page, BERT).getAttribute('data-paper-id'))!
      expect(bertId).toMatch(/^ref-/)
      expect(await hits(en, 'masked language model pre-training', bertId)).toBeGreaterThan(0)
      await expect
        .poll(() => page.locator('.library-count').textContent())
        .toBe('3 ready, 1 without PDF')
    }, 300_000)

    it('says it in Portuguese, and a PDF dropped on the row attaches to it', async () => {
      pt = await startHarness({
        embedder: new FakeEmbedderProvider(),
        arxivBaseUrl: arxiv.url,
        pickImport: { bibliography: bib },
        defaultCorpusDir: null,
        viewport: { width: 1280, height: 800 },
        locale: 'pt-BR'
      })
      const { page } = pt
      expect(
        await importBib(page, /Importar do Zotero/, /Arquivo BibTeX ou RIS/, 'Importar', 'Concluir')
      ).toContain('Guardadas na biblioteca como referências sem PDF')
      const elmo = rowOf(page, ELMO)
      await expect.poll(() => elmo.locator('.badge-no-pdf').textContent()).toBe('Sem PDF')
      await rowOf(page, 'Efficient Estimation')
        .and(page.locator('[data-status="indexed"]'))
        .waitFor({ timeout: 120_000 })
      await expect
        .poll(() => page.locator('.library-count').textContent())
        .toBe('1 pronto, 3 sem PDF')
      await pt.screenshot('references-library-pt-BR')
      await page.getByRole('button', { name: `Detalhes de ${REPORT}` }).click()
      const details = page.getByRole('dialog', { name: 'Detalhes do artigo' })
      await expect.poll(() => details.textContent()).toContain('Ainda sem PDF')
      await pt.screenshot('references-details-pt-BR')
      await page.getByRole('button', { name: 'Fechar detalhes' }).click()

      // A file dropped on the row, as from the file manager.
      const bytes = readFileSync(corpus('extra/1802.05365.pdf')).toString('base64')
      await elmo.evaluate((li, b64) => {
        const file = new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'elmo.pdf', {
          type: 'application/pdf'
        })
        const dt = new DataTransfer()
        dt.items.add(file)
        li.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true }))
        li.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true }))
      }, bytes)
      await expect
        .poll(() => elmo.getAttribute('data-status'), { timeout: 180_000 })
        .toBe('indexed')
      const id = (await elmo.getAttribute('data-paper-id'))!
      expect(id).toMatch(/^ref-/)
      expect(await hits(pt, 'contextualized word representations biLM', id)).toBeGreaterThan(0)
      // Attached to the reference: no second ELMo came in.
      expect(await page.locator('.paper-title', { hasText: ELMO }).count()).toBe(1)
      await pt.screenshot('references-dropped-pt-BR')
    }, 400_000)
  }
)
