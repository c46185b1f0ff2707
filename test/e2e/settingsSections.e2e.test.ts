import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORPUS, startWithPaper, type Harness } from './harness'
import { axeViolations, chooseLanguage, cutLabels, UI } from './screenChecks'

const PAPER = join(CORPUS, '1706.03762.pdf')

/** How many lines tall a header is: its height over one line of its buttons. */
async function headerHeights(page: Page): Promise<{ topbar: number; chat: number }> {
  return page.evaluate(() => ({
    topbar: document.querySelector('.topbar')!.getBoundingClientRect().height,
    chat: document.querySelector('.chat-main .pane-header')!.getBoundingClientRect().height
  }))
}

/** Header items that end past their header's right edge (cut by the window or the pane). */
async function headerOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.topbar, .chat-main .pane-header')].flatMap(
      (header) => {
        const edge = Math.min(header.getBoundingClientRect().right, window.innerWidth)
        return [...header.querySelectorAll<HTMLElement>('button, h2, .session-usage')]
          .filter((el) => el.checkVisibility() && el.getBoundingClientRect().right > edge + 0.5)
          .map((el) => el.innerText.trim())
      }
    )
  )
}

describe.skipIf(!existsSync(PAPER))(
  'Settings in sections with one Save, the headers on one line, axe at zero',
  () => {
    let h: Harness
    let page: Page

    beforeAll(async () => {
      h = await startWithPaper(PAPER)
      page = h.page
      const box = page.getByRole('textbox', { name: 'Question' })
      await box.fill('What is multi-head attention?')
      await box.press('Enter')
      await page.locator('article.turn .evidence-item').first().waitFor({ timeout: 60_000 })
    }, 180_000)
    afterAll(async () => {
      await h?.close()
    })

    it('has no axe violation on the library, the answer, the open paper and Compare', async () => {
      expect(await axeViolations(page), 'library and answer').toEqual([])
      await page.locator('article.turn').last().locator('button.chip').first().click()
      await page.locator('.pdf-page[data-rendered="true"]').first().waitFor({ timeout: 30_000 })
      expect(await axeViolations(page), 'viewer open').toEqual([])
      await page.getByRole('tab', { name: 'Compare', exact: true }).click()
      await page.locator('.compare').waitFor()
      await h.screenshot('sections-01-compare')
      expect(await axeViolations(page), 'compare').toEqual([])
      await page.getByRole('tab', { name: 'Chat', exact: true }).click()
    })

    it('shows one section at a time, moved through with arrow keys, each without axe violations', async () => {
      await page.getByRole('button', { name: 'Settings', exact: true }).click()
      const answers = page.getByRole('tab', { name: 'Answers', exact: true })
      await answers.waitFor()
      await h.screenshot('sections-02-answers-1280')
      await answers.focus()
      for (const name of Object.values(UI.en.settings.sections)) {
        const tab = page.getByRole('tab', { name, exact: true })
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true')
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(name)
        expect(await page.locator('.settings-panel:visible').count()).toBe(1)
        expect(await axeViolations(page), name).toEqual([])
        expect(await cutLabels(page, 'dialog.settings'), name).toEqual([])
        await page.keyboard.press('ArrowDown')
      }
      await expect.poll(() => answers.getAttribute('aria-selected')).toBe('true')
      await page.getByRole('tab', { name: 'Connections', exact: true }).click()
      const mcp = page.getByTestId('mcp-status')
      expect(await mcp.getAttribute('data-http')).toBe('off')
      await h.screenshot('sections-03-connections-mcp')
      // The harness's router refuses to start the local API (the app's Settings only): the
      // line with it running is the renderer test's (McpSetup.test.tsx).
      expect(await mcp.textContent()).toContain('only while the local API below runs')
    })

    it('keeps edits as unsaved until Save, and asks before Escape drops them', async () => {
      await page.getByRole('tab', { name: 'Answers', exact: true }).click()
      const rounds = page.getByRole('combobox', { name: 'Search rounds per answer' })
      await rounds.selectOption('3')
      const state = page.getByTestId('settings-state')
      await expect.poll(() => state.textContent()).toBe('1 unsaved change')
      expect((await h.services.settings.get()).toolRounds).toBe(1)
      await h.screenshot('sections-05-unsaved')
      await page.keyboard.press('Escape')
      const ask = page.getByRole('group', { name: 'You have 1 unsaved change.' })
      await ask.waitFor()
      expect(await page.locator('dialog.settings[open]').count()).toBe(1)
      expect(await axeViolations(page), 'asking').toEqual([])
      await h.screenshot('sections-06-ask-before-close')
      await ask.getByRole('button', { name: 'Keep editing' }).click()
      await page.getByRole('button', { name: 'Save', exact: true }).click()
      await expect.poll(() => state.textContent()).toBe('Saved.')
      expect((await h.services.settings.get()).toolRounds).toBe(3)
      // Nothing unsaved: Escape closes at once.
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('dialog.settings[open]').count()).toBe(0)
    })

    it('keeps the chat header and the top bar on one line at 1024 and 1280 px, in both languages', async () => {
      for (const language of ['pt-BR', 'en'] as const) {
        await chooseLanguage(page, language)
        for (const width of [1280, 1024]) {
          await page.setViewportSize({ width, height: 800 })
          for (const viewer of [false, true]) {
            if (viewer) {
              await page.locator('article.turn').last().locator('button.chip').first().click()
              await page.locator('.pdf-page[data-rendered="true"]').first().waitFor()
            }
            await page.waitForTimeout(300)
            const at = `${language} ${width}${viewer ? ' viewer' : ''}`
            await h.screenshot(`sections-07-header-${language}-${width}${viewer ? '-viewer' : ''}`)
            const heights = await headerHeights(page)
            expect.soft(heights.topbar, `${at} top bar`).toBeLessThan(48)
            expect.soft(heights.chat, `${at} chat header`).toBeLessThan(48)
            expect.soft(await cutLabels(page, '.topbar, .chat-main .pane-header'), at).toEqual([])
            expect.soft(await headerOverflow(page), `${at} inside the window`).toEqual([])
          }
          await page.locator('.viewer-scroll').focus()
          await page.keyboard.press('Escape')
          await expect.poll(() => page.locator('.viewer').count()).toBe(0)
        }
        await page.setViewportSize({ width: 1280, height: 800 })
      }
      // Settings in pt-BR too: its sections whole, no axe violation.
      await chooseLanguage(page, 'pt-BR')
      await page.getByRole('button', { name: UI['pt-BR'].app.settings, exact: true }).click()
      await page.getByRole('tab', { name: UI['pt-BR'].settings.sections.answers }).waitFor()
      await h.screenshot('sections-08-settings-pt-BR')
      expect(await cutLabels(page, 'dialog.settings')).toEqual([])
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: UI['pt-BR'].settings.close, exact: true }).click()
      await chooseLanguage(page, 'en')
    }, 120_000)
  }
)
