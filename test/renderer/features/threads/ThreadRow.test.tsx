// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ThreadList } from '../../../../src/renderer/src/features/threads/ThreadList'
import type { ThreadSummary } from '../../../../src/shared/threads'
import { fakeApi, ok, thread } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const summary = (id: string, title: string): ThreadSummary => ({
  id,
  title,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  scope: null,
  turnCount: 1,
  lastQuestion: `${title}?`
})
const THREADS = [summary('t-1', 'Attention'), summary('t-2', 'BERT masking'), summary('t-3', 'RAG')]

function renderList() {
  const fake = fakeApi({
    'threads:list': () => ok({ threads: THREADS, damaged: [] }),
    'threads:get': (input: { threadId: string }) =>
      ok({ thread: thread({ id: input.threadId, title: input.threadId }) }),
    'threads:delete': () => ok({})
  })
  return renderWithStore(<ThreadList folded={false} overlay={false} onToggle={() => {}} />, fake)
}

const rows = (): HTMLElement[] => screen.getAllByRole('listitem')

describe('the conversation rows', () => {
  it('keep rename and delete in a ⋯ menu that Escape closes, focus back on ⋯', async () => {
    renderList()
    await waitFor(() => expect(rows()).toHaveLength(3))
    // Nothing but the row's button and its ⋯ is in a row: no buttons appear on hover.
    const second = rows()[1]!
    expect(within(second).getAllByRole('button')).toHaveLength(2)
    const more = within(second).getByRole('button', { name: 'More actions for BERT masking' })
    fireEvent.click(more)
    const menu = screen.getByRole('menu', { name: 'More actions for BERT masking' })
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Rename', 'Delete'])
    expect(document.activeElement).toBe(items[0])
    fireEvent.keyDown(menu, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(items[1])
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('menu')).toBeNull()
    expect(document.activeElement).toBe(more)
  })

  it('delete from the menu removes that conversation, with Undo offered', async () => {
    const { fake } = renderList()
    await waitFor(() => expect(rows()).toHaveLength(3))
    fireEvent.click(within(rows()[2]!).getByRole('button', { name: /^More actions/ }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }))
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'threads:delete')?.input).toEqual({
        threadId: 't-3'
      })
    )
    expect(await screen.findByRole('button', { name: 'Undo' })).toBeTruthy()
  })

  it('move with ↑/↓/Home/End, rename with F2, delete with the Delete key', async () => {
    const { fake } = renderList()
    await waitFor(() => expect(rows()).toHaveLength(3))
    const mains = () => rows().map((r) => r.querySelector<HTMLElement>('.thread-main')!)
    act(() => mains()[0]!.focus())
    fireEvent.keyDown(mains()[0]!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(mains()[1])
    fireEvent.keyDown(mains()[1]!, { key: 'End' })
    expect(document.activeElement).toBe(mains()[2])
    fireEvent.keyDown(mains()[2]!, { key: 'ArrowDown' })
    expect(document.activeElement).toBe(mains()[2])
    fireEvent.keyDown(mains()[2]!, { key: 'Home' })
    expect(document.activeElement).toBe(mains()[0])
    fireEvent.keyDown(mains()[0]!, { key: 'F2' })
    expect(
      (screen.getByRole('textbox', { name: 'Conversation title' }) as HTMLInputElement).value
    ).toBe('Attention')
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Conversation title' }), {
      key: 'Escape'
    })
    fireEvent.keyDown(mains()[1]!, { key: 'Delete' })
    await waitFor(() =>
      expect(fake.calls.find((c) => c.channel === 'threads:delete')?.input).toEqual({
        threadId: 't-2'
      })
    )
  })
})
