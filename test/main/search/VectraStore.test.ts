import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LocalIndex } from 'vectra'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Int8Codec } from '../../../src/main/search/int8Codec'
import { VectraStore } from '../../../src/main/search/VectraStore'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'

const embedder = new FakeEmbedder()
let dir: string

async function items(
  paperId: string,
  texts: string[]
): Promise<{ chunkId: string; vector: Float32Array }[]> {
  const vectors = await embedder.embed(texts)
  return texts.map((_, i) => ({ chunkId: `${paperId}-page-1-chunk-${i}`, vector: vectors[i]! }))
}

async function opened(): Promise<VectraStore> {
  const store = new VectraStore({ dir })
  await store.open()
  return store
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vectra-store-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('VectraStore', () => {
  it('finds the nearest chunk and keeps it across a reopen, with the embedder id', async () => {
    const store = await opened()
    expect(store.embedderId()).toBeNull()
    await store.putPaper(
      'p1',
      embedder.id,
      await items('p1', ['attention heads in the encoder', 'bleu score on translation'])
    )
    await store.putPaper(
      'p2',
      embedder.id,
      await items('p2', ['masked language model pretraining'])
    )
    const [q] = await embedder.embed(['bleu score on translation'])
    const hits = await store.query(q!, 2)
    expect(hits[0]).toMatchObject({ chunkId: 'p1-page-1-chunk-1', paperId: 'p1' })
    expect(hits[0]!.score).toBeGreaterThan(0.98)

    const again = await opened()
    expect(again.embedderId()).toBe(embedder.id)
    expect(again.count()).toBe(3)
    expect(again.hasPaper('p2')).toBe(true)
    expect((await again.query(q!, 1))[0]!.chunkId).toBe('p1-page-1-chunk-1')
  })

  it('filters by paper ids', async () => {
    const store = await opened()
    await store.putPaper('p1', embedder.id, await items('p1', ['bleu score on translation']))
    await store.putPaper('p2', embedder.id, await items('p2', ['bleu score of the model']))
    const [q] = await embedder.embed(['bleu score on translation'])
    const hits = await store.query(q!, 5, ['p2'])
    expect(hits.map((h) => h.paperId)).toEqual(['p2'])
    expect(await store.query(q!, 5, ['nope'])).toEqual([])
  })

  it('replaces a paper on a second put and drops it on remove (idempotent)', async () => {
    const store = await opened()
    await store.putPaper('p1', embedder.id, await items('p1', ['a', 'b', 'c']))
    await store.putPaper('p1', embedder.id, await items('p1', ['a', 'b']))
    await store.putPaper('p1', embedder.id, await items('p1', ['a', 'b']))
    expect(store.count()).toBe(2)
    // Duplicate chunk ids in one call are upserted, not rejected.
    const dup = await items('p1', ['x'])
    await store.putPaper('p1', embedder.id, [...dup, ...dup])
    expect(store.count()).toBe(1)
    await store.removePaper('p1')
    await store.removePaper('p1')
    expect(store.count()).toBe(0)
    expect((await opened()).hasPaper('p1')).toBe(false)
  })

  it('refuses to mix embedders until cleared', async () => {
    const store = await opened()
    await store.putPaper('p1', embedder.id, await items('p1', ['a']))
    await expect(store.putPaper('p2', 'other-model', await items('p2', ['b']))).rejects.toThrow(
      /clear/
    )
    await store.clear()
    expect(store.embedderId()).toBeNull()
    await store.putPaper('p2', 'other-model', await items('p2', ['b']))
    expect((await opened()).embedderId()).toBe('other-model')
  })

  it('writes a genuine Vectra index that Vectra itself can query', async () => {
    const store = await opened()
    await store.putPaper('p1', embedder.id, await items('p1', ['attention heads', 'bleu score']))
    const index = new LocalIndex(
      join(dir, 'vectors', 'papers'),
      'p1.rpv',
      undefined,
      new Int8Codec('p1', embedder.id, 384)
    )
    const [q] = await embedder.embed(['bleu score'])
    const res = await index.queryItems(Array.from(q!), '', 1)
    expect(res[0]!.item.id).toBe('p1-page-1-chunk-1')
    expect(res[0]!.score).toBeGreaterThan(0.98)
  })

  it('never reads a half-written paper: leftovers of a crash are ignored and cleaned', async () => {
    const store = await opened()
    await store.putPaper('p1', embedder.id, await items('p1', ['a', 'b']))
    const good = await readFile(join(dir, 'vectors', 'papers', 'p1.rpv'))
    // A crash mid-write leaves a temp folder, and a torn file can only come from outside damage.
    await mkdir(join(dir, 'vectors', 'tmp', '999-1'), { recursive: true })
    await writeFile(join(dir, 'vectors', 'tmp', '999-1', 'index.rpv'), good.subarray(0, 50))
    await writeFile(join(dir, 'vectors', 'papers', 'p2.rpv'), good.subarray(0, good.length - 100))
    const again = await opened()
    expect(again.hasPaper('p1')).toBe(true)
    expect(again.hasPaper('p2')).toBe(false)
    expect(again.count()).toBe(2)
    expect(await readdir(join(dir, 'vectors'))).not.toContain('tmp')
  })

  it('keeps the previous vectors when a write fails', async () => {
    const store = await opened()
    await store.putPaper('p1', embedder.id, await items('p1', ['a', 'b']))
    const bad = [
      { chunkId: 'p1-page-1-chunk-0', vector: new Float32Array(384) },
      { chunkId: 'x', vector: new Float32Array(3) }
    ]
    await expect(store.putPaper('p1', embedder.id, bad)).rejects.toThrow()
    expect(store.count()).toBe(2)
    expect((await opened()).count()).toBe(2)
  })

  it('scores large libraries with the two-pass scan like an exact float scan', async () => {
    const store = await opened()
    const all: { id: string; vector: Float32Array }[] = []
    for (let p = 0; p < 26; p++) {
      const texts = Array.from(
        { length: 800 },
        (_, i) => `w${(p * 7 + i) % 400} w${(i * 13) % 401} u${p}x${i}`
      )
      const batch = await items(`p${p}`, texts)
      all.push(...batch.map((b) => ({ id: b.chunkId, vector: b.vector })))
      await store.putPaper(`p${p}`, embedder.id, batch)
    }
    expect(store.count()).toBeGreaterThan(20_000)
    let overlap = 0
    for (const probe of [5, 7000, 15_000, 20_001]) {
      const q = all[probe]!.vector
      const exact = all
        .map((a) => ({ id: a.id, s: a.vector.reduce((sum, x, j) => sum + x * q[j]!, 0) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 10)
      const fast = await store.query(q, 10)
      expect(fast[0]!.chunkId).toBe(all[probe]!.id)
      expect(fast.map((h) => h.score)).toEqual([...fast.map((h) => h.score)].sort((a, b) => b - a))
      const got = new Set(fast.map((h) => h.chunkId))
      overlap += exact.filter((e) => got.has(e.id)).length
    }
    expect(overlap / 40).toBeGreaterThanOrEqual(0.8)
  })
})
