import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chunkId, type Chunk } from '../../../src/main/domain'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'

let dir: string

function chunks(paperId: string, texts: string[], section = 'body'): Chunk[] {
  return texts.map((text, i) => ({
    id: chunkId(paperId, i + 1, 0),
    paperId,
    page: i + 1,
    index: 0,
    section,
    text,
    tokens: text.split(' ').length
  }))
}

async function opened(options: { feedback?: number } = {}): Promise<Bm25KeywordIndex> {
  const index = new Bm25KeywordIndex({ dir, ...options })
  await index.open()
  return index
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bm25-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('Bm25KeywordIndex', () => {
  it('ranks the chunk that carries the rare query terms first and returns its record', async () => {
    const index = await opened()
    await index.putPaper(
      'p1',
      chunks(
        'p1',
        [
          'The encoder is composed of a stack of N = 6 identical layers.',
          'We trained on the WMT 2014 English-German dataset with 4.5 million sentence pairs.',
          'Attention weights are computed with a softmax over the keys.'
        ],
        'method'
      )
    )
    const hits = index.query('How many identical layers does the encoder stack have?', 3)
    expect(hits[0]!.chunkId).toBe('p1-page-1-chunk-0')
    const [c] = index.getChunks([hits[0]!.chunkId])
    expect(c).toMatchObject({ paperId: 'p1', page: 1, section: 'method' })
    expect(c!.text).toContain('N = 6 identical layers')
  })

  it('matches hyphenated model names, numbers and inflections', async () => {
    const index = await opened()
    await index.putPaper(
      'p1',
      chunks('p1', [
        'BERTBASE (L=12, H=768, A=12) has 110M parameters.',
        'We use a batch size of 32 and fine-tune for 3 epochs.',
        'Positional encodings are added to the input embeddings.'
      ])
    )
    expect(index.query('BERT-BASE hidden size', 1)[0]!.chunkId).toBe('p1-page-1-chunk-0')
    expect(index.query('768', 1)[0]!.chunkId).toBe('p1-page-1-chunk-0')
    expect(index.query('batch sizes', 1)[0]!.chunkId).toBe('p1-page-2-chunk-0')
    expect(index.query('how are token positions encoded', 1)[0]!.chunkId).toBe('p1-page-3-chunk-0')
  })

  it('indexes a chunk that uses a short form under the long form the paper defines', async () => {
    const index = await opened({ feedback: 0 })
    await index.putPaper(
      'p1',
      chunks('p1', [
        'We evaluate on Natural Questions (NQ) and report scores.',
        'Model NQ TQA RAG-Seq. 44.5 56.8',
        'Unrelated text about decoding with beams.'
      ])
    )
    const ids = index.query('natural questions', 3).map((h) => h.chunkId)
    expect(ids).toContain('p1-page-2-chunk-0')
  })

  it('updates in place as papers come and go, and persists per paper', async () => {
    const index = await opened()
    await index.putPaper('p1', chunks('p1', ['transformer attention heads']))
    await index.putPaper(
      'p2',
      chunks('p2', ['retrieval augmented generation', 'dense passage retriever'])
    )
    expect(index.count()).toBe(3)
    expect(index.query('passage', 5).map((h) => h.chunkId)).toEqual(['p2-page-2-chunk-0'])
    await index.putPaper('p2', chunks('p2', ['retrieval augmented generation']))
    expect(index.count()).toBe(2)
    expect(index.query('passage', 5)).toEqual([])
    await index.removePaper('p1')
    await index.removePaper('p1')
    expect(index.query('attention', 5)).toEqual([])
    expect(await readdir(join(dir, 'keywords', 'papers'))).toEqual(['p2.kw'])

    const again = await opened()
    expect(again.count()).toBe(1)
    expect(again.hasPaper('p2')).toBe(true)
    expect(again.getChunks(['p2-page-1-chunk-0'])[0]!.text).toBe('retrieval augmented generation')
  })

  it('filters by paper ids and honours k', async () => {
    const index = await opened()
    await index.putPaper('p1', chunks('p1', ['attention is all you need', 'attention heads']))
    await index.putPaper('p2', chunks('p2', ['attention in retrieval']))
    expect(index.query('attention', 5, ['p2']).map((h) => h.chunkId)).toEqual(['p2-page-1-chunk-0'])
    expect(index.query('attention', 1)).toHaveLength(1)
    expect(index.query('attention', 5, ['unknown'])).toEqual([])
    expect(index.query('the of and', 5)).toEqual([])
  })

  it('skips a damaged file on open instead of failing the library', async () => {
    const index = await opened()
    await index.putPaper('p1', chunks('p1', ['attention heads']))
    await writeFile(join(dir, 'keywords', 'papers', 'p2.kw'), 'RPK1garbage')
    const again = await opened()
    expect(again.hasPaper('p1')).toBe(true)
    expect(again.hasPaper('p2')).toBe(false)
  })

  it('rejects chunks of another paper (a caller bug)', async () => {
    const index = await opened()
    await expect(index.putPaper('p1', chunks('p2', ['x']))).rejects.toThrow(/does not belong/)
  })

  it('puts the passage holding all of the question ahead of one repeating a single rare term', async () => {
    // Feedback off: the first pass alone, as BM25 plus the coverage of the question's terms.
    const index = await opened({ feedback: 0 })
    // "batch" and "epochs" are in a third of the chunks, "warmup" in two: all three weigh.
    const filler = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? `Run ${i} reports its batch and epoch schedule.`
        : `Run ${i} reports its loss curve.`
    )
    await index.putPaper(
      'p1',
      chunks('p1', [
        'The warmup: warmup of the optimizer, then warmup again.',
        'Batch 32, warmup of 10,000 steps, 40 epochs.',
        ...filler
      ])
    )
    const hits = index.query('Which batch, warmup and epochs?', 3)
    expect(hits[0]!.chunkId).toBe('p1-page-2-chunk-0')
    await index.close()
  })
})
