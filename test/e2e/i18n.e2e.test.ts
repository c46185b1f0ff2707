import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { CORPUS, startHarness, startWithPaper, type Harness } from './harness'

const PAPER = join(CORPUS, '1706.03762.pdf')

describe('UI language in Chromium', () => {
  let h: Harness

  beforeAll(async () => {
    // A Brazilian system: the UI starts in Portuguese with no setting at all.
    h = await startHarness({ embedder: new FakeEmbedderProvider(null), locale: 'pt-BR' })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('follows a Portuguese system, and switches to English from Settings', async () => {
    const { page } = h
    await page.getByRole('heading', { name: 'Biblioteca' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR')
    const body = (await page.locator('body').textContent()) ?? ''
    expect(body).toContain('Faça uma pergunta sobre seus artigos')
    for (const english of ['Library', 'Settings', 'Ask a question', 'Keyword search only']) {
      expect(body).not.toContain(english)
    }
    await h.screenshot('i18n-01-pt-BR-main')

    await page.getByRole('button', { name: 'Configurações' }).click()
    const select = page.getByRole('combobox', { name: 'Idioma da interface' })
    await select.waitFor()
    await h.screenshot('i18n-02-pt-BR-settings')
    await select.selectOption('en')
    await page.getByRole('heading', { name: 'Library' }).waitFor()
    await page.getByRole('button', { name: 'Close settings' }).click()
    const english = (await page.locator('body').textContent()) ?? ''
    expect(english).toContain('Ask a question about your papers')
    expect(english).not.toContain('Biblioteca')
    await h.screenshot('i18n-03-en-main')
  })
})

/** Labels of the library's top controls that do not fit their box (text wider than its room). */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!
    const problems: string[] = []
    const check = (el: HTMLElement | null, text: string, reserve = 0): void => {
      if (!el || !text) return
      const cs = getComputedStyle(el)
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`
      const room =
        el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - reserve
      if (ctx.measureText(text).width > room + 0.5)
        problems.push(`${text} (${Math.round(room)} px)`)
    }
    const input = document.querySelector<HTMLInputElement>('.arxiv-form input')
    check(input, input?.placeholder ?? '')
    const search = document.querySelector<HTMLInputElement>('.library-toolbar input')
    check(search, search?.placeholder ?? '')
    // A select's arrow takes about 20 px beside the chosen option.
    const sort = document.querySelector<HTMLSelectElement>('.library-toolbar select')
    for (const option of sort?.options ?? []) check(sort, option.text, 20)
    for (const b of document.querySelectorAll<HTMLElement>('.library .add-papers button'))
      check(b, b.textContent ?? '')
    return problems
  })
}

describe.skipIf(!existsSync(PAPER))('the library in both languages, at three widths', () => {
  let h: Harness

  beforeAll(async () => {
    h = await startWithPaper(PAPER, { locale: 'pt-BR' })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('fits the add field and the sort menu, light and dark, in Portuguese and English', async () => {
    const { page } = h
    for (const language of ['pt-BR', 'en'] as const) {
      if (language === 'en') {
        await page.setViewportSize({ width: 1280, height: 800 })
        await page.getByRole('button', { name: 'Configurações' }).click()
        await page.getByRole('combobox', { name: 'Idioma da interface' }).selectOption('en')
        await page.getByRole('button', { name: 'Close settings' }).click()
        await page.getByRole('heading', { name: 'Library' }).waitFor()
      }
      for (const width of [800, 1280, 1920]) {
        await page.setViewportSize({ width, height: width === 800 ? 600 : 900 })
        if (width === 800) {
          // The library is a drawer there: open it.
          await page.locator('#library-slot').waitFor({ state: 'hidden' })
          await page.keyboard.press('Control+k')
          await page.locator('#library-slot').waitFor({ state: 'visible' })
        }
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme })
          await page.waitForTimeout(300)
          await h.screenshot(`i18n-10-library-${language}-${width}-${scheme}`)
          expect(await clipped(page), `${language} ${width} ${scheme}`).toEqual([])
        }
        if (width === 800) {
          await page.keyboard.press('Escape')
          await page.locator('#library-slot').waitFor({ state: 'hidden' })
        }
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
  })
})
