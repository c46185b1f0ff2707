import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { DEFAULT_SETTINGS } from '../../../src/shared/types'
import { fakeApi, ok } from '../fakeApi'

describe('settings slice', () => {
  it('sends the key to main and keeps only whether one is saved', async () => {
    const fake = fakeApi({
      'settings:setApiKey': () => ok({ ...DEFAULT_SETTINGS, hasApiKey: true })
    })
    const store = createAppStore(fake.api)
    expect(await store.getState().setApiKey('AIza-secret')).toBe(true)
    expect(fake.calls[0]).toEqual({
      channel: 'settings:setApiKey',
      input: { apiKey: 'AIza-secret' }
    })
    expect(store.getState().settings.values?.hasApiKey).toBe(true)
    expect(JSON.stringify(store.getState())).not.toContain('AIza-secret')
  })

  it('loads settings and the embedding model state', async () => {
    const fake = fakeApi({
      'settings:get': () => ok({ ...DEFAULT_SETTINGS, hasApiKey: false }),
      'app:info': () =>
        ok({
          version: '0.1.0',
          dataDir: '/data',
          embedder: {
            state: 'missing' as const,
            id: null,
            modelDir: '/models',
            message: 'No model.'
          }
        })
    })
    const store = createAppStore(fake.api)
    await store.getState().loadSettings()
    expect(store.getState().settings.values?.answerLanguage).toBe('ui')
    expect(store.getState().settings.info?.embedder.state).toBe('missing')
  })

  it('holds form edits apart from the saved settings, and saves them in one trimmed update', async () => {
    let saved = { ...DEFAULT_SETTINGS, hasApiKey: false }
    const fake = fakeApi({
      'settings:get': () => ok(saved),
      'app:info': () =>
        ok({
          version: '0',
          dataDir: '/d',
          embedder: { state: 'ready' as const, id: 'm', modelDir: null, message: '' }
        }),
      'settings:update': (change: object) => ok((saved = { ...saved, ...change })),
      'localModel:list': () => ok({ baseUrl: saved.localBaseUrl, models: [] })
    })
    const store = createAppStore(fake.api)
    await store.getState().loadSettings()
    store.getState().editSettings({ localBaseUrl: ' http://127.0.0.1:1234/v1 ', toolRounds: 3 })
    store.getState().editSettings({ toolRounds: DEFAULT_SETTINGS.toolRounds })
    // Put back to the saved value: no longer an edit.
    expect(store.getState().settings.draft).toEqual({ localBaseUrl: ' http://127.0.0.1:1234/v1 ' })
    expect(store.getState().settings.values?.localBaseUrl).toBe(DEFAULT_SETTINGS.localBaseUrl)
    expect(await store.getState().saveSettings()).toBe(true)
    expect(fake.calls.filter((c) => c.channel === 'settings:update').map((c) => c.input)).toEqual([
      { localBaseUrl: 'http://127.0.0.1:1234/v1' }
    ])
    expect(store.getState().settings.draft).toEqual({})
    // The address moved: the model list is asked again, from the saved address.
    expect(fake.calls.at(-1)?.channel).toBe('localModel:list')
  })

  it('drops the form edits on close or Discard, never on a failed Save', async () => {
    const fake = fakeApi({
      'settings:get': () => ok({ ...DEFAULT_SETTINGS, hasApiKey: false }),
      'app:info': () =>
        ok({
          version: '0',
          dataDir: '/d',
          embedder: { state: 'ready' as const, id: 'm', modelDir: null, message: '' }
        }),
      'settings:update': () => ({ ok: false, error: { code: 'INVALID_INPUT', message: 'No.' } })
    })
    const store = createAppStore(fake.api)
    await store.getState().loadSettings()
    store.getState().openSettings(true, 'general')
    expect(store.getState().settings.section).toBe('general')
    store.getState().editSettings({ autoUpdate: !DEFAULT_SETTINGS.autoUpdate })
    expect(await store.getState().saveSettings()).toBe(false)
    expect(store.getState().settings.error?.message).toBe('No.')
    expect(Object.keys(store.getState().settings.draft)).toEqual(['autoUpdate'])
    store.getState().discardSettings()
    expect(store.getState().settings.draft).toEqual({})
    store.getState().editSettings({ autoUpdate: !DEFAULT_SETTINGS.autoUpdate })
    store.getState().openSettings(false)
    expect(store.getState().settings.draft).toEqual({})
    store.getState().openSettings(true)
    expect(store.getState().settings.section).toBe('answers')
  })
})
