// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TurnView } from '../../../../src/renderer/src/features/chat/TurnView'
import { LocalModelFields } from '../../../../src/renderer/src/features/settings/LocalModelFields'
import { err } from '../../../../src/shared/errors'
import { DEFAULT_SETTINGS, type PublicSettings } from '../../../../src/shared/types'
import { answer, fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

function settingsApi(values: Partial<PublicSettings> = {}) {
  let current: PublicSettings = {
    ...DEFAULT_SETTINGS,
    hasApiKey: false,
    keyStorage: 'encrypted',
    keyNeedsReentry: false,
    keyAddress: null,
    unconfirmedAddress: null,
    ...values
  }
  return fakeApi({
    'settings:get': () => ok(current),
    'app:info': () =>
      ok({
        version: '0',
        dataDir: '/d',
        embedder: { state: 'ready' as const, id: 'm', modelDir: null, message: '' }
      }),
    'settings:update': (patch: Partial<PublicSettings>) => {
      current = { ...current, ...patch }
      return ok(current)
    },
    'localModel:list': () =>
      ok({ baseUrl: current.localBaseUrl, models: ['llama3.2:3b', 'qwen2.5:3b'] }),
    'localModel:test': () => ok({ model: current.localModel!, reply: 'ready', ms: 1234 })
  })
}

describe('LocalModelFields', () => {
  it("picks the model from the server's list and tests it", async () => {
    const fake = settingsApi({ provider: 'local' })
    const { store } = renderWithStore(<LocalModelFields />, fake)
    await act(() => store.getState().loadSettings())
    const select = screen.getByLabelText('Local model') as HTMLSelectElement
    await waitFor(() => expect(select.options.length).toBe(3))
    expect([...select.options].map((o) => o.value)).toEqual(['', 'llama3.2:3b', 'qwen2.5:3b'])
    fireEvent.change(select, { target: { value: 'qwen2.5:3b' } })
    // An edit of the dialog's form: Test waits for Save (main tests the saved model).
    expect(fake.calls.some((c) => c.channel === 'settings:update')).toBe(false)
    const test = screen.getByRole('button', { name: 'Test' }) as HTMLButtonElement
    expect(test.disabled).toBe(true)
    expect(screen.getByText('Save first: the test uses the saved model.')).toBeTruthy()
    await act(() => store.getState().saveSettings())
    expect(fake.calls.find((c) => c.channel === 'settings:update')?.input).toEqual({
      localModel: 'qwen2.5:3b'
    })
    fireEvent.click(test)
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('qwen2.5:3b replied in 1.2 s: “ready”')
    )
  })

  it('says why the list is empty when the server does not answer', async () => {
    const fake = settingsApi({ provider: 'local' })
    fake.on('localModel:list', () =>
      err(
        'LOCAL_MODEL_UNREACHABLE',
        'Nothing answers at http://127.0.0.1:11434/v1. Start Ollama, or check the address in Settings.'
      )
    )
    const { store } = renderWithStore(<LocalModelFields />, fake)
    await act(() => store.getState().loadSettings())
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/Start Ollama, or check the address/)
    )
    expect((screen.getByRole('button', { name: 'Test' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('refreshes from the address typed, and saves it with the form, then reloads the list', async () => {
    const fake = settingsApi()
    const { store } = renderWithStore(<LocalModelFields />, fake)
    await act(() => store.getState().loadSettings())
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'localModel:list').length).toBe(1)
    )
    fireEvent.change(screen.getByLabelText('Local server address'), {
      target: { value: 'http://127.0.0.1:1234/v1 ' }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'localModel:list').at(-1)?.input).toEqual({
        baseUrl: 'http://127.0.0.1:1234/v1'
      })
    )
    expect(fake.calls.some((c) => c.channel === 'settings:update')).toBe(false)
    await act(() => store.getState().saveSettings())
    expect(fake.calls.find((c) => c.channel === 'settings:update')?.input).toEqual({
      localBaseUrl: 'http://127.0.0.1:1234/v1'
    })
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'localModel:list').length).toBe(3)
    )
    expect(store.getState().settings.draft).toEqual({})
  })
})

describe('an answer written by a local model', () => {
  it('is labelled with the model, and as a stand-in when Gemini was offline', () => {
    const turn = (fallback: boolean) => ({
      requestId: `r-${fallback}`,
      question: 'q',
      status: 'done' as const,
      stage: null,
      streamed: '',
      answer: answer({ answeredBy: { provider: 'local', model: 'qwen2.5:3b', fallback } }),
      error: null,
      usage: { inputTokens: 1, outputTokens: 1 }
    })
    renderWithStore(
      <>
        <TurnView turn={turn(false)} />
        <TurnView turn={turn(true)} />
      </>
    )
    const labels = [...document.querySelectorAll('[data-label="local"]')].map((e) => e.textContent)
    expect(labels).toEqual([
      'Answered offline by the local model qwen2.5:3b',
      'Gemini could not be reached — answered offline by the local model qwen2.5:3b'
    ])
  })

  it("raises the server's error only when the local model is the provider in use", async () => {
    const fake = settingsApi({ provider: 'gemini' })
    fake.on('localModel:list', () =>
      err(
        'LOCAL_MODEL_UNREACHABLE',
        'The local model server at http://127.0.0.1:11434 cannot be reached.'
      )
    )
    const { store } = renderWithStore(<LocalModelFields />, fake)
    await act(() => store.getState().loadSettings())
    const idle = await screen.findByTestId('local-model-idle')
    expect(idle.textContent).toContain('used only when Gemini cannot be reached')
    expect(screen.queryByRole('alert')).toBeNull()
    await act(() => store.getState().updateSettings({ provider: 'local' }))
    expect((await screen.findByRole('alert')).textContent).toContain('cannot be reached')
  })
})
