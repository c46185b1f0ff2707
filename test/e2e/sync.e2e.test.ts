import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { corpusFile } from '../fixtures/sharedCorpus'
import { startHarness, type Harness } from './harness'
import { UI as CATALOG } from './screenChecks'

const ATTENTION = corpusFile('1706.03762.pdf', 'watched folder e2e')
const TITLE = 'Attention Is All You Need'

/**
 * A watched folder set up in Settings, a real corpus PDF dropped into it, the paper in the
 * library with where it came from; then the file deleted and the paper kept, marked.
 */
for (const language of ['en', 'pt-BR'] as const) {
  const ui = CATALOG[language]
  describe.skipIf(!ATTENTION)(`a watched folder from Settings (${language})`, () => {
    let h: Harness
    let folder = ''

    beforeAll(async () => {
      folder = join(mkdtempSync(join(tmpdir(), 'rp-sync-e2e-')), 'Downloads')
      mkdirSync(folder)
      h = await startHarness({
        embedder: new FakeEmbedderProvider(null),
        defaultCorpusDir: null,
        pickFolder: folder,
        syncInBackground: true,
        locale: language,
        viewport: { width: 1280, height: 900 }
      })
    }, 60_000)
    afterAll(async () => {
      await h?.close()
    })

    it('brings a PDF dropped into the folder into the library with its source, and keeps it marked when the file goes', async () => {
      const { page } = h
      await page.getByRole('button', { name: ui.app.settings }).click()
      await page.getByRole('tab', { name: ui.settings.sections.sync, exact: true }).click()
      const section = page.locator('section[aria-labelledby="sync-heading"]')
      await section.scrollIntoViewIfNeeded()
      await section.getByRole('button', { name: ui.settings.sync.addFolder }).click()
      await expect.poll(() => section.getByTestId('watched-folder').textContent()).toContain(folder)

      copyFileSync(ATTENTION!, join(folder, 'attention.pdf'))
      const lastRun = section.getByTestId('sync-last-run')
      await expect
        .poll(() => lastRun.textContent(), { timeout: 60_000 })
        .toMatch(language === 'en' ? /: 1 new\.$/ : /: 1 novo\.$/)
      await expect
        .poll(() => section.locator('.sync-changes').textContent(), { timeout: 30_000 })
        .toContain(TITLE)
      await section.scrollIntoViewIfNeeded()
      await h.screenshot(`sync-settings-${language}`)
      await page.getByRole('button', { name: ui.settings.close }).click()

      // In the library, searchable-ready and saying where it came from.
      const row = page.locator('li.paper', { hasText: TITLE })
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('indexed')
      const source = join(folder, 'attention.pdf')
      const synced = ui.paper.syncedFrom.replace('{{path}}', source)
      expect(await row.locator('button.paper-main').getAttribute('title')).toContain(synced)
      await row
        .getByRole('button', { name: ui.paper.detailsOf.replace('{{title}}', TITLE) })
        .click()
      await expect.poll(() => page.getByTestId('sync-source').textContent()).toBe(synced)
      await h.screenshot(`sync-details-${language}`)
      await page.getByRole('button', { name: ui.details.close }).click()
      const hits = await h.services.retriever.search({ query: 'scaled dot-product attention' })
      expect(hits.results[0]?.title).toBe(TITLE)

      // The file deleted: the paper stays, marked, and the user is told.
      rmSync(source)
      await expect
        .poll(() => row.getByTestId('sync-flag').textContent(), { timeout: 30_000 })
        .toBe(ui.paper.fileMissing)
      expect(await row.getByTestId('sync-flag').getAttribute('title')).toBe(
        ui.paper.fileMissingHint
      )
      const notice = page.getByRole('status', { name: ui.library.repairs })
      await expect
        .poll(() => notice.textContent(), { timeout: 10_000 })
        .toContain(ui.library.syncTitle)
      expect(h.services.library.list()).toHaveLength(1)
      await h.screenshot(`sync-file-missing-${language}`)
    }, 180_000)
  })
}
