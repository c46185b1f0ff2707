// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TurnView } from '../../../../src/renderer/src/features/chat/TurnView'
import { setUiLanguage } from '../../../../src/renderer/src/i18n'
import type { Turn } from '../../../../src/renderer/src/store/chatSlice'
import { useAppStore } from '../../../../src/renderer/src/store/StoreContext'
import { CURRENT_THREAD_KEY } from '../../../../src/renderer/src/store/threadsSlice'
import type { Thread } from '../../../../src/shared/threads'
import type { Answer } from '../../../../src/shared/types'
import { answer, citation, fakeApi, ok, paper, thread } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(() => {
  cleanup()
  localStorage.clear()
  setUiLanguage('en')
})

const papers = [
  paper(),
  paper({
    id: '1810.04805',
    title: 'BERT',
    authors: ['Jacob Devlin', 'Ming-Wei Chang'],
    year: 2019
  })
]

function doneTurn(a: Answer): Turn {
  return {
    requestId: 'r1',
    question: a.question,
    status: 'done',
    stage: null,
    streamed: '',
    answer: a,
    error: null,
    usage: a.usage
  }
}

/** The saved thread main writes for an answer (`ThreadTurn` fields from the answer). */
function savedThread(a: Answer): Thread {
  return thread({
    id: 't-saved-1',
    title: 'Attention',
    turns: [
      {
        id: 'u-1',
        question: a.question,
        status: 'done',
        answer: a.answer,
        mode: a.mode,
        verified: a.verified,
        notice: a.notice,
        citations: a.citations,
        usage: a.usage,
        model: 'gemini-x',
        askedAt: '2026-12-01T10:00:00Z',
        finishedAt: '2026-12-01T10:00:05Z',
        error: null
      }
    ]
  })
}

/** The chat's first turn, as the chat panel shows it. */
function FirstTurn() {
  const turn = useAppStore((s) => s.chat.turns[0])
  return turn ? <TurnView turn={turn} /> : null
}

function rows(): string[] {
  const list = screen.getByRole('region', { name: 'Sources' })
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '')
}

describe('the source list under a generated answer', () => {
  it('names every citation: number, paper title, authors and year from the library, page', async () => {
    const fake = fakeApi({ 'library:list': () => ok({ papers }) })
    const a = answer({
      citations: [...answer().citations, citation(3, { page: 9, snippet: 'Multi-head.' })]
    })
    const { store } = renderWithStore(<TurnView turn={doneTurn(a)} />, fake)
    await act(() => store.getState().loadLibrary())
    expect(rows()).toEqual([
      '1Attention Is All You NeedAshish Vaswani et al. · 2017p. 4',
      '2BERTJacob Devlin, Ming-Wei Chang · 2019p. 3',
      '3Attention Is All You NeedAshish Vaswani et al. · 2017p. 9'
    ])
    // The chips in the text stay the answer's chips; the rows are not counted among them.
    expect(document.querySelectorAll('.answer-body button.chip')).toHaveLength(2)
    expect(document.querySelectorAll('.source-list button.chip')).toHaveLength(0)
  })

  it('opens the cited page with the passage highlighted when a row is clicked, and marks it', () => {
    const a = answer()
    const { store } = renderWithStore(<TurnView turn={doneTurn(a)} />)
    const list = screen.getByRole('region', { name: 'Sources' })
    const bert = within(list).getByRole('button', { name: /Source 2: BERT, page 3/ })
    fireEvent.click(bert)
    expect(store.getState().viewer).toMatchObject({
      open: true,
      paperId: '1810.04805',
      page: 3,
      highlight: { page: 3, snippet: 'BERT is bidirectional.' }
    })
    expect(bert.getAttribute('aria-current')).toBe('true')
  })

  it('shows the cited passage when the pointer rests on a row', () => {
    renderWithStore(<TurnView turn={doneTurn(answer())} />)
    const list = screen.getByRole('region', { name: 'Sources' })
    const row = within(list).getByRole('button', { name: /Source 2/ })
    fireEvent.mouseEnter(row.parentElement!)
    expect(screen.getByRole('tooltip').textContent).toContain('BERT is bidirectional.')
  })

  it('lists citations the text does not mark inline too', () => {
    const a = answer({ answer: 'An answer without markers.' })
    renderWithStore(<TurnView turn={doneTurn(a)} />)
    expect(rows()).toEqual(['1Attention Is All You Needp. 4', '2BERTp. 3'])
  })

  it('says a removed paper is removed and does not open it', () => {
    const a = answer({ citations: [citation(1, { paperRemoved: true })], answer: 'Gone [1].' })
    const { store } = renderWithStore(<TurnView turn={doneTurn(a)} />)
    const list = screen.getByRole('region', { name: 'Sources' })
    fireEvent.click(within(list).getByRole('button', { name: /removed from the library/ }))
    expect(store.getState().viewer.open).toBe(false)
  })

  it('is not shown for evidence-only answers, which quote their sources themselves', () => {
    const a = answer({
      mode: 'evidence',
      verified: false,
      excerpts: [{ number: 1, before: '', best: 'We call it attention.', after: '' }],
      citations: [citation(1)]
    })
    renderWithStore(<TurnView turn={doneTurn(a)} />)
    expect(screen.queryByRole('region', { name: 'Sources' })).toBeNull()
  })

  it('is in Portuguese in a pt-BR window', async () => {
    setUiLanguage('pt-BR')
    const fake = fakeApi({ 'library:list': () => ok({ papers }) })
    const { store } = renderWithStore(<TurnView turn={doneTurn(answer())} />, fake)
    await act(() => store.getState().loadLibrary())
    const list = screen.getByRole('region', { name: 'Fontes' })
    expect(list.textContent).toContain('Ashish Vaswani et al. · 2017')
    expect(list.textContent).toContain('p. 3')
    expect(within(list).getByRole('button', { name: /Fonte 1: Attention Is All You Need/ }))
  })

  it('is the same after a reload as it was live', async () => {
    const a = answer({
      citations: [...answer().citations, citation(3, { page: 9, snippet: 'Multi-head.' })],
      answer: 'It scales the dot products [1]; BERT [2].'
    })
    const live = fakeApi({ 'library:list': () => ok({ papers }), 'chat:ask': () => ok(a) })
    const first = renderWithStore(<FirstTurn />, live)
    await act(() => first.store.getState().loadLibrary())
    await act(() => first.store.getState().ask(a.question))
    expect(first.store.getState().chat.turns[0]!.status).toBe('done')
    const shown = document.querySelector('.source-list')!.outerHTML
    cleanup()

    localStorage.setItem(CURRENT_THREAD_KEY, 't-saved-1')
    const saved = savedThread(a)
    const reloaded = fakeApi({
      'library:list': () => ok({ papers }),
      'threads:list': () =>
        ok({
          threads: [
            {
              id: saved.id,
              title: saved.title,
              createdAt: saved.createdAt,
              updatedAt: saved.updatedAt,
              scope: saved.scope,
              turnCount: 1,
              lastQuestion: a.question
            }
          ],
          damaged: []
        }),
      'threads:get': () => ok({ thread: saved })
    })
    const second = renderWithStore(<FirstTurn />, reloaded)
    await act(() => second.store.getState().loadLibrary())
    await act(() => second.store.getState().loadThreads())
    expect(second.store.getState().chat.turns[0]!.turnId).toBe('u-1')
    expect(document.querySelector('.source-list')!.outerHTML).toBe(shown)
    expect(rows()).toHaveLength(3)
  })
})
