import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { cellPassageIds, passageIds, startFakeGemini, type FakeGemini } from '../fakes/fakeGemini'
import { makePaperPdf } from '../fixtures/fixturePapers'
import { hasShared } from '../fixtures/sharedFolder'
import type { UiLanguage } from '../../src/shared/types'
import { CORPUS, startHarness, type Harness } from './harness'
import { chooseLanguage, cutLabels, otherLanguageOnScreen, UI } from './screenChecks'

const PAPERS = ['1706.03762.pdf', '1810.04805.pdf'].map((f) => join(CORPUS, f))

/** What the user types: their words, not the app's, so the language check leaves them alone. */
const TYPED = {
  'pt-BR': { evidence: 'O que é atenção multi-cabeça?', gemini: 'Como o BERT é pré-treinado?' },
  compare: 'Quais conjuntos de dados são usados?'
}

/**
 * Walks the main screens in one language and says, for each, every piece of the other
 * language's UI it shows and every control label cut short (none expected): the library, the conversation (an evidence-only
 * answer and a Gemini answer), the viewer with find and the side panel open, Settings, the
 * comparison table, the import dialog and the folder import's summary.
 */
async function walk(h: Harness, language: UiLanguage): Promise<Record<string, string[]>> {
  const { page } = h
  const say = UI[language]
  const names = [
    ...h.services.library.list().flatMap((p) => [p.title, ...p.authors, p.venue ?? '']),
    ...Object.values(TYPED['pt-BR']),
    TYPED.compare,
    'leituras-2024'
  ].filter(Boolean)
  const seen: Record<string, string[]> = {}
  const check = async (screen: string): Promise<void> => {
    await page.waitForTimeout(200)
    seen[screen] = [
      ...(await otherLanguageOnScreen(page, language, names)),
      ...(await cutLabels(page)).map((label) => `cut: ${label}`)
    ]
    await h.screenshot(`languages-${language}-${screen}`)
  }
  await page.getByRole('tab', { name: say.compare.tabChat, exact: true }).click()
  await check('library-and-conversation')

  // The viewer, with find and the side panel open.
  await page.locator('article.turn').first().locator('button.chip').first().click()
  await page.locator('.pdf-page[data-rendered="true"]').first().waitFor({ timeout: 30_000 })
  await page.keyboard.press('Control+f')
  await page.locator('.find-input').fill('attention')
  await expect
    .poll(() => page.locator('.find-count').getAttribute('data-find-total'), { timeout: 30_000 })
    .toMatch(/^\d+$/)
  await page.getByRole('button', { name: say.viewer.sidebar, exact: true }).click()
  await page.getByRole('button', { name: say.viewer.outline, exact: true }).click()
  await page.locator('.outline li').first().waitFor()
  await check('viewer-find-outline')
  await page.getByRole('button', { name: say.viewer.sidebar, exact: true }).click()
  await page.locator('.find-input').press('Escape')
  await page.keyboard.press('Escape')
  await expect.poll(() => page.locator('.viewer').count()).toBe(0)

  // A hover card over a chip of the Gemini answer.
  await page.locator('article.turn').last().locator('button.chip').first().hover()
  await page.getByRole('tooltip').waitFor()
  await check('hover-card')
  await page.mouse.move(640, 10)

  await page.getByRole('button', { name: say.app.settings, exact: true }).click()
  await page.getByRole('tab', { name: say.settings.sections.general, exact: true }).click()
  await page.getByRole('combobox', { name: say.settings.uiLanguage, exact: true }).waitFor()
  await check('settings')
  await page.getByRole('button', { name: say.settings.close, exact: true }).click()

  await page.getByRole('tab', { name: say.compare.tabCompare, exact: true }).click()
  await page.locator('.compare-table').waitFor()
  await check('compare-table')
  await page.getByRole('tab', { name: say.compare.tabChat, exact: true }).click()

  await page.getByRole('button', { name: say.library.import, exact: true }).click()
  await page.getByRole('heading', { name: say.import.heading }).waitFor()
  await check('import-dialog')
  await page
    .getByRole('dialog', { name: say.import.label })
    .getByRole('button', { name: say.import.close, exact: true })
    .click()

  const summary = page.locator('.folder-import .import-summary')
  await summary.waitFor()
  // Both lists (failed, duplicate) open, and neither folds an English record.
  for (const closed of await summary.locator('details.import-entries:not([open]) summary').all())
    await closed.click()
  expect(await summary.locator('details.import-entries[open]').count()).toBe(2)
  expect(await summary.locator('[lang="en"]').count()).toBe(0)
  await check('folder-import-summary')
  return seen
}

const corpusHere = hasShared(PAPERS, 'the languages e2e')

