// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { TurnView } from '../../../../src/renderer/src/features/chat/TurnView'
import type { Turn } from '../../../../src/renderer/src/store/chatSlice'
import { turnFromThread } from '../../../../src/renderer/src/store/threadsSlice'
import { answer, fakeApi, ok, paper, thread } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

const RAG = 'Retrieval-Augmented Generation for Knowledge-Intensive NLP Tasks'
const QUESTION = 'What does RAG retrieve from?'

function outsideTurn(): Turn {
  const a = answer({ question: QUESTION, outsideScope: ['2005.11401'] })
  return {
    requestId: 'r1',
    turnId: 'u1',
    question: QUESTION,
    status: 'done',
    stage: null,
    streamed: '',
    answer: a,
    error: null,
    usage: a.usage
  }
}

function scopedStore() {
  const scoped = thread({ scope: ['1706.03762'] })
  const fake = fakeApi({
    'threads:get': () => ok({ thread: scoped }),
    'threads:setScope': () => ok({ thread: { ...scoped, scope: null } }),
    'chat:ask': () => ok(answer({ question: QUESTION }))
  })
  const r = renderWithStore(<TurnView turn={outsideTurn()} />, fake)
  r.store.setState((s) => ({
    library: { ...s.library, papers: [paper(), paper({ id: '2005.11401', title: RAG })] },
    threads: { ...s.threads, current: { ...scoped } }
  }))
  return r
}

describe('an answer whose conversation does not cover the question', () => {
  it('names the papers of the library that do, and asks them in one click', async () => {
    const { fake } = scopedStore()
    expect(
      await screen.findByText('The papers of this conversation do not seem to discuss this')
    ).toBeTruthy()
    expect(screen.getByText('This paper in your library does:')).toBeTruthy()
    expect(screen.getByText(RAG)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Ask all papers' }))
    await waitFor(() => expect(fake.calls.some((c) => c.channel === 'chat:ask')).toBe(true))
    const channels = fake.calls.map((c) => c.channel)
    expect(channels.indexOf('threads:setScope')).toBeLessThan(channels.indexOf('chat:ask'))
    expect(fake.calls.find((c) => c.channel === 'threads:setScope')!.input).toMatchObject({
      scope: null
    })
    expect(fake.calls.find((c) => c.channel === 'chat:ask')!.input).toMatchObject({
      question: QUESTION
    })
  })

  it('is kept with a saved turn, so a reload says the same', () => {
    const restored = turnFromThread({
      id: 'u1',
      question: QUESTION,
      status: 'done',
      answer: 'It retrieves from a Wikipedia index [1].',
      mode: 'evidence',
      verified: false,
      notice: null,
      citations: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      model: null,
      askedAt: '2026-12-03T10:00:00.000Z',
      finishedAt: '2026-12-03T10:00:01.000Z',
      error: null,
      outsideScope: ['2005.11401']
    })
    expect(restored.answer?.outsideScope).toEqual(['2005.11401'])
  })
})
