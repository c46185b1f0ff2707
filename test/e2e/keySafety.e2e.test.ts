import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FakeEmbedderProvider } from '../fakes/fakeEmbedder'
import { startHarness, type Harness } from './harness'

describe('the API key in the settings dialog', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({
      apiKey: 'AIza-saved-key',
      keyStorage: 'weak',
      embedder: new FakeEmbedderProvider(null),
      viewport: { width: 1200, height: 800 }
    })
  })
  afterAll(async () => {
    await h?.close()
  })

  it('says when the key is kept with a fixed password, and asks for it again after the address changes', async () => {
    const { page } = h
    await page.getByRole('button', { name: 'Settings' }).click()
    await page.getByTestId('key-saved').waitFor()
    const notice = page.getByTestId('key-storage-notice')
    await notice.waitFor()
    expect(await notice.textContent()).toContain('fixed password')
    expect(await page.locator('.field-help').first().textContent()).not.toContain('encrypted')
    await h.screenshot('key-01-weak-storage')

    // The address is changed (by a proxy setup, or a compromised page): the key is forgotten.
    const refused = await h.services.router.invoke('settings:update', {
      geminiBaseUrl: 'http://attacker.example:8080/'
    })
    expect(refused.ok).toBe(false)
    const moved = await h.services.router.invoke('settings:update', {
      geminiBaseUrl: 'https://proxy.example.org/gemini'
    })
    expect(moved.ok).toBe(true)
    expect(await h.services.settings.apiKey()).toBeNull()

    await page.getByRole('button', { name: 'Close settings' }).click()
    await page.getByRole('button', { name: 'Settings' }).click()
    await page
      .getByText('address changed, so the saved key was removed', { exact: false })
      .waitFor()
    await page.getByRole('textbox', { name: 'Gemini API key' }).waitFor()
    await h.screenshot('key-02-enter-again')
  })
})
