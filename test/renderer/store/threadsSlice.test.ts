// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { CURRENT_THREAD_KEY } from '../../../src/renderer/src/store/threadsSlice'
import type { Thread, ThreadSummary } from '../../../src/shared/threads'
import { answer, fakeApi, ok, thread } from '../fakeApi'

function summary(t: Thread): ThreadSummary {
  return {
    id: t.id,
    title: t.title,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    scope: t.scope,
    turnCount: t.turns.length,
    lastQuestion: t.turns.at(-1)?.question ?? null
  }
}

const a = answer()
const saved = thread({
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
    },
    {
      id: 'u-2',
      question: 'And the decoder?',
      status: 'interrupted',
      answer: '',
      mode: null,
      verified: false,
      notice: null,
      citations: [],
      usage: { inputTokens: 0, outputTokens: 0 },
      model: null,
      askedAt: '2026-12-01T10:01:00Z',
      finishedAt: null,
      error: { code: 'CANCELLED', message: 'The app stopped.' }
    }
  ]
})
const other = thread({ id: 't-other-2', title: 'Other', updatedAt: '2026-12-01T11:00:00Z' })

afterEach(() => localStorage.clear())

describe('threads slice', () => {
  it('reopens the thread that was open before a reload, with its answers and chips', async () => {
    localStorage.setItem(CURRENT_THREAD_KEY, saved.id)
    const fake = fakeApi({
      'threads:list': () => ok({ threads: [summary(other), summary(saved)], damaged: [] }),
      'threads:get': (input: { threadId: string }) =>
        ok({ thread: input.threadId === saved.id ? saved : other })
    })
    const store = createAppStore(fake.api)
    await store.getState().loadThreads()
    expect(store.getState().threads.current?.id).toBe(saved.id)
    const turns = store.getState().chat.turns
    expect(turns.map((t) => t.status)).toEqual(['done', 'interrupted'])
    expect(turns[0]!.answer?.citations).toHaveLength(2)
    expect(turns[0]!.turnId).toBe('u-1')
  })

  it('opens the newest thread when none was remembered, and a new one starts empty with a scope', async () => {
    const fake = fakeApi({
      'threads:list': () => ok({ threads: [summary(other), summary(saved)], damaged: [] }),
      'threads:get': (input: { threadId: string }) =>
        ok({ thread: input.threadId === saved.id ? saved : other })
    })
    const store = createAppStore(fake.api)
    await store.getState().loadThreads()
    expect(store.getState().threads.current?.id).toBe(other.id)
    store.getState().newThread(['1810.04805'])
    expect(store.getState().chat.turns).toEqual([])
    expect(store.getState().threads.pendingScope).toEqual(['1810.04805'])
    await store.getState().ask('What is BERT?')
    expect(fake.calls.find((c) => c.channel === 'threads:create')?.input).toEqual({
      scope: ['1810.04805']
    })
  })

  it('deletes the open thread with undo', async () => {
    let deleted = false
    const fake = fakeApi({
      'threads:list': () => ok({ threads: deleted ? [] : [summary(saved)], damaged: [] }),
      'threads:get': () => ok({ thread: saved }),
      'threads:delete': () => {
        deleted = true
        return ok({ deleted: true as const })
      },
      'threads:restore': () => {
        deleted = false
        return ok({ thread: saved })
      }
    })
    const store = createAppStore(fake.api)
    await store.getState().loadThreads()
    await store.getState().deleteThread(saved.id)
    expect(store.getState().threads.list).toEqual([])
    expect(store.getState().threads.current).toBeNull()
    expect(store.getState().threads.deleted).toEqual({
      id: saved.id,
      title: 'Attention',
      wasOpen: true
    })
    await store.getState().undoDeleteThread()
    expect(store.getState().threads.list.map((t) => t.id)).toEqual([saved.id])
    expect(store.getState().threads.current?.id).toBe(saved.id)
    expect(store.getState().chat.turns).toHaveLength(2)
  })
  it('undoes deleting another conversation without leaving the open one', async () => {
    localStorage.setItem(CURRENT_THREAD_KEY, saved.id)
    let deleted = false
    const fake = fakeApi({
      'threads:list': () =>
        ok({ threads: deleted ? [summary(saved)] : [summary(other), summary(saved)], damaged: [] }),
      'threads:get': (input: { threadId: string }) =>
        ok({ thread: input.threadId === saved.id ? saved : other }),
      'threads:delete': () => {
        deleted = true
        return ok({ deleted: true as const })
      },
      'threads:restore': () => {
        deleted = false
        return ok({ thread: other })
      }
    })
    const store = createAppStore(fake.api)
    await store.getState().loadThreads()
    expect(store.getState().threads.current?.id).toBe(saved.id)
    await store.getState().deleteThread(other.id)
    expect(store.getState().threads.current?.id).toBe(saved.id)
    await store.getState().undoDeleteThread()
    expect(store.getState().threads.list.map((t) => t.id)).toEqual([other.id, saved.id])
    expect(store.getState().threads.current?.id).toBe(saved.id)
    expect(store.getState().chat.turns).toHaveLength(2)
  })

  it('undoes deleting the open conversation without replacing one asked in since', async () => {
    let deleted = false
    const fake = fakeApi({
      'threads:list': () => ok({ threads: deleted ? [] : [summary(saved)], damaged: [] }),
      'threads:get': (input: { threadId: string }) =>
        ok({ thread: input.threadId === saved.id ? saved : thread() }),
      'threads:delete': () => {
        deleted = true
        return ok({ deleted: true as const })
      },
      'threads:restore': () => {
        deleted = false
        return ok({ thread: saved })
      },
      'chat:ask': () => ok(answer({ question: 'What is BERT?' }))
    })
    const store = createAppStore(fake.api)
    await store.getState().loadThreads()
    await store.getState().deleteThread(saved.id)
    await store.getState().ask('What is BERT?')
    await store.getState().undoDeleteThread()
    expect(store.getState().chat.turns.map((t) => t.question)).toEqual(['What is BERT?'])
    expect(store.getState().threads.current?.id).not.toBe(saved.id)
  })
})
