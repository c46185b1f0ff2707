import { afterEach, describe, expect, it } from 'vitest'
import { WorkerPool } from '../../../src/main/workers/WorkerPool'
import type { WorkerScript } from '../../../src/main/workerScript'

/**
 * A worker speaking the app's worker protocol in plain JavaScript: `work` answers after `ms`
 * with its value and the worker's thread id, fails when asked, or exits (a crash).
 */
const SOURCE = `
const { parentPort, threadId } = require('node:worker_threads')
parentPort.postMessage({ type: 'ready', info: { threadId } })
parentPort.on('message', (m) => {
  if (m.type !== 'call') return
  const { ms, value, fail, crash } = m.input
  if (crash) process.exit(7)
  setTimeout(() => {
    if (fail) parentPort.postMessage({ type: 'error', id: m.id, error: { message: fail, code: null } })
    else parentPort.postMessage({ type: 'result', id: m.id, output: { value, threadId } })
  }, ms)
})
`
const SCRIPT: WorkerScript = { source: SOURCE, eval: true, file: 'test-worker.js' }

type TestApi = {
  work: {
    input: { ms: number; value?: string; fail?: string; crash?: boolean }
    output: { value: string; threadId: number }
  }
}

let pool: WorkerPool<TestApi> | null = null
afterEach(async () => {
  await pool?.close()
  pool = null
})

const make = (size: number): WorkerPool<TestApi> =>
  (pool = new WorkerPool<TestApi>(
    { name: 'test', script: () => SCRIPT, restart: { kind: 'stayDown' } },
    size
  ))

describe('a pool of workers', () => {
  it('sends calls to whichever worker is free, uses both, and keeps each answer with its call', async () => {
    const p = make(2)
    const info = (await p.start()) as { threadId: number }
    expect(info.threadId).toBeGreaterThan(0)
    const values = ['a', 'b', 'c', 'd', 'e', 'f']
    const calls = values.map((value, i) => p.call('work', { ms: 30 + (i % 2) * 40, value }))
    // One call per worker at a time: two running, four waiting in the pool.
    expect(p.active()).toBe(2)
    const out = await Promise.all(calls)
    expect(out.map((o) => o.value)).toEqual(values)
    expect(new Set(out.map((o) => o.threadId)).size).toBe(2)
    expect(p.active()).toBe(0)
  })

  it('serves a waiting interactive call before queued background calls', async () => {
    const p = make(1)
    await p.start()
    const done: string[] = []
    const track = (name: string, promise: Promise<unknown>): Promise<unknown> =>
      promise.then(() => done.push(name))
    const all = [
      track('b1', p.call('work', { ms: 40, value: 'b1' }, { priority: 'background' })),
      track('b2', p.call('work', { ms: 10, value: 'b2' }, { priority: 'background' })),
      track('b3', p.call('work', { ms: 10, value: 'b3' }, { priority: 'background' })),
      track('query', p.call('work', { ms: 10, value: 'query' }))
    ]
    await Promise.all(all)
    // b1 was already running; the query goes next, ahead of b2 and b3.
    expect(done).toEqual(['b1', 'query', 'b2', 'b3'])
  })

  it('reports an error from one worker on its call and goes on with the others', async () => {
    const p = make(2)
    await p.start()
    const [bad, good] = await Promise.allSettled([
      p.call('work', { ms: 10, fail: 'the model could not read this batch' }),
      p.call('work', { ms: 10, value: 'ok' })
    ])
    expect(bad).toMatchObject({
      status: 'rejected',
      reason: { message: 'the model could not read this batch' }
    })
    expect(good).toMatchObject({ status: 'fulfilled', value: { value: 'ok' } })
    // A worker that dies fails its call; the other worker serves what follows.
    await expect(p.call('work', { ms: 0, crash: true })).rejects.toThrow(
      /test worker stopped \(exit code 7\)/
    )
    const after = await Promise.all([1, 2, 3].map((i) => p.call('work', { ms: 5, value: `${i}` })))
    expect(after.map((o) => o.value)).toEqual(['1', '2', '3'])
    expect(new Set(after.map((o) => o.threadId)).size).toBe(1)
    // When none is left, calls fail with the reason.
    await expect(p.call('work', { ms: 0, crash: true })).rejects.toThrow(/exit code 7/)
    await expect(p.call('work', { ms: 0, value: 'x' })).rejects.toThrow(/exit code 7/)
  })

  it('cancels a call waiting in the pool (it never reaches a worker) and a call running', async () => {
    const p = make(1)
    await p.start()
    const running = new AbortController()
    const waiting = new AbortController()
    const first = p.call('work', { ms: 200, value: 'running' }, { signal: running.signal })
    const second = p.call('work', { ms: 10, value: 'waiting' }, { signal: waiting.signal })
    const third = p.call('work', { ms: 10, value: 'third' })
    waiting.abort()
    await expect(second).rejects.toMatchObject({ code: 'CANCELLED' })
    running.abort()
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' })
    // The next call still gets its own answer (the cancelled one was never sent).
    await expect(third).resolves.toMatchObject({ value: 'third' })
    const already = new AbortController()
    already.abort()
    await expect(
      p.call('work', { ms: 1, value: 'x' }, { signal: already.signal })
    ).rejects.toMatchObject({ code: 'CANCELLED' })
  })

  it('drains before a restart: calls already made are answered, later ones refused', async () => {
    const p = make(1)
    await p.start()
    const made = ['a', 'b', 'c'].map((value) => p.call('work', { ms: 10, value }))
    await p.drain()
    expect((await Promise.all(made)).map((o) => o.value)).toEqual(['a', 'b', 'c'])
    await expect(p.call('work', { ms: 1, value: 'late' })).rejects.toThrow(
      /test worker stopped \(closed\)/
    )
  })

  it('fails the calls still waiting when it is closed', async () => {
    const p = make(1)
    await p.start()
    const running = p.call('work', { ms: 100, value: 'a' })
    const queued = p.call('work', { ms: 1, value: 'b' })
    running.catch(() => undefined)
    const outcome = expect(queued).rejects.toMatchObject({ code: 'CANCELLED' })
    await p.close()
    await outcome
  })
})
