// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ComparePanel } from '../../../../src/renderer/src/features/compare/ComparePanel'
import type { ComparisonSummary } from '../../../../src/shared/compare'
import type { ThreadSummary } from '../../../../src/shared/threads'
import { fakeApi, ok } from '../../fakeApi'
import { renderWithStore } from '../../render'

afterEach(cleanup)

const summary = (id: string, change: Partial<ComparisonSummary>): ComparisonSummary => ({
  id,
  title: `Table ${id}`,
  updatedAt: '2026-12-01T00:00:00.000Z',
  threadId: null,
  collection: null,
  paperIds: ['1706.03762'],
  columns: [{ id: 'q1', kind: 'question', text: 'Which datasets?' }],
  ...change
})

const thread: ThreadSummary = {
  id: 't-1',
  title: 'Encoders',
  createdAt: '',
  updatedAt: '',
  scope: null,
  turnCount: 0,
  lastQuestion: null
}

describe('saved comparisons', () => {
  it('say where their papers came from, and never name a conversation that is gone', async () => {
    const fake = fakeApi({
      'compare:list': () =>
        ok({
          comparisons: [
            summary('a', { collection: { id: 'c1', name: 'Reading group' } }),
            summary('b', { threadId: 't-1' }),
            summary('c', { threadId: 't-deleted' })
          ]
        })
    })
    const { store } = renderWithStore(<ComparePanel />, fake)
    store.setState({ threads: { ...store.getState().threads, list: [thread] } })
    store.getState().setCompareOpen(true)
    const meta = async (title: string): Promise<string> =>
      (await screen.findByRole('button', { name: title })).parentElement!.textContent!
    expect(await meta('Table a')).toContain('Papers of the collection “Reading group”')
    expect(await meta('Table b')).toContain('Saved with the conversation “Encoders”')
    const gone = await meta('Table c')
    expect(gone).toContain('Saved with a conversation that is not in the conversation list')
    expect(gone).not.toContain('New conversation')
  })
})
