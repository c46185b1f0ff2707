import { describe, expect, it, vi } from 'vitest'
import { createAppStore } from '../../../src/renderer/src/store/createAppStore'
import { sessionUsage } from '../../../src/renderer/src/store/chatSlice'
import type { Result } from '../../../src/shared/errors'
import type { Answer } from '../../../src/shared/types'
import { answer, deferred, fakeApi, ok } from '../fakeApi'

describe('chat slice', () => {
  it('streams stages and tokens of the running question, then keeps the final answer', async () => {
    const reply = deferred<Result<Answer>>()
    const fake = fakeApi({ 'chat:ask': () => reply.promise })
    const store = createAppStore(fake.api)
    const off = store.connect()
    const asking = store.getState().ask('  What is scaled dot-product attention?  ')
    const [turn] = store.getState().chat.turns
    expect(turn?.status).toBe('running')
    expect(turn?.question).toBe('What is scaled dot-product attention?')
    const requestId = turn!.requestId
    // The first question creates the thread, then asks in it (so main saves the turn).
    await vi.waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('chat:ask'))
    // (Connecting also tells main the window takes desktop links: desktop:ready.)
    const asked = fake.calls.filter((c) => c.channel !== 'desktop:ready')
    expect(asked.slice(0, 2)).toEqual([
      { channel: 'threads:create', input: {} },
      {
        channel: 'chat:ask',
        input: {
          question: 'What is scaled dot-product attention?',
          requestId,
          uiLanguage: 'en',
          threadId: 't-test-1'
        }
      }
    ])

    fake.emit('chat:event', {
      requestId,
      type: 'stage',
      stage: 'searching',
      detail: 'scaled dot-product attention'
    })
    fake.emit('chat:event', { requestId: 'someone-else', type: 'token', text: 'ignored' })
    fake.emit('chat:event', { requestId, type: 'token', text: 'It scales ' })
    fake.emit('chat:event', { requestId, type: 'token', text: 'the dot products' })
    fake.emit('chat:event', {
      requestId,
      type: 'usage',
      call: 'tools',
      inputTokens: 500,
      outputTokens: 20
    })
    let live = store.getState().chat.turns[0]!
    expect(live.stage).toEqual({ stage: 'searching', detail: 'scaled dot-product attention' })
    expect(live.streamed).toBe('It scales the dot products')
    expect(live.usage).toEqual({ inputTokens: 500, outputTokens: 20 })

    reply.resolve(ok(answer()))
    await asking
    live = store.getState().chat.turns[0]!
    expect(live.status).toBe('done')
    expect(live.answer?.citations).toHaveLength(2)
    expect(live.usage).toEqual({ inputTokens: 1200, outputTokens: 80 })
    off()
  })

  it('sums token usage over the session', async () => {
    const fake = fakeApi({ 'chat:ask': () => ok(answer()) })
    const store = createAppStore(fake.api)
    await store.getState().ask('one')
    await store.getState().ask('two')
    expect(sessionUsage(store.getState().chat.turns)).toEqual({
      inputTokens: 2400,
      outputTokens: 160
    })
  })

  it('keeps an error on its turn and retries the same question in place', async () => {
    const fake = fakeApi({
      'chat:ask': () => ({
        ok: false,
        error: { code: 'RATE_LIMITED', message: 'Gemini quota reached.', retryAfterSeconds: 30 }
      })
    })
    const store = createAppStore(fake.api)
    await store.getState().ask('What is BERT?')
    const failed = store.getState().chat.turns[0]!
    expect(failed.status).toBe('error')
    expect(failed.error?.code).toBe('RATE_LIMITED')
    expect(failed.error?.retryAfterSeconds).toBe(30)

    fake.on('chat:ask', () => ok(answer({ question: 'What is BERT?' })))
    await store.getState().retry(failed.requestId)
    const turns = store.getState().chat.turns
    expect(turns).toHaveLength(1)
    expect(turns[0]!.status).toBe('done')
    expect(turns[0]!.requestId).not.toBe(failed.requestId)
    const asks = fake.calls.filter((c) => c.channel === 'chat:ask')
    expect(asks.map((c) => (c.input as { question: string }).question)).toEqual([
      'What is BERT?',
      'What is BERT?'
    ])
  })

  it('stops a running question and ignores its late answer', async () => {
    const reply = deferred<Result<Answer>>()
    const fake = fakeApi({
      'chat:ask': () => reply.promise,
      'chat:cancel': () => ok({ cancelled: true })
    })
    const store = createAppStore(fake.api)
    const asking = store.getState().ask('slow one')
    const id = store.getState().chat.turns[0]!.requestId
    await store.getState().cancel(id)
    expect(fake.calls.find((c) => c.channel === 'chat:cancel')).toEqual({
      channel: 'chat:cancel',
      input: { requestId: id }
    })
    reply.resolve(ok(answer()))
    await asking
    expect(store.getState().chat.turns[0]!.status).toBe('cancelled')
  })

  it('drops a streamed draft when the agent revises it', () => {
    const fake = fakeApi({ 'chat:ask': () => new Promise(() => {}) })
    const store = createAppStore(fake.api)
    void store.getState().ask('q')
    const requestId = store.getState().chat.turns[0]!.requestId
    store.getState().applyChatEvent({ requestId, type: 'token', text: 'off-topic draft' })
    store.getState().applyChatEvent({ requestId, type: 'stage', stage: 'revising', detail: '' })
    expect(store.getState().chat.turns[0]!.streamed).toBe('')
  })
})
