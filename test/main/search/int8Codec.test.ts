import { describe, expect, it } from 'vitest'
import { decodeVectors, Int8Codec } from '../../../src/main/search/int8Codec'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'

describe('Int8Codec', () => {
  it('round-trips a Vectra index at 388 bytes a vector with cosine error under 1%', async () => {
    const [a, b] = await new FakeEmbedder().embed(['attention heads in the encoder', 'bleu on wmt'])
    const codec = new Int8Codec('p1', 'fake-hash-384', 384)
    const items = [a!, b!].map((v, i) => ({
      id: `p1-page-1-chunk-${i}`,
      metadata: (i ? { k: 'v' } : {}) as Record<string, string>,
      vector: Array.from(v),
      norm: 1
    }))
    const buf = codec.serializeIndex({ version: 1, metadata_config: {}, items })
    expect(buf.length).toBeLessThan(2 * 390 + 400)
    const back = codec.deserializeIndex(buf)
    expect(back.items.map((i) => i.id)).toEqual(items.map((i) => i.id))
    expect(back.items[1]!.metadata).toEqual({ k: 'v' })
    const cos = back.items[0]!.vector.reduce((s, x, j) => s + x * a![j]!, 0)
    expect(cos).toBeGreaterThan(0.99)
    const fast = decodeVectors(buf)
    expect(fast).toMatchObject({ paperId: 'p1', embedderId: 'fake-hash-384', dims: 384 })
    expect(fast.codes.length).toBe(2 * 384)
  })

  it('refuses a truncated file instead of reading part of it', () => {
    const codec = new Int8Codec('p1', 'e', 8)
    const buf = codec.serializeIndex({
      version: 1,
      metadata_config: {},
      items: [{ id: 'x', metadata: {}, vector: [1, 0, 0, 0, 0, 0, 0, 0], norm: 1 }]
    })
    expect(() => decodeVectors(buf.subarray(0, buf.length - 1))).toThrow(/Truncated/)
    expect(() => decodeVectors(Buffer.from('nope'))).toThrow(/bad magic/)
  })
})
