import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { passageIds, startFakeGemini, type FakeGemini } from '../fakes/fakeGemini'
import { CORPUS, startHarness, type Harness } from './harness'
import { chooseLanguage, otherLanguageOnScreen, UI } from './screenChecks'

const PAPER = join(CORPUS, '1706.03762.pdf')
const TITLE = 'Attention Is All You Need'

/** Asks in the composer, as a user does, and waits for the answer. */
async function ask(page: Page, question: string): Promise<Locator> {
  const box = page.locator('#question')
  await box.fill(question)
  await box.press('Enter')
  const turn = page.locator('article.turn').last()
  await expect
    .poll(() => turn.getAttribute('data-status'), { timeout: 120_000, interval: 250 })
    .toBe('done')
  return turn
}

/**
 * What a turn's answer shows, as markup: once its figure crops are drawn, with the pointer away
 * (no hover card). The crops' image addresses are left out (each drawing gets its own URL);
 * that each is drawn is checked by waiting for it.
 */
async function shown(page: Page, turn: Locator): Promise<string> {
  await page.mouse.move(2, 2)
  const crops = turn.locator('.figure-crop')
  for (let i = 0; i < (await crops.count()); i++) {
    await crops.nth(i).locator('img').waitFor({ timeout: 60_000 })
  }
  return turn
    .locator('.answer')
    .evaluate((el) => el.innerHTML.replace(/ src="[^"]*"/g, '').replace(/ chip-open/g, ''))
}

/** Reloads the window, and the turn at `index` as the conversation brings it back. */
async function reloaded(page: Page, index: number): Promise<Locator> {
  await page.reload()
  const turn = page.locator('article.turn').nth(index)
  await turn.waitFor({ timeout: 30_000 })
  await expect.poll(() => turn.getAttribute('data-status')).toBe('done')
  return turn
}

describe.skipIf(!existsSync(PAPER))(
  'a turn after a reload is the turn shown live (Chromium)',
  () => {
    let gemini: FakeGemini
    let h: Harness
    let page: Page

    beforeAll(async () => {
      gemini = await startFakeGemini()
      // No key: answers are the passages, not generated (until the key is set below).
      h = await startHarness({
        apiKey: null,
        geminiBaseUrl: gemini.baseUrl,
        embedder: new FakeEmbedderProvider(),
        defaultCorpusDir: null,
        viewport: { width: 1280, height: 800 }
      })
      page = h.page
      await h.services.library.addPaths([PAPER])
      await page.locator('li.paper[data-status="indexed"]').waitFor({ timeout: 240_000 })
    }, 300_000)

    afterAll(async () => {
      await h?.close()
      await gemini?.close()
    })

    let turns = 0
    /** What was asked: the user's words, not the UI's (left out of the language check). */
    const questions: string[] = []
    for (const language of ['en', 'pt-BR'] as const) {
      it(`${language}: an evidence-only turn with a figure comes back as its cards and crop`, async () => {
        if (language !== 'en') await chooseLanguage(page, language)
        const said = UI[language]
        const question =
          language === 'en'
            ? 'What does Figure 1, the Transformer model architecture, show?'
            : 'O que mostra a Figure 1, the Transformer model architecture?'
        questions.push(question)
        const turn = await ask(page, question)
        const index = turns++
        expect(await turn.locator('[data-label="evidence"]').count()).toBe(1)
        expect(await turn.locator('.evidence-item').count()).toBeGreaterThan(1)
        // The figure's passage is among them, cropped into the answer.
        expect(await turn.locator('.figure-crop').count()).toBeGreaterThanOrEqual(1)
        const live = await shown(page, turn)
        await h.screenshot(`restored-01-${language}-evidence-live`)

        const back = await reloaded(page, index)
        expect(await shown(page, back)).toBe(live)
        // Cards, not block quotes of the text; no second explanation; every label in the UI's words.
        expect(await back.locator('.answer-body blockquote').count()).toBe(0)
        expect(await back.locator('.evidence-source').first().textContent()).toContain(TITLE)
        expect(await back.locator('[data-label="evidence"] .notice-title').textContent()).toBe(
          said.labels.evidenceTitle
        )
        expect(await otherLanguageOnScreen(page, language, [TITLE, ...questions])).toEqual([])
        await h.screenshot(`restored-02-${language}-evidence-after-reload`)
        await back.locator('.figure-crop').first().scrollIntoViewIfNeeded()
        await h.screenshot(`restored-02-${language}-evidence-crop-after-reload`)
      }, 240_000)
    }

    it('pt-BR: a turn asked in English reads in Portuguese after the switch, live and restored', async () => {
      // The first turn was asked with the UI in English; the UI is Portuguese now.
      const first = page.locator('article.turn').first()
      await first.scrollIntoViewIfNeeded()
      const before = await shown(page, first)
      expect(before).toContain(UI['pt-BR'].labels.evidenceTitle)
      expect(before).not.toContain(UI.en.labels.evidenceTitle)
      const back = await reloaded(page, 0)
      expect(await shown(page, back)).toBe(before)
      await back.scrollIntoViewIfNeeded()
      expect(await otherLanguageOnScreen(page, 'pt-BR', [TITLE, ...questions])).toEqual([])
      await h.screenshot('restored-03-pt-BR-english-turn-after-switch')
    }, 120_000)

    for (const language of ['pt-BR', 'en'] as const) {
      it(`${language}: a generated answer citing a figure keeps its crop, chips and sources`, async () => {
        await h.services.router.invoke(
          'settings:setApiKey',
          { apiKey: 'test-key' },
          { transport: 'e2e' }
        )
        await page.reload()
        await page.locator('html[lang="pt-BR"] #question').waitFor()
        if (language === 'en') await chooseLanguage(page, 'en')
        gemini.setScript({
          tools: [
            {
              functionCalls: [
                {
                  name: 'search_documents',
                  args: { query: 'Transformer model architecture figure' }
                }
              ]
            },
            // The figure's caption came back: the agent looks at its page.
            { functionCalls: [{ name: 'view_page', args: { paperId: '1706.03762', page: 3 } }] }
          ],
          synthesis: (request) => {
            const ids = passageIds(request)
            const figure = ids.find((i) => i.includes('-figure-')) ?? ids[0]
            const text = ids.find((i) => i.includes('-chunk-')) ?? ids[1]
            return { text: `The encoder and decoder stacks are drawn [[${figure}]] [[${text}]].` }
          }
        })
        // A conversation of its own, so the agent runs the scripted steps (no follow-up rewrite).
        await page.getByRole('button', { name: UI[language].threads.new, exact: true }).click()
        await expect.poll(() => page.locator('article.turn').count()).toBe(0)
        const question = `Describe the Transformer architecture figure (${language}).`
        questions.push(question)
        const turn = await ask(page, question)
        const index = 0
        expect(
          await turn.locator('button.chip[data-kind="figure"]').count()
        ).toBeGreaterThanOrEqual(1)
        expect(await turn.locator('.figure-crop').count()).toBe(1)
        const live = await shown(page, turn)
        await h.screenshot(`restored-04-${language}-generated-figure-live`)
        const back = await reloaded(page, index)
        expect(await shown(page, back)).toBe(live)
        expect(await back.locator('.source-list').count()).toBe(1)
        await h.screenshot(`restored-05-${language}-generated-figure-after-reload`)
      }, 240_000)
    }
  }
)
