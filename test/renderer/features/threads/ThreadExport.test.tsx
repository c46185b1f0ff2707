// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ThreadHeader } from '../../../../src/renderer/src/features/threads/ThreadHeader'
import type { Thread } from '../../../../src/shared/threads'
import { answer, fakeApi, ok, thread } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

const a = answer()
const saved: Thread = thread({
  id: 't-saved-1',
  title: 'Attention',
  turns: [
    {
      id: 'u-1',
      question: a.question,
      status: 'done',
      answer: a.answer,
      mode: 'generated',
      verified: true,
      notice: null,
      citations: a.citations,
      usage: a.usage,
      model: 'gemini-x',
      askedAt: '2026-12-01T10:00:00Z',
      finishedAt: '2026-12-01T10:00:05Z',
      error: null
    }
  ]
})

describe('the conversation export', () => {
  it('writes the references in the style picked, and BibTeX as BibTeX', async () => {
    const writeText = vi.fn(async (_t: string) => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const fake = fakeApi({
      'threads:list': () =>
        ok({
          threads: [
            {
              id: saved.id,
              title: saved.title,
              createdAt: saved.createdAt,
              updatedAt: saved.updatedAt,
              scope: null,
              turnCount: 1,
              lastQuestion: a.question
            }
          ],
          damaged: []
        }),
      'threads:get': () => ok({ thread: saved }),
      'threads:export': (input: { format: 'md' | 'bib'; style?: string }) =>
        ok({
          format: input.format,
          fileName: 'attention.md',
          content: `${input.format} in ${input.style ?? 'plain'}`
        })
    })
    const { store } = renderWithStore(<ThreadHeader />, fake)
    await act(() => store.getState().loadThreads())
    fireEvent.click(screen.getByRole('button', { name: 'Export…' }))
    const popover = screen.getByRole('group', { name: /export/i })
    const select = within(popover).getByRole('combobox', { name: 'References in' })
    expect((select as HTMLSelectElement).value).toBe('plain')
    fireEvent.change(select, { target: { value: 'abnt' } })
    fireEvent.click(within(popover).getByRole('button', { name: 'Copy Markdown' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('md in abnt'))
    fireEvent.click(within(popover).getByRole('button', { name: 'Copy BibTeX' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('bib in plain'))
    const inputs = fake.calls.filter((c) => c.channel === 'threads:export').map((c) => c.input)
    expect(inputs).toEqual([
      { threadId: saved.id, format: 'md', uiLanguage: 'en', style: 'abnt' },
      { threadId: saved.id, format: 'bib', uiLanguage: 'en' }
    ])
  })
})
