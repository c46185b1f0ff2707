import { bibliographyDefaults } from '../../../src/shared/types'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Paper } from '../../../src/shared/types'
import {
  createHandlers,
  type HandlerDeps,
  type LibraryPort
} from '../../../src/main/app/createHandlers'
import { createRouter } from '../../../src/main/ipc/router'
import { dataPaths } from '../../../src/main/paths'
import { MemorySecretStore } from '../../../src/main/settings/secretStore'
import { SettingsService } from '../../../src/main/settings/settingsService'

function paper(id: string): Paper {
  return {
    id,
    title: id,
    authors: [],
    year: null,
    arxivId: null,
    source: { kind: 'file', fileName: `${id}.pdf` },
    sha256: null,
    pages: 0,
    chunks: 0,
    sections: [],
    status: 'pending',
    error: null,
    addedAt: new Date(0).toISOString(),
    indexedAt: null,
    embedderId: null,
    ...bibliographyDefaults()
  }
}

function setup(picked: string[]) {
  const added: string[][] = []
  const bytes: { name: string; bytes: Uint8Array }[] = []
  const imported: string[] = []
  const library = {
    list: () => [],
    addPaths: async (paths: string[]) => {
      added.push(paths)
      return paths.map((p) => paper(p.replace(/\W/g, '').slice(-12)))
    },
    addBytes: async (name: string, b: Uint8Array) => {
      bytes.push({ name, bytes: b })
      return paper('abc')
    },
    imports: {
      bibliography: async (file: string) => {
        imported.push(file)
        return {
          added: [],
          failed: [],
          withoutPdf: [],
          collections: [],
          entries: 0,
          encoding: 'utf-8',
          issues: [],
          matched: []
        }
      }
    }
  } as unknown as LibraryPort
  const root = mkdtempSync(join(tmpdir(), 'rp-handlers-'))
  const settings = new SettingsService({
    file: dataPaths(root).settings,
    secrets: new MemorySecretStore()
  })
  const deps = {
    version: '0.0.0',
    paths: dataPaths(root),
    settings,
    embedderStatus: () => ({ state: 'missing', id: null, modelDir: null, message: '' }),
    library,
    filePicker: { pickPdfs: async () => picked, pickImport: async () => picked[0] ?? null }
  } as unknown as HandlerDeps
  return { router: createRouter(createHandlers(deps)), added, bytes, settings, imported }
}

describe('library handlers', () => {
  it('imports only a bibliography the user chose in the import dialog', async () => {
    const { router, imported } = setup(['/home/me/refs.bib'])
    const refused = await router.invoke('library:importBibliography', { file: '/etc/passwd' })
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.error.message).toMatch(/not chosen in the import dialog/)
    expect(imported).toEqual([])
    const picked = await router.invoke('library:pickImport', { kind: 'bibliography' })
    expect(picked).toEqual({ ok: true, value: { path: resolve('/home/me/refs.bib') } })
    expect(
      (await router.invoke('library:importBibliography', { file: '/home/me/refs.bib' })).ok
    ).toBe(true)
    expect(imported).toEqual([resolve('/home/me/refs.bib')])
  })

  it('adds only paths the user picked in the file dialog', async () => {
    const { router, added } = setup(['/home/me/papers/a.pdf'])
    const refused = await router.invoke('library:addPaths', { paths: ['/etc/passwd'] })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.error.code).toBe('INVALID_INPUT')
      expect(refused.error.message).toContain('paths.0')
      expect(refused.error.message).toContain('/etc/passwd')
    }
    expect(added).toEqual([])
    const picked = await router.invoke('library:pickFiles', {})
    expect(picked).toEqual({ ok: true, value: { paths: [resolve('/home/me/papers/a.pdf')] } })
    const sneaky = await router.invoke('library:addPaths', {
      paths: ['/home/me/papers/../papers/a.pdf']
    })
    expect(sneaky.ok).toBe(true)
    const mixed = await router.invoke('library:addPaths', {
      paths: ['/home/me/papers/a.pdf', '/home/me/b.pdf']
    })
    expect(mixed.ok).toBe(false)
    expect(added).toEqual([[resolve('/home/me/papers/a.pdf')]])
  })

  it('takes a dropped file as bytes and refuses base64 text or a list of numbers', async () => {
    const { router, bytes } = setup([])
    for (const data of [Buffer.from('%PDF-1.4').toString('base64'), [37, 80, 68, 70]]) {
      const bad = await router.invoke('library:addFile', { name: 'a.pdf', data })
      expect(bad.ok).toBe(false)
      if (!bad.ok) expect(bad.error.message).toMatch(/data: must be the file's bytes/)
    }
    const empty = await router.invoke('library:addFile', { name: 'a.pdf', data: new Uint8Array() })
    expect(!empty.ok && empty.error.message).toMatch(/data: the file is empty/)
    const good = await router.invoke('library:addFile', {
      name: 'a.pdf',
      data: new TextEncoder().encode('%PDF-1.4')
    })
    expect(good.ok).toBe(true)
    expect(Buffer.from(bytes[0]!.bytes).toString()).toBe('%PDF-1.4')
  })
})

describe('settings handlers', () => {
  it('never sends the API key back, only whether one is saved', async () => {
    const { router } = setup([])
    const r = await router.invoke('settings:setApiKey', { apiKey: 'AIza-secret-key' })
    expect(r.ok).toBe(true)
    expect(JSON.stringify(r)).not.toContain('AIza-secret-key')
    const got = await router.invoke('settings:get', {})
    expect(got.ok && (got.value as { hasApiKey: boolean }).hasApiKey).toBe(true)
    expect(JSON.stringify(got)).not.toContain('AIza')
  })

  it('saves settings atomically and reloads them', async () => {
    const { router, settings } = setup([])
    const r = await router.invoke('settings:update', { answerLanguage: 'en', toolRounds: 2 })
    expect(r.ok).toBe(true)
    await settings.load()
    expect(settings.get().answerLanguage).toBe('en')
    expect(settings.get().toolRounds).toBe(2)
  })

  it('stores the UI language through the contract, and loads an older settings.json without it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rp-settings-'))
    const file = join(dir, 'settings.json')
    // A file written before the UI language existed: every other field, the old pt-BR default.
    writeFileSync(
      file,
      JSON.stringify({ answerLanguage: 'pt-BR', model: 'gemini-x', toolRounds: 2 })
    )
    const old = new SettingsService({ file, secrets: new MemorySecretStore(), env: {} })
    await old.load()
    expect(old.get()).toMatchObject({
      uiLanguage: 'system',
      answerLanguage: 'pt-BR',
      model: 'gemini-x'
    })

    const { router, settings } = setup([])
    expect(await router.invoke('settings:update', { uiLanguage: 'klingon' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' }
    })
    const r = await router.invoke('settings:update', { uiLanguage: 'pt-BR' })
    expect(r.ok && (r.value as { uiLanguage: string }).uiLanguage).toBe('pt-BR')
    await settings.load()
    expect(settings.get().uiLanguage).toBe('pt-BR')
    expect(settings.get().answerLanguage).toBe('ui')
  })
})
