// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TurnView } from '../../../../src/renderer/src/features/chat/TurnView'
import type { Turn } from '../../../../src/renderer/src/store/chatSlice'
import { turnFromThread } from '../../../../src/renderer/src/store/threadsSlice'
import { useAppStore } from '../../../../src/renderer/src/store/StoreContext'
import type { AppError } from '../../../../src/shared/errors'
import { answer, citation, fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

function turn(extra: Partial<Turn>): Turn {
  return {
    requestId: 'r1',
    question: 'What is attention?',
    status: 'done',
    stage: null,
    streamed: '',
    answer: null,
    error: null,
    usage: { inputTokens: 0, outputTokens: 0 },
    ...extra
  }
}

function errorTurn(error: AppError): Turn {
  return turn({ status: 'error', error })
}

describe('TurnView', () => {
  it('shows the live stage while the agent works, and the streamed text without raw ids', () => {
    renderWithStore(
      <TurnView
        turn={turn({
          status: 'running',
          stage: { stage: 'searching', detail: 'scaled dot-product attention' },
          streamed: 'It divides by sqrt(d_k) [[1706.03762-page-4-chunk-2]] and'
        })}
      />
    )
    expect(screen.getByText('searching ‘scaled dot-product attention’')).toBeTruthy()
    const streamed = document.querySelector('.streaming')!.textContent
    expect(streamed).toBe('It divides by sqrt(d_k) and')
  })

  it('labels an evidence-only answer and keeps its chips', () => {
    const a = answer({
      mode: 'evidence',
      verified: false,
      notice: {
        code: 'NO_API_KEY',
        message: 'No Gemini API key is set: showing the best passages.'
      },
      answer: '[1] "We call our particular attention..." — Attention Is All You Need, p. 4',
      citations: [citation(1)]
    })
    renderWithStore(<TurnView turn={turn({ answer: a, usage: a.usage })} />)
    expect(screen.getByText('Evidence only — not a generated answer')).toBeTruthy()
    expect(screen.getByText(/Set a key in Settings to get written answers/)).toBeTruthy()
    expect(screen.getAllByRole('button', { name: /Source 1/ })).toHaveLength(1)
  })

  it('labels an answer the checker could not check with its reason', () => {
    const a = answer({
      verified: false,
      notice: { code: 'TIMEOUT', message: 'The answer could not be checked: the judge timed out.' }
    })
    renderWithStore(<TurnView turn={turn({ answer: a, usage: a.usage })} />)
    expect(
      screen.getByText('Could not be checked (The model took too long to answer)')
    ).toBeTruthy()
    expect(screen.getByText(/judge timed out/)).toBeTruthy()
    expect(screen.queryByText(/rejected twice/)).toBeNull()
    expect(screen.getByText(/1,200 in · 80\s+out tokens/)).toBeTruthy()
  })

  it.each([
    [{ code: 'NO_API_KEY', message: 'No key.' }, /Set a Gemini API key in Settings/],
    [{ code: 'RATE_LIMITED', message: 'Quota.', retryAfterSeconds: 42 }, /You can retry in 42 s/],
    [
      { code: 'OFFLINE', message: 'Offline.' },
      /No internet connection.*Check your internet connection/
    ],
    [{ code: 'UPSTREAM_UNAVAILABLE', message: 'Overloaded.' }, /retry in a little while/],
    [{ code: 'TIMEOUT', message: 'Too slow.' }, /raise the request timeout/]
  ] as [AppError, RegExp][])('says what happened and what to do for %o', (error, advice) => {
    renderWithStore(<TurnView turn={errorTurn(error)} />)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(error.message)
    expect(alert.textContent).toMatch(advice)
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('asks again when Retry is clicked, replacing the error with the answer', async () => {
    const fake = fakeApi({
      'chat:ask': () => ({ ok: false, error: { code: 'OFFLINE', message: 'No network.' } })
    })
    function FirstTurn() {
      const t = useAppStore((s) => s.chat.turns[0])
      return t ? <TurnView turn={t} /> : null
    }
    const { store } = renderWithStore(<FirstTurn />, fake)
    await act(() => store.getState().ask('What is attention?'))
    expect(screen.getByRole('alert').textContent).toContain('No network.')
    fake.on('chat:ask', () => ok(answer()))
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() =>
      expect(document.querySelectorAll('.answer-body button.chip')).toHaveLength(2)
    )
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fake.calls.filter((c) => c.channel === 'chat:ask')).toHaveLength(2)
  })

  it('says Checked, Not confirmed (rejected twice) and Could not be checked as three states', () => {
    const passed = answer({ verified: true, check: 'passed', notice: null })
    const { unmount } = renderWithStore(<TurnView turn={turn({ answer: passed })} />)
    expect(document.querySelector('[data-label="checked"]')!.textContent).toContain('Checked')
    unmount()
    const rejected = answer({ verified: false, check: 'rejected', notice: null })
    const second = renderWithStore(<TurnView turn={turn({ answer: rejected })} />)
    expect(screen.getByText('Not confirmed by the checker (rejected twice)')).toBeTruthy()
    expect(screen.queryByText(/Could not be checked/)).toBeNull()
    second.unmount()
    const unchecked = answer({
      verified: false,
      check: 'unchecked',
      notice: { code: 'RATE_LIMITED', message: 'Quota.' }
    })
    renderWithStore(<TurnView turn={turn({ answer: unchecked })} />)
    expect(screen.getByText('Could not be checked (Gemini quota reached)')).toBeTruthy()
    expect(screen.queryByText(/rejected twice/)).toBeNull()
  })

  it('shows evidence passages by their best sentence with the rest folded', () => {
    const a = answer({
      mode: 'evidence',
      verified: false,
      check: 'unchecked',
      notice: { code: 'NO_API_KEY', message: 'No key.' },
      citations: [citation(1)],
      excerpts: [
        { number: 1, before: 'Setup first.', best: 'Trained on ImageNet.', after: 'More.' }
      ]
    })
    renderWithStore(<TurnView turn={turn({ answer: a })} />)
    expect(document.querySelector('.evidence-best')!.textContent).toBe('Trained on ImageNet.')
    const rest = document.querySelector('details.evidence-rest') as HTMLDetailsElement
    expect(rest.open).toBe(false)
    expect(rest.textContent).toContain('Setup first.')
    expect(screen.queryByText(/tokens/)).toBeNull()
  })

  it('draws a saved evidence turn as it was shown live: cards, figure mark, no text of its own', () => {
    const live = answer({
      mode: 'evidence',
      verified: false,
      check: 'unchecked',
      notice: { code: 'NO_API_KEY', message: 'No key.' },
      // The text an evidence answer also carries: never shown beside its cards.
      answer: 'Not a generated answer. [1] Attention, p. 3:\n> Figure 1: The Transformer.',
      citations: [citation(1, { kind: 'figure', page: 3 })],
      excerpts: [{ number: 1, before: '', best: 'Figure 1: The Transformer.', after: '' }]
    })
    const first = renderWithStore(
      <TurnView turn={turn({ answer: live, turnId: 'u-1', usage: live.usage })} />
    )
    const shown = first.container.querySelector('.answer')!.innerHTML
    expect(shown).not.toContain('Not a generated answer')
    expect(screen.getByText('Figure')).toBeTruthy()
    cleanup()
    const saved = turnFromThread({
      id: 'u-1',
      question: 'What is attention?',
      status: 'done',
      answer: live.answer,
      mode: 'evidence',
      verified: false,
      notice: live.notice,
      citations: live.citations,
      usage: live.usage,
      model: null,
      askedAt: '2026-12-01T10:00:00.000Z',
      finishedAt: '2026-12-01T10:00:01.000Z',
      error: null,
      check: 'unchecked',
      excerpts: live.excerpts!
    })
    const again = renderWithStore(<TurnView turn={saved} />)
    expect(again.container.querySelector('.answer')!.innerHTML).toBe(shown)
  })

  it('badges table evidence by its chunk, not by its words: a caption saved without a kind gets it', () => {
    const a = answer({
      mode: 'evidence',
      verified: false,
      check: 'unchecked',
      notice: { code: 'NO_API_KEY', message: 'No key.' },
      citations: [
        // A table chunk stored with no kind (older thread): its id says what it is.
        citation(1, { chunkId: '2005.11401-page-6-table-3', page: 6 }),
        // A text passage that only quotes a caption stays text.
        citation(2, { chunkId: '2005.11401-page-6-chunk-4', page: 6 })
      ],
      excerpts: [
        { number: 1, before: '', best: 'Table 3: Results on open-domain QA.', after: '' },
        { number: 2, before: '', best: 'Table 3: Results on open-domain QA.', after: '' }
      ]
    })
    renderWithStore(<TurnView turn={turn({ answer: a })} />)
    const items = [...document.querySelectorAll('.evidence-item')]
    expect(items[0]!.querySelector('.kind-badge')?.textContent).toBe('Table')
    expect(items[0]!.querySelector('.kind-badge')?.getAttribute('data-kind')).toBe('table')
    expect(items[1]!.querySelector('.kind-badge')).toBeNull()
    expect(screen.getByRole('button', { name: /Source 1.*Table/ })).toBeTruthy()
    expect(screen.getByText(/the figure itself was not read/)).toBeTruthy()
  })

  it('shows a stored short reply in the UI language from its key; an older one as it was stored', () => {
    const greeting = answer({
      mode: 'smalltalk',
      verified: false,
      // Asked in Portuguese: the text it carries; the UI is in English now.
      answer: 'Olá! Pergunte o que quiser sobre os artigos da sua biblioteca.',
      citations: [],
      reply: { key: 'greeting' }
    })
    renderWithStore(<TurnView turn={turn({ answer: greeting })} />)
    expect(
      screen.getByText(/^Hello! Ask me anything about the papers in your library/)
    ).toBeTruthy()
    expect(screen.queryByText(/Olá!/)).toBeNull()
    cleanup()
    const offTopic = answer({
      mode: 'offtopic',
      verified: false,
      answer: 'Isto não vem dos artigos da sua biblioteca:\n\nParis é a capital da França.',
      citations: [],
      reply: { key: 'offTopicLabel', text: 'Paris é a capital da França.' }
    })
    renderWithStore(<TurnView turn={turn({ answer: offTopic })} />)
    expect(screen.getByText('This is not from the papers in your library:')).toBeTruthy()
    expect(screen.getByText('Paris é a capital da França.')).toBeTruthy()
    cleanup()
    const older = answer({
      mode: 'smalltalk',
      verified: false,
      answer: 'Olá! (antigo)',
      citations: []
    })
    renderWithStore(<TurnView turn={turn({ answer: older })} />)
    expect(screen.getByText('Olá! (antigo)')).toBeTruthy()
  })

  it('says an evidence answer found no passage in the UI language, not in its saved text', () => {
    const none = answer({
      mode: 'evidence',
      verified: false,
      notice: { code: 'NO_API_KEY', message: 'No key.' },
      answer: 'Não é uma resposta gerada. Nenhum trecho relevante foi encontrado.',
      citations: [],
      excerpts: []
    })
    renderWithStore(<TurnView turn={turn({ answer: none })} />)
    expect(
      screen.getByText('No relevant passage was found in the papers in the library.')
    ).toBeTruthy()
    expect(screen.queryByText(/Não é uma resposta/)).toBeNull()
  })

  it('counts a quota wait down once, live, and enables Retry when it ends', () => {
    vi.useFakeTimers()
    try {
      renderWithStore(
        <TurnView
          turn={errorTurn({
            code: 'RATE_LIMITED',
            message: 'Try again in 3 seconds.',
            retryAfterSeconds: 3
          })}
        />
      )
      const retry = screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement
      expect(screen.getByText('You can retry in 3 s.')).toBeTruthy()
      expect(retry.disabled).toBe(true)
      act(() => void vi.advanceTimersByTime(1100))
      expect(screen.getByText('You can retry in 2 s.')).toBeTruthy()
      expect(screen.getAllByText(/retry in \d+ s/)).toHaveLength(1)
      act(() => void vi.advanceTimersByTime(2500))
      expect(screen.getByText('The wait is over: you can retry now.')).toBeTruthy()
      expect(retry.disabled).toBe(false)
    } finally {
      vi.useRealTimers()
    }
  })
})
