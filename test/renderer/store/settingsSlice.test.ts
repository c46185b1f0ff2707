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
})
