// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useShortcuts } from '../../../src/renderer/src/layout/shortcuts'
import { ShortcutsHelp } from '../../../src/renderer/src/layout/ShortcutsHelp'
import { useStoreApi } from '../../../src/renderer/src/store/StoreContext'
import type { ThreadSummary } from '../../../src/shared/threads'
import { fakeApi, ok, thread } from '../fakeApi'
import { renderWithStore } from '../render'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const summary = (id: string): ThreadSummary => ({
  id,
  title: id,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  scope: null,
  turnCount: 1,
  lastQuestion: null
})

const targets = { focusLibrary: vi.fn(), focusQuestion: vi.fn(), closeDrawer: () => false }

function Window() {
  useShortcuts(useStoreApi(), targets)
  return (
    <>
      <button type="button">[1]</button>
      <textarea aria-label="Question" />
      <ShortcutsHelp />
    </>
  )
}

function renderWindow() {
  const fake = fakeApi({
    'threads:list': () => ok({ threads: ['t-1', 't-2', 't-3'].map(summary), damaged: [] }),
    'threads:get': (input: { threadId: string }) =>
      ok({ thread: thread({ id: input.threadId, title: input.threadId }) })
  })
  return renderWithStore(<Window />, fake)
}

describe('the window shortcuts', () => {
  it('Alt+↓/↑ open the next and previous conversation, not while typing', async () => {
    const { store, fake } = renderWindow()
    await act(() => store.getState().loadThreads())
    await act(() => store.getState().openThread('t-1'))
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true })
    await waitFor(() => expect(store.getState().threads.current?.id).toBe('t-2'))
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true })
    await waitFor(() => expect(store.getState().threads.current?.id).toBe('t-1'))
    // Opening a conversation asks main for it at once, so no call means no switch.
    const reads = fake.calls.filter((c) => c.channel === 'threads:get').length
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Question' }), {
      key: 'ArrowDown',
      altKey: true
    })
    expect(fake.calls.filter((c) => c.channel === 'threads:get')).toHaveLength(reads)
  })

  it('Ctrl+Shift+O starts a new conversation and goes to the question box', async () => {
    const { store } = renderWindow()
    await act(() => store.getState().loadThreads())
    await act(() => store.getState().openThread('t-2'))
    fireEvent.keyDown(window, { key: 'O', ctrlKey: true, shiftKey: true })
    expect(store.getState().threads.current).toBeNull()
    expect(targets.focusQuestion).toHaveBeenCalled()
  })

  it('closing the paper gives focus back to the citation that opened it', async () => {
    const { store } = renderWindow()
    const chip = screen.getByRole('button', { name: '[1]' })
    act(() => chip.focus())
    act(() => store.getState().openPaper('p-1', 4))
    act(() => (document.activeElement as HTMLElement).blur())
    expect(document.activeElement).toBe(document.body)
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(store.getState().viewer.open).toBe(false)
    await waitFor(() => expect(document.activeElement).toBe(chip))
  })

  it('? lists the shortcuts, in the UI language; typing ? in a field does not', async () => {
    renderWindow()
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Question' }), { key: '?' })
    expect(screen.queryByRole('heading', { name: 'Keyboard shortcuts' })).toBeNull()
    fireEvent.keyDown(window, { key: '?' })
    const sheet = await screen.findByRole('dialog', { hidden: true })
    expect(within(sheet).getByRole('heading', { name: 'Keyboard shortcuts' })).toBeTruthy()
    expect(sheet.textContent).toContain('Ctrl+Shift+O')
    expect(sheet.textContent).toContain('New conversation')
    expect(sheet.textContent).toContain('Previous / next conversation')
  })
})
