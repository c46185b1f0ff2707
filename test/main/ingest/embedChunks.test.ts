import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { ChunkFeed } from '../../../src/main/ingest/ChunkFeed'
import { embedChunks } from '../../../src/main/ingest/embedChunks'
import type { EmbedOptions, Embedder } from '../../../src/main/search/types'

const chunk = (i: number): Chunk => ({
  id: `p-page-1-chunk-${i}`,
  paperId: 'p',
  page: 1,
  index: i,
  section: 'body',
  text: `text ${i}`,
  tokens: 2
})

/** An embedder of `parallel` workers: vector [i] for "text i", slower for some batches. */
class PoolLikeEmbedder implements Embedder {
  readonly id = 'pool-like'
  readonly dims = 1
  running = 0
  most = 0
  priorities: (string | undefined)[] = []
  constructor(
    readonly parallel: number,
    private readonly failOn?: string
  ) {}
  async embed(texts: string[], _signal?: AbortSignal, options?: EmbedOptions) {
    this.priorities.push(options?.priority)
    this.running++
    this.most = Math.max(this.most, this.running)
    try {
      // Odd batches take longer, so answers come back out of order.
      const n = Number(texts[0]!.split(' ')[1])
      await sleep(n % 2 === 0 ? 25 : 5)
      if (this.failOn && texts.includes(this.failOn)) throw new Error('the model gave up')
      return texts.map((t) => Float32Array.of(Number(t.split(' ')[1])))
    } finally {
      this.running--
    }
  }
  async close() {}
}

describe('embedding a paper on a pool of embedder workers', () => {
  it('keeps one batch in flight per worker, as background work, and each vector with its chunk', async () => {
    const chunks = Array.from({ length: 10 }, (_, i) => chunk(i))
    const embedder = new PoolLikeEmbedder(2)
    const progress: number[] = []
    const out = await embedChunks(embedder, chunks, {
      batch: 1,
      onProgress: (n) => progress.push(n)
    })
    expect(embedder.most).toBe(2)
    expect(out.map((v) => [v.chunkId, v.vector[0]])).toEqual(chunks.map((c, i) => [c.id, i]))
    expect(embedder.priorities.every((p) => p === 'background')).toBe(true)
    expect(progress[0]).toBe(0)
    expect(progress.at(-1)).toBe(10)
    expect([...progress].sort((a, b) => a - b)).toEqual(progress)

    const single = new PoolLikeEmbedder(1)
    await embedChunks(single, chunks, { batch: 2 })
    expect(single.most).toBe(1)
  })

  it('reports a failing batch and starts nothing after it', async () => {
    const chunks = Array.from({ length: 12 }, (_, i) => chunk(i))
    const embedder = new PoolLikeEmbedder(2, 'text 3')
    await expect(embedChunks(embedder, chunks, { batch: 2 })).rejects.toThrow('the model gave up')
    expect(embedder.priorities.length).toBeLessThan(6)
    expect(embedder.running).toBe(0)
  })

  it('hands each page batch to one of several waiting takers, and ends them all', async () => {
    const feed = new ChunkFeed()
    const got: string[][] = [[], []]
    const taker = async (k: number) => {
      for (;;) {
        const batch = await feed.next(2)
        if (!batch) return
        got[k]!.push(...batch.map((c) => c.id))
        await sleep(1)
      }
    }
    const takers = [taker(0), taker(1)]
    const taken = (): number => got[0]!.length + got[1]!.length
    // Each page is fed once the takers have taken what they can of the one before (whole
    // batches of two: the third chunk waits for the next page).
    feed.feed([chunk(0), chunk(1), chunk(2)])
    await expect.poll(taken, { interval: 1 }).toBe(2)
    feed.feed([chunk(3), chunk(4), chunk(5)])
    await expect.poll(taken, { interval: 1 }).toBe(6)
    feed.end()
    await Promise.all(takers)
    const all = [...got[0]!, ...got[1]!].sort()
    expect(all).toEqual([0, 1, 2, 3, 4, 5].map((i) => chunk(i).id).sort())
    expect(got[0]!.length).toBeGreaterThan(0)
    expect(got[1]!.length).toBeGreaterThan(0)
  })
})
