// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SettingsDialog } from '../../../../src/renderer/src/features/settings/SettingsDialog'
import { err } from '../../../../src/shared/errors'
import { DEFAULT_SETTINGS, type PublicSettings } from '../../../../src/shared/types'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

/** A main that keeps the settings it is sent, with every status the sections ask for. */
function settingsApi() {
  let current: PublicSettings = {
    ...DEFAULT_SETTINGS,
    hasApiKey: true,
    keyStorage: 'encrypted',
    keyNeedsReentry: false,
    keyAddress: null,
    unconfirmedAddress: null
  }
  const fake = fakeApi({
    'settings:get': () => ok(current),
    'settings:update': (patch: Partial<PublicSettings>) => {
      current = { ...current, ...patch }
      return ok(current)
    },
    'app:info': () =>
      ok({
        version: '0',
        dataDir: '/d',
        embedder: { state: 'ready' as const, id: 'm', modelDir: null, message: '' }
      }),
    'localModel:list': () => ok({ baseUrl: current.localBaseUrl, models: ['qwen2.5:3b'] }),
    'app:mcpConfig': () =>
      ok({ command: '/app', args: ['mcp'], env: {}, dataDir: '/d', snippet: '{}' }),
    'apiServer:status': () =>
      ok({
        running: false,
        port: 8765,
        url: null,
        token: null,
        tokenFile: '/d/api-token',
        tokenFromEnvironment: false
      })
  })
  return { fake, saved: () => current }
}

async function openDialog() {
  const api = settingsApi()
  const view = renderWithStore(<SettingsDialog />, api.fake)
  await act(async () => view.store.getState().openSettings(true))
  await screen.findByRole('combobox', { name: 'Answers written by' })
  const updates = () => api.fake.calls.filter((c) => c.channel === 'settings:update')
  return { ...view, ...api, updates }
}

const state = () => screen.getByTestId('settings-state').textContent

describe('SettingsDialog', () => {
  it('shows one section at a time as tabs that arrow keys move through', async () => {
    await openDialog()
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent)
    expect(tabs).toEqual([
      'Answers',
      'Local model',
      'General',
      'Connections',
      'Folders & Zotero',
      'Lab library'
    ])
    const answers = screen.getByRole('tab', { name: 'Answers' })
    expect(answers.getAttribute('aria-selected')).toBe('true')
    // The other sections' fields are not shown.
    expect(screen.queryByRole('combobox', { name: 'Interface language' })).toBeNull()
    act(() => answers.focus())
    fireEvent.keyDown(answers, { key: 'ArrowDown' })
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Local model' }), { key: 'ArrowDown' })
    const general = screen.getByRole('tab', { name: 'General' })
    expect(general.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(general)
    expect(general.getAttribute('tabindex')).toBe('0')
    expect(answers.getAttribute('tabindex')).toBe('-1')
    const panel = screen.getByRole('tabpanel')
    expect(panel.getAttribute('aria-labelledby')).toBe(general.id)
    expect(within(panel).getByRole('combobox', { name: 'Interface language' })).toBeTruthy()
    fireEvent.keyDown(general, { key: 'End' })
    expect(screen.getByRole('tab', { name: 'Lab library' }).getAttribute('aria-selected')).toBe(
      'true'
    )
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Lab library' }), { key: 'ArrowDown' })
    expect(answers.getAttribute('aria-selected')).toBe('true')
  })

  it('keeps edits from several sections as unsaved until one Save sends them together', async () => {
    const { updates, saved } = await openDialog()
    expect(state()).toBe('')
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    fireEvent.change(screen.getByRole('combobox', { name: 'Search rounds per answer' }), {
      target: { value: '3' }
    })
    expect(state()).toBe('1 unsaved change')
    fireEvent.click(screen.getByRole('tab', { name: 'General' }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Interface language' }), {
      target: { value: 'pt-BR' }
    })
    expect(state()).toBe('2 unsaved changes')
    // Back to the first section: the edit is still there.
    fireEvent.click(screen.getByRole('tab', { name: 'Answers' }))
    expect(
      (screen.getByRole('combobox', { name: 'Search rounds per answer' }) as HTMLSelectElement)
        .value
    ).toBe('3')
    expect(updates()).toEqual([])
    fireEvent.click(save)
    await waitFor(() => expect(state()).toBe('Saved.'))
    expect(updates().map((c) => c.input)).toEqual([{ toolRounds: 3, uiLanguage: 'pt-BR' }])
    expect(saved().toolRounds).toBe(3)
    expect(save.disabled).toBe(true)
  })

  it('an edit put back to the saved value is no longer unsaved', async () => {
    await openDialog()
    const rounds = screen.getByRole('combobox', { name: 'Search rounds per answer' })
    const before = (rounds as HTMLSelectElement).value
    fireEvent.change(rounds, { target: { value: '2' } })
    expect(state()).toBe('1 unsaved change')
    fireEvent.change(rounds, { target: { value: before } })
    expect(state()).toBe('')
  })

  it('asks before Escape or × drops unsaved edits, and discards only when told', async () => {
    const { store, updates } = await openDialog()
    fireEvent.change(screen.getByRole('combobox', { name: 'Search rounds per answer' }), {
      target: { value: '3' }
    })
    const dialog = document.querySelector('dialog.settings')!
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(store.getState().settings.open).toBe(true)
    expect(screen.getByText('You have 1 unsaved change.')).toBeTruthy()
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Save and close'))
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }))
    expect(state()).toBe('1 unsaved change')
    fireEvent.click(screen.getByRole('button', { name: 'Close settings' }))
    fireEvent.click(screen.getByRole('button', { name: 'Discard and close' }))
    expect(store.getState().settings.open).toBe(false)
    expect(updates()).toEqual([])
    // Opened again: the saved value, nothing pending.
    await act(async () => store.getState().openSettings(true))
    const rounds = await screen.findByRole('combobox', { name: 'Search rounds per answer' })
    expect((rounds as HTMLSelectElement).value).toBe(String(DEFAULT_SETTINGS.toolRounds))
    expect(state()).toBe('')
  })

  it('closes at once with nothing unsaved, and "Save and close" saves first', async () => {
    const { store, updates } = await openDialog()
    fireEvent.click(screen.getByRole('button', { name: 'Close settings' }))
    expect(store.getState().settings.open).toBe(false)
    await act(async () => store.getState().openSettings(true))
    fireEvent.change(await screen.findByRole('combobox', { name: 'Search rounds per answer' }), {
      target: { value: '2' }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Close settings' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save and close' }))
    await waitFor(() => expect(store.getState().settings.open).toBe(false))
    expect(updates().map((c) => c.input)).toEqual([{ toolRounds: 2 }])
  })

  it('keeps the edits and says why when Save is refused', async () => {
    const { fake } = await openDialog()
    fake.on('settings:update', () => err('INVALID_INPUT', 'The model name is empty.'))
    fireEvent.change(screen.getByRole('textbox', { name: 'Gemini model' }), {
      target: { value: ' ' }
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The model name is empty.')
    )
    expect(state()).toBe('1 unsaved change')
  })

  it('says in Connections how MCP is served', async () => {
    await openDialog()
    fireEvent.click(screen.getByRole('tab', { name: 'Connections' }))
    const line = await screen.findByTestId('mcp-status')
    expect(line.getAttribute('data-http')).toBe('off')
    expect(line.textContent).toContain('starts its own server on this library')
    expect(line.textContent).toContain('only while the local API below runs')
  })
})
