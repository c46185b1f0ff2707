import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { startHarness, type Harness } from './harness'

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
    await page.getByRole('tab', { name: 'Geral' }).click()
    const select = page.getByRole('combobox', { name: 'Idioma da interface' })
    await select.waitFor()
    await h.screenshot('i18n-02-pt-BR-settings')
    await select.selectOption('en')
    await page.getByRole('button', { name: 'Salvar', exact: true }).click()
    await page.getByRole('heading', { name: 'Library' }).waitFor()
    await page.getByRole('button', { name: 'Close settings' }).click()
    const english = (await page.locator('body').textContent()) ?? ''
    expect(english).toContain('Ask a question about your papers')
    expect(english).not.toContain('Biblioteca')
    await h.screenshot('i18n-03-en-main')
  })
})