describe.skipIf(!corpusHere)('one language per screen, in Portuguese and in English', () => {
  let h: Harness
  let gemini: FakeGemini
  let page: Page

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-languages-e2e-'))
    const folder = join(dir, 'leituras-2024')
    mkdirSync(folder)
    for (let i = 0; i < 2; i++)
      writeFileSync(
        join(folder, `paper-${i + 1}.pdf`),
        makePaperPdf({ title: `Folder Paper ${i + 1}`, pages: 2, seed: 700 + i })
      )
    writeFileSync(join(folder, 'scan-0001.pdf'), 'not a PDF at all\n')
    copyFileSync(join(folder, 'paper-1.pdf'), join(folder, 'paper-1 (cópia).pdf'))
    // Gemini's words are the answer's content: a cited sentence, a table cell from a passage.
    gemini = await startFakeGemini({
      script: {
        synthesis: (r) => {
          const [a, b] = passageIds(r)
          return {
            text: `O BERT é pré-treinado com modelagem de linguagem mascarada [[${a}]]${b ? ` [[${b}]]` : ''}.`
          }
        },
        cell: (r) => {
          const id = cellPassageIds(r)[0]
          return { json: { status: 'answered', answer: 'WMT 2014.', passageIds: id ? [id] : [] } }
        }
      }
    })
    // A Brazilian system with no key yet: the first answer is evidence only.
    h = await startHarness({
      apiKey: null,
      geminiBaseUrl: gemini.baseUrl,
      embedder: new FakeEmbedderProvider(),
      pickFiles: PAPERS,
      pickFolder: folder,
      defaultCorpusDir: null,
      viewport: { width: 1280, height: 800 },
      locale: 'pt-BR'
    })
    page = h.page
  }, 300_000)
  afterAll(async () => {
    await h?.close()
    await gemini?.close()
  })

  it('shows no English on any main screen in Portuguese, then no Portuguese in English', async () => {
    const pt = UI['pt-BR']
    await page.getByRole('button', { name: pt.library.addPdfs, exact: true }).click()
    await page.locator('li.paper[data-status="indexed"]').nth(1).waitFor({ timeout: 200_000 })

    // An evidence-only answer (no key yet).
    const question = page.getByRole('textbox', { name: pt.chat.question, exact: true })
    await question.fill(TYPED['pt-BR'].evidence)
    await question.press('Enter')
    await page.locator('article.turn .evidence-item').first().waitFor({ timeout: 60_000 })

    // The key typed in Settings, as a user does: the next answer is Gemini's.
    await page.getByRole('button', { name: pt.app.settings, exact: true }).click()
    await page.getByRole('textbox', { name: pt.settings.apiKey, exact: true }).fill('test-key')
    await page.getByRole('button', { name: pt.settings.saveKey, exact: true }).click()
    await page.getByTestId('key-saved').waitFor()
    await page.getByRole('button', { name: pt.settings.close, exact: true }).click()
    await question.fill(TYPED['pt-BR'].gemini)
    await question.press('Enter')
    const second = page.locator('article.turn').nth(1)
    await second.locator('.answer-body button.chip').first().waitFor({ timeout: 60_000 })
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 60_000 }).toBe('done')

    // A comparison of both papers.
    await page.getByRole('tab', { name: pt.compare.tabCompare, exact: true }).click()
    for (const box of await page.locator('.compare-paper-option input').all()) await box.check()
    await page.locator('.compare-form textarea').fill(TYPED.compare)
    await page.locator('.compare-form button[type="submit"]').click()
    await expect
      .poll(() => page.locator('.compare-cell[data-status="answered"]').count(), {
        timeout: 60_000
      })
      .toBe(2)

    // A folder import, with a file that is not a PDF and a copy of another (a duplicate).
    await page.getByRole('tab', { name: pt.compare.tabChat, exact: true }).click()
    await page.getByRole('button', { name: pt.folderImport.start, exact: true }).click()
    await page.locator('.folder-import .import-summary').waitFor({ timeout: 120_000 })
    for (const entries of await page.locator('.folder-import details.import-entries summary').all())
      await entries.click()

    const portuguese = await walk(h, 'pt-BR')
    expect(portuguese).toEqual(Object.fromEntries(Object.keys(portuguese).map((k) => [k, []])))
    expect(Object.keys(portuguese)).toHaveLength(7)

    await chooseLanguage(page, 'en')
    const english = await walk(h, 'en')
    expect(english).toEqual(Object.fromEntries(Object.keys(english).map((k) => [k, []])))
    // The check sees the screen: asked for Portuguese, this English screen is full of English.
    const names = h.services.library.list().map((p) => p.title)
    expect((await otherLanguageOnScreen(page, 'pt-BR', names)).length).toBeGreaterThan(10)
  }, 600_000)
})
