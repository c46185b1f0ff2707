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
})
