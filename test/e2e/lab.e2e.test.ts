import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LabServer, refusingServer } from '../fakes/labServer'
import { makePaperPdf } from '../fixtures/fixturePapers'
import { startWithPaper, type Harness } from './harness'
import { otherLanguageOnScreen, UI as CATALOG } from './screenChecks'

const dir = mkdtempSync(join(tmpdir(), 'rp-lab-e2e-'))
const PAPERS = {
  en: { title: 'Capybara Attention Kernels', marker: 'capybara', seed: 1 },
  'pt-BR': { title: 'Tapir Decoder Notes', marker: 'tapir', seed: 2 }
} as const

/**
 * Settings → Lab library against a real Postgres (PGlite + pgvector served by pglite-socket),
 * then "Share with the lab" from the selection bar, in both languages: the curator of the
 * English run sets the lab up; the Portuguese run joins it and shares a second paper.
 */
describe('the lab library from Settings and the selection bar', () => {
  let server: LabServer
  beforeAll(async () => {
    server = await LabServer.create()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  for (const language of ['en', 'pt-BR'] as const) {
    const ui = CATALOG[language]
    const paper = PAPERS[language]
    describe(`(${language})`, () => {
      let h: Harness
      beforeAll(async () => {
        const pdf = join(dir, `${language}.pdf`)
        writeFileSync(pdf, makePaperPdf({ pages: 3, ...paper }))
        h = await startWithPaper(pdf, { locale: language, viewport: { width: 1280, height: 900 } })
      }, 180_000)
      afterAll(async () => {
        await h?.close()
      })

      it('connects from Settings, shares the paper, and the status shows it', async () => {
        const { page } = h
        const papersBefore = language === 'en' ? 0 : 1
        await page.getByRole('button', { name: ui.app.settings }).click()
        await page.getByRole('tab', { name: ui.settings.sections.lab, exact: true }).click()
        const section = page.locator('section[aria-labelledby="lab-heading"]')
        await section.scrollIntoViewIfNeeded()
        await expect
          .poll(() => section.getByTestId('lab-status').textContent(), { timeout: 10_000 })
          .toBe(ui.lab.notConnected)
        const field = section.getByLabel(ui.lab.url)
        expect(await field.getAttribute('type')).toBe('password')
        // A wrong password first: the message says so, in the UI language, and nothing is saved.
        const refusing = await refusingServer()
        try {
          await field.fill(refusing.url)
          await section.getByRole('button', { name: ui.lab.connect, exact: true }).click()
          const alert = section.getByRole('alert')
          await expect
            .poll(() => alert.textContent(), { timeout: 10_000 })
            .toContain(
              language === 'en'
                ? 'refused the login of role reader'
                : 'recusou o login do papel reader'
            )
          expect(await alert.textContent()).not.toContain('wrong')
          expect(await field.inputValue()).toBe(refusing.url)
          await h.screenshot(`lab-wrong-password-${language}`)
        } finally {
          await refusing.close()
        }
        await field.fill(server.url)
        if (language === 'en') await section.getByLabel(ui.lab.init).check()
        await section.getByRole('button', { name: ui.lab.connect, exact: true }).click()
        const status = section.getByTestId('lab-status')
        const connected = new RegExp(
          `^${language === 'en' ? 'Connected to' : 'Conectado a'} 127\\.0\\.0\\.1:\\d+/postgres ${language === 'en' ? 'as' : 'como'} postgres · ${language === 'en' ? 'papers' : 'artigos'}: ${papersBefore} · ${language === 'en' ? 'embedding model' : 'modelo de embeddings'}: fake-hash-384`
        )
        await expect
          .poll(() => section.locator('.lab-connected').textContent(), { timeout: 30_000 })
          .toMatch(connected)
        expect(await section.getByTestId('lab-role').textContent()).toBe(ui.lab.curator)
        // The string with its password is never shown back.
        expect(await page.locator('body').innerHTML()).not.toContain(server.url)
        expect(await status.textContent()).not.toContain('secret')
        await section.scrollIntoViewIfNeeded()
        expect(await otherLanguageOnScreen(page, language, [paper.title])).toEqual([])
        await h.screenshot(`lab-settings-${language}`)
        await page.getByRole('button', { name: ui.settings.close }).click()

        const row = page.locator('li.paper', { hasText: paper.title })
        await row.getByRole('checkbox').check()
        const bar = page.locator('.selection-bar')
        await bar.getByRole('button', { name: ui.lab.share }).click()
        const report = bar.getByTestId('lab-share-report')
        const line = ui.lab.report
          .replace('{{published, number}}', '1')
          .replace('{{already, number}}', '0')
          .replace('{{failed, number}}', '0')
        await expect.poll(() => report.textContent(), { timeout: 60_000 }).toContain(line)
        expect(await otherLanguageOnScreen(page, language, [paper.title])).toEqual([])
        await h.screenshot(`lab-shared-${language}`)
        const rows = await server.db.query<{ title: string }>('SELECT title FROM papers')
        expect(rows.rows.map((r) => r.title)).toContain(paper.title)

        // Shared again: nothing twice.
        await bar.getByRole('button', { name: ui.lab.dismiss }).click()
        await bar.getByRole('button', { name: ui.lab.share }).click()
        const twice = ui.lab.report
          .replace('{{published, number}}', '0')
          .replace('{{already, number}}', '1')
          .replace('{{failed, number}}', '0')
        await expect.poll(() => report.textContent(), { timeout: 60_000 }).toContain(twice)

        await page.getByRole('button', { name: ui.app.settings }).click()
        await page.getByRole('tab', { name: ui.settings.sections.lab, exact: true }).click()
        await section.scrollIntoViewIfNeeded()
        await expect
          .poll(() => section.locator('.lab-connected').textContent(), { timeout: 10_000 })
          .toContain(`: ${papersBefore + 1} ·`)
        await h.screenshot(`lab-status-${language}`)
        await page.getByRole('button', { name: ui.settings.close }).click()
      }, 180_000)
    })
  }
})
