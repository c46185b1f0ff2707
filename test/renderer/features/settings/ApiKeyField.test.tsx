// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiKeyField } from '../../../../src/renderer/src/features/settings/ApiKeyField'
import { DEFAULT_SETTINGS } from '../../../../src/shared/types'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

describe('ApiKeyField', () => {
  it('saves the key in main and then shows it only as masked "saved"', async () => {
    const fake = fakeApi({
      'settings:get': () => ok({ ...DEFAULT_SETTINGS, hasApiKey: false }),
      'app:info': () =>
        ok({
          version: '0',
          dataDir: '/d',
          embedder: { state: 'ready' as const, id: 'm', modelDir: null, message: '' }
        }),
      'settings:setApiKey': () => ok({ ...DEFAULT_SETTINGS, hasApiKey: true })
    })
    const { store, container } = renderWithStore(<ApiKeyField />, fake)
    await act(() => store.getState().loadSettings())
    fireEvent.change(screen.getByLabelText('Gemini API key'), {
      target: { value: 'AIza-secret-key' }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }))
    await waitFor(() => expect(screen.getByTestId('key-saved').textContent).toContain('saved'))
    expect(fake.calls.find((c) => c.channel === 'settings:setApiKey')?.input).toEqual({
      apiKey: 'AIza-secret-key'
    })
    expect(container.innerHTML).not.toContain('AIza-secret-key')
    expect(screen.queryByLabelText('Gemini API key')).toBeNull()
  })

  it('says when the key is kept with a fixed password, and when it must be entered again', async () => {
    const info = () =>
      ok({
        version: '0',
        dataDir: '/d',
        embedder: { state: 'ready' as const, id: 'm', modelDir: null, message: '' }
      })
    const fake = fakeApi({
      'settings:get': () =>
        ok({ ...DEFAULT_SETTINGS, hasApiKey: false, keyStorage: 'weak', keyNeedsReentry: true }),
      'app:info': info
    })
    const { store } = renderWithStore(<ApiKeyField />, fake)
    await act(() => store.getState().loadSettings())
    expect(screen.getByTestId('key-storage-notice').textContent).toContain('fixed password')
    expect(screen.getByText(/address changed, so the saved key was removed/)).toBeTruthy()
    expect(screen.getByLabelText('Gemini API key')).toBeTruthy()
    cleanup()

    const safe = fakeApi({
      'settings:get': () =>
        ok({
          ...DEFAULT_SETTINGS,
          hasApiKey: true,
          keyStorage: 'encrypted',
          keyNeedsReentry: false
        }),
      'app:info': info
    })
    const second = renderWithStore(<ApiKeyField />, safe)
    await act(() => second.store.getState().loadSettings())
    expect(screen.queryByTestId('key-storage-notice')).toBeNull()
    expect(screen.queryByText(/address changed/)).toBeNull()
  })
  it('shows an address the settings file names but the key is not bound to, and confirms it', async () => {
    const planted = 'https://planted.example/gemini'
    const shown = {
      ...DEFAULT_SETTINGS,
      geminiBaseUrl: planted,
      hasApiKey: true,
      keyStorage: 'encrypted' as const,
      keyNeedsReentry: false,
      keyAddress: null,
      unconfirmedAddress: planted
    }
    const fake = fakeApi({
      'settings:get': () => ok(shown),
      'app:info': () =>
        ok({
          version: '0',
          dataDir: '/d',
          embedder: { state: 'ready' as const, id: 'm', modelDir: null, message: '' }
        }),
      'settings:confirmAddress': () =>
        ok({ ...shown, keyAddress: planted, unconfirmedAddress: null })
    })
    const { store } = renderWithStore(<ApiKeyField />, fake)
    await act(() => store.getState().loadSettings())
    const notice = screen.getByTestId('address-unconfirmed').textContent ?? ''
    expect(notice).toContain(planted)
    expect(notice).toContain("Google's own endpoint")
    fireEvent.click(screen.getByRole('button', { name: 'Send my key to this address' }))
    await waitFor(() => expect(screen.queryByTestId('address-unconfirmed')).toBeNull())
    expect(fake.calls.find((c) => c.channel === 'settings:confirmAddress')?.input).toEqual({
      address: planted
    })
  })
})
