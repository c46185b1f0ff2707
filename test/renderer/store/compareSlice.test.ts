import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import type { CompareCell, Comparison } from '../../../src/shared/compare'
import { citation, fakeApi, ok } from '../fakeApi'

const pending = (paperId: string): CompareCell => ({
  paperId,
  columnId: 'q1',
  status: 'pending',
  answer: '',
  verdict: null,
  citations: [],
  notice: null,
  problem: null,
  usage: { inputTokens: 0, outputTokens: 0 }
})

const table: Comparison = {
  id: 'cmp-1',
  title: 'Heads',
  createdAt: '',
  updatedAt: '',
  threadId: null,
  collection: null,
  paperIds: ['1706.03762', '1810.04805'],
  columns: [{ id: 'q1', kind: 'question', text: 'How many heads?' }],
  cells: [pending('1706.03762'), pending('1810.04805')]
}

describe('compare slice', () => {
  it('creates a comparison, fills cells as progress arrives, and shows the filled table', async () => {
    const answered: CompareCell = {
      ...pending('1706.03762'),
      status: 'answered',
      answer: '8 heads.',
      citations: [citation(1)]
    }
    let finish!: () => void
    const ran = new Promise<void>((r) => (finish = r))
    const fake = fakeApi({
      'compare:create': () => ok(table),
      'compare:run': async () => {
        await ran
        return ok({ ...table, cells: [answered, { ...answered, paperId: '1810.04805' }] })
      },
      'compare:list': () => ok({ comparisons: [] })
    })
    const store = createAppStore(fake.api)
    store.connect()
    const creating = store.getState().createComparison({
      paperIds: table.paperIds,
      questions: ['How many heads?'],
      claims: [],
      uiLanguage: 'en'
    })
    await expect.poll(() => store.getState().compare.current?.id).toBe('cmp-1')
    fake.emit('compare:progress', {
      comparisonId: 'cmp-1',
      state: 'paused',
      done: 0,
      total: 2,
      retryAfterSeconds: 7
    })
    expect(store.getState().compare.progress).toMatchObject({
      state: 'paused',
      retryAfterSeconds: 7
    })
    fake.emit('compare:progress', {
      comparisonId: 'cmp-1',
      state: 'running',
      done: 1,
      total: 2,
      cell: answered
    })
    const c = store.getState().compare.current!
    expect(c.cells.map((x) => x.status)).toEqual(['answered', 'pending'])
    // Progress of another comparison changes nothing here.
    fake.emit('compare:progress', { comparisonId: 'cmp-2', state: 'done', done: 1, total: 1 })
    expect(store.getState().compare.progress?.done).toBe(1)
    finish()
    await creating
    expect(store.getState().compare.current!.cells.map((x) => x.status)).toEqual([
      'answered',
      'answered'
    ])
    expect(store.getState().compare.progress).toBeNull()
    expect(fake.calls.find((x) => x.channel === 'compare:run')!.input).toEqual({
      comparisonId: 'cmp-1',
      uiLanguage: 'en'
    })
  })

  it('shows a refused comparison as an error instead of an empty table', async () => {
    const fake = fakeApi({
      'compare:create': () => ({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'No paper with id x is in the library.' }
      })
    })
    const store = createAppStore(fake.api)
    await store.getState().createComparison({ paperIds: ['x'], questions: ['q'], claims: [] })
    expect(store.getState().compare.current).toBeNull()
    expect(store.getState().compare.error?.code).toBe('NOT_FOUND')
  })
  it("starts a comparison from a conversation's papers, saves it with the conversation, and reopens it from there", async () => {
    const linked = { ...table, threadId: 't-1' }
    const fake = fakeApi({
      'compare:create': () => ok(linked),
      'compare:run': () => ok(linked),
      'compare:get': () => ok(linked),
      'compare:list': () => ok({ comparisons: [linked] })
    })
    const store = createAppStore(fake.api)
    store.getState().compareThreadPapers('t-1', ['1706.03762'])
    expect(store.getState().compare).toMatchObject({
      open: true,
      current: null,
      draft: { threadId: 't-1', paperIds: ['1706.03762'] }
    })
    await store.getState().createComparison({
      paperIds: ['1706.03762'],
      threadId: 't-1',
      questions: ['How many heads?'],
      claims: []
    })
    expect(fake.calls.find((x) => x.channel === 'compare:create')!.input).toEqual({
      paperIds: ['1706.03762'],
      threadId: 't-1',
      questions: ['How many heads?'],
      claims: []
    })
    expect(store.getState().compare.draft).toBeNull()
    // Back in the chat, the conversation's comparison opens the Compare view at its table.
    store.getState().setCompareOpen(false)
    store.getState().closeComparison()
    await store.getState().showComparison('cmp-1')
    expect(store.getState().compare).toMatchObject({ open: true, current: { threadId: 't-1' } })
  })
})
