import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createHandlers, type HandlerDeps } from '../../../src/main/app/createHandlers'
import { createRouter } from '../../../src/main/ipc/router'
import { dataPaths } from '../../../src/main/paths'
import { keyStorageOf, MemorySecretStore } from '../../../src/main/settings/secretStore'
import { SettingsService } from '../../../src/main/settings/settingsService'
import type { PublicSettings } from '../../../src/shared/types'

async function setup(key: string | null = 'AIza-secret-key', env: NodeJS.ProcessEnv = {}) {
  const root = mkdtempSync(join(tmpdir(), 'rp-settings-'))
  const secrets = new MemorySecretStore(key)
  const settings = new SettingsService({ file: dataPaths(root).settings, secrets, env })
  await settings.load()
  const router = createRouter(createHandlers({ settings } as unknown as HandlerDeps))
  return { root, secrets, settings, router }
}

describe('the Gemini API address', () => {
  it('refuses addresses the key must not be sent to, and keeps the key', async () => {
    const { router, secrets, root } = await setup()
    for (const geminiBaseUrl of [
      'http://attacker.example:8080/',
      'javascript:alert(1)',
      'file:///etc/passwd'
    ]) {
      const r = await router.invoke('settings:update', { geminiBaseUrl })
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error.code).toBe('INVALID_INPUT')
        expect(r.error.message).toContain('geminiBaseUrl')
        expect(r.error.message).toContain('https://')
      }
    }
    expect(await secrets.get()).toBe('AIza-secret-key')
    expect(() => readFileSync(dataPaths(root).settings)).toThrow()
  })

  it('forgets the saved key when the address changes, and says so until a key is saved', async () => {
    const { router, secrets } = await setup()
    const moved = await router.invoke('settings:update', {
      geminiBaseUrl: 'https://proxy.example.org/gemini'
    })
    expect(moved.ok).toBe(true)
    const after = (moved as { value: PublicSettings }).value
    expect(after).toMatchObject({ hasApiKey: false, keyNeedsReentry: true })
    expect(await secrets.get()).toBeNull()

    // Another change that keeps the address (or only adds a slash) does not touch a new key.
    await router.invoke('settings:setApiKey', { apiKey: 'AIza-new-key' })
    const same = await router.invoke('settings:update', {
      geminiBaseUrl: 'https://proxy.example.org/gemini/',
      toolRounds: 2
    })
    expect((same as { value: PublicSettings }).value).toMatchObject({
      hasApiKey: true,
      keyNeedsReentry: false
    })
    expect(await secrets.get()).toBe('AIza-new-key')

    // Back to Google's own address: the key entered for the proxy is forgotten too.
    await router.invoke('settings:update', { geminiBaseUrl: null })
    expect(await secrets.get()).toBeNull()
  })

  it('accepts http only to this computer', async () => {
    const { router } = await setup(null)
    const local = await router.invoke('settings:update', {
      geminiBaseUrl: 'http://127.0.0.1:8080/'
    })
    expect(local.ok).toBe(true)
    expect((local as { value: PublicSettings }).value.keyNeedsReentry).toBe(false)
  })

  it('refuses a GEMINI_BASE_URL that is not https or loopback, naming the variable', async () => {
    await expect(
      setup('k', { GEMINI_BASE_URL: 'http://attacker.example:8080/' })
    ).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('GEMINI_BASE_URL')
    })
    const { settings } = await setup('k', { GEMINI_BASE_URL: 'http://localhost:9999' })
    expect(settings.get().geminiBaseUrl).toBe('http://localhost:9999')
  })
})

describe('where the key is kept', () => {
  it("reports Linux's fixed-password basic_text store as weak", () => {
    expect(keyStorageOf(true, 'linux', 'basic_text')).toBe('weak')
    expect(keyStorageOf(true, 'linux', 'unknown')).toBe('weak')
    expect(keyStorageOf(true, 'linux', 'gnome_libsecret')).toBe('encrypted')
    expect(keyStorageOf(true, 'linux', 'kwallet6')).toBe('encrypted')
    expect(keyStorageOf(true, 'darwin', null)).toBe('encrypted')
    expect(keyStorageOf(false, 'linux', null)).toBe('unavailable')
  })

  it('tells the settings dialog', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rp-settings-'))
    const settings = new SettingsService({
      file: dataPaths(root).settings,
      secrets: new MemorySecretStore('k', 'weak')
    })
    await settings.load()
    expect((await settings.getPublic()).keyStorage).toBe('weak')
  })
})
