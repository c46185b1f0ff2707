import { describe, expect, it } from 'vitest'
import type { Chunk } from '../../../src/main/domain'
import { EmbedAhead } from '../../../src/main/ingest/EmbedAhead'
import { FakeEmbedder } from '../../fakes/fakeEmbedder'

const chunk = (page: number, index: number, text = `page ${page} chunk ${index}`): Chunk => ({
  id: `p-page-${page}-chunk-${index}`,
  paperId: 'p',
  page,
  index,
  section: 'body',
  text,
  tokens: 4
})
const tick = () => new Promise((r) => setTimeout(r, 5))

describe('EmbedAhead', () => {
  it('embeds every full batch as pages arrive and leaves the remainder for the final pass', async () => {
    const embedder = new FakeEmbedder()
    const ahead = new EmbedAhead(Promise.resolve(embedder), 4, new AbortController().signal)
    ahead.feed([chunk(1, 0), chunk(1, 1), chunk(1, 2)])
    await tick()
    expect(embedder.embedded).toBe(0) // not a full batch yet
    ahead.feed([chunk(2, 0), chunk(2, 1), chunk(2, 2)])
    await tick()
    expect(embedder.embedded).toBe(4)
    const { embedder: used, vectors } = await ahead.stop()
    expect(used).toBe(embedder)
    expect([...vectors.keys()]).toEqual([
      'p-page-1-chunk-0',
      'p-page-1-chunk-1',
      'p-page-1-chunk-2',
      'p-page-2-chunk-0'
    ])
    const [again] = await embedder.embed(['page 1 chunk 0'])
    expect([...vectors.get('p-page-1-chunk-0')!.vector]).toEqual([...again!])
  })

  it('skips chunks sent twice (a read retried after a worker crash)', async () => {
    const embedder = new FakeEmbedder()
    const ahead = new EmbedAhead(Promise.resolve(embedder), 2, new AbortController().signal)
    ahead.feed([chunk(1, 0), chunk(1, 1)])
    ahead.feed([chunk(1, 0), chunk(1, 1)])
    await tick()
    const { vectors } = await ahead.stop()
    expect(vectors.size).toBe(2)
    expect(embedder.embedded).toBe(2)
  })

  it('gives nothing without a model, or when its embedder fails', async () => {
    const none = new EmbedAhead(Promise.resolve(null), 1, new AbortController().signal)
    none.feed([chunk(1, 0)])
    expect(await none.stop()).toEqual({ embedder: null, vectors: new Map() })

    const broken = new FakeEmbedder()
    broken.embed = async () => {
      throw new Error('model crashed')
    }
    const failing = new EmbedAhead(Promise.resolve(broken), 1, new AbortController().signal)
    failing.feed([chunk(1, 0)])
    await tick()
    expect((await failing.stop()).vectors.size).toBe(0)
  })
})
