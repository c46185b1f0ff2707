import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { dataPaths } from '../../../src/main/paths'
import { createServices, type Services } from '../../../src/main/services'
import {
  EnvSecretStore,
  MemorySecretStore,
  parseStoredSecret
} from '../../../src/main/settings/secretStore'
import { SettingsService } from '../../../src/main/settings/settingsService'
import type { Answer, PublicSettings } from '../../../src/shared/types'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { startFakeGemini, type FakeGemini } from '../../fakes/fakeGemini'
import { makePdf } from '../../fixtures/makePdf'

const KEY = 'AIza-the-users-own-key'

let dir = ''
const open: { services: Services[]; fakes: FakeGemini[] } = { services: [], fakes: [] }
afterEach(async () => {
  for (const s of open.services) await s.close()
  for (const f of open.fakes) await f.close()
  open.services = []
  open.fakes = []
  rmSync(dir, { recursive: true, force: true })
})

/** A data folder whose settings.json was planted (copied or synced) and names `address`. */
function plantedFolder(address: string): string {
  dir = mkdtempSync(join(tmpdir(), 'rp-keyaddr-'))
  const data = join(dir, 'data')
  mkdirSync(data, { recursive: true })
  writeFileSync(
    dataPaths(data).settings,
    JSON.stringify({ version: 1, values: { geminiBaseUrl: address } })
  )
  return data
}

async function openLibrary(data: string, secrets: MemorySecretStore | EnvSecretStore) {
  const services = await createServices({
    dataDir: data,
    secrets,
    embedder: new FakeEmbedderProvider(),
    env: {},
    log: () => undefined
  })
  open.services.push(services)
  return services
}

async function ask(services: Services, requestId: string): Promise<Answer> {
  const r = await services.router.invoke('chat:ask', {
    question: 'What is zebracorn attention?',
    requestId
  })
  expect(r.ok).toBe(true)
  return (r as { value: Answer }).value
}

const keysAt = (f: FakeGemini): (string | null)[] => f.requests.map((r) => r.apiKey)

describe('the API key is bound to the address it was entered for', () => {
  it('never sends the key to an address a planted settings.json names, until confirmed in Settings', async () => {
    const proxy = await startFakeGemini()
    const planted = await startFakeGemini()
    open.fakes.push(proxy, planted)
    const data = plantedFolder(planted.baseUrl)
    const pdf = join(dir, 'zebra.pdf')
    writeFileSync(
      pdf,
      makePdf({
        pages: [
          [
            { text: 'Zebracorn Notes', size: 17 },
            { text: 'Zebracorn attention is a sparse attention pattern for long documents.' },
            { text: 'Each zebracorn head attends to a fixed window and a few global tokens.' }
          ]
        ]
      })
    )
    // The key was entered in Settings for the user's own proxy (kept with the key).
    const secrets = new MemorySecretStore(KEY, 'memory', proxy.baseUrl)
    const services = await openLibrary(data, secrets)
    await services.library.addPaths([pdf])
    await services.library.whenIdle()

    // What the user is told: at open, and in the settings dialog.
    const notice = services.library.notices().find((n) => n.key === 'keyAddressIgnored')
    expect(notice?.message).toContain(planted.baseUrl)
    expect(notice?.message).toContain(proxy.baseUrl)
    const shown = (await services.router.invoke('settings:get', {})) as { value: PublicSettings }
    expect(shown.value).toMatchObject({
      geminiBaseUrl: planted.baseUrl,
      unconfirmedAddress: planted.baseUrl,
      keyAddress: proxy.baseUrl,
      hasApiKey: true
    })

    expect((await ask(services, 'planted-1')).mode).toBe('generated')
    expect(planted.requests).toEqual([])
    expect(keysAt(proxy).length).toBeGreaterThan(0)
    expect(new Set(keysAt(proxy))).toEqual(new Set([KEY]))

    // Sending the same address back unchanged (the dialog saving another field) confirms nothing.
    await services.router.invoke('settings:update', {
      geminiBaseUrl: planted.baseUrl,
      toolRounds: 2
    })
    await ask(services, 'planted-2')
    expect(planted.requests).toEqual([])

    // The person confirms it in Settings: from then on the key goes there, and stays bound.
    const confirmed = await services.router.invoke('settings:confirmAddress', {
      address: planted.baseUrl
    })
    expect((confirmed as { value: PublicSettings }).value).toMatchObject({
      unconfirmedAddress: null,
      keyAddress: planted.baseUrl,
      hasApiKey: true
    })
    const before = proxy.requests.length
    expect((await ask(services, 'planted-3')).mode).toBe('generated')
    expect(new Set(keysAt(planted))).toEqual(new Set([KEY]))
    expect(proxy.requests.length).toBe(before)
    expect(await secrets.address()).toBe(planted.baseUrl)
  })

  it('refuses to confirm an address other than the one in force', async () => {
    const data = plantedFolder('https://planted.example/gemini')
    const services = await openLibrary(data, new MemorySecretStore(KEY))
    const r = await services.router.invoke('settings:confirmAddress', {
      address: 'https://other.example/'
    })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.code).toBe('INVALID_INPUT')
  })
})

describe('a key from the environment', () => {
  it("goes only to Google's endpoint unless GEMINI_BASE_URL is set in the same environment", async () => {
    const data = plantedFolder('https://planted.example/gemini')
    const file = dataPaths(data).settings
    const env = { GEMINI_API_KEY: KEY }
    const settings = new SettingsService({ file, secrets: new EnvSecretStore(env), env })
    await settings.load()
    expect(settings.get().geminiBaseUrl).toBe('https://planted.example/gemini')
    expect(await settings.keyAddress()).toBeNull()
    expect(await settings.unconfirmedAddress()).toBe('https://planted.example/gemini')

    const both = { GEMINI_API_KEY: KEY, GEMINI_BASE_URL: 'https://own-proxy.example/' }
    const chosen = new SettingsService({ file, secrets: new EnvSecretStore(both), env: both })
    await chosen.load()
    expect(await chosen.keyAddress()).toBe('https://own-proxy.example/')
    expect(await chosen.unconfirmedAddress()).toBeNull()
  })

  it('says at open, in the CLI notice, where the key goes and how to use the other address', async () => {
    const data = plantedFolder('https://planted.example/gemini')
    const services = await openLibrary(data, new EnvSecretStore({ GEMINI_API_KEY: KEY }))
    const notice = services.library.notices().find((n) => n.key === 'keyAddressIgnoredEnv')
    expect(notice?.message).toContain('https://planted.example/gemini')
    expect(notice?.message).toContain("Google's own endpoint")
    expect(notice?.message).toContain('GEMINI_BASE_URL')
  })
})

describe('the stored key', () => {
  it('reads a key saved before keys were bound as bound to Google, and the new form whole', () => {
    expect(parseStoredSecret('AIza-old-key')).toEqual({ key: 'AIza-old-key', address: null })
    expect(
      parseStoredSecret(JSON.stringify({ key: 'AIza-k', address: 'https://proxy.example/' }))
    ).toEqual({ key: 'AIza-k', address: 'https://proxy.example/' })
  })
})
