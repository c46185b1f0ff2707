import { bibliographyDefaults } from '../../../src/shared/types'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chunkId, type Chunk, type PaperText } from '../../../src/main/domain'
import { isUserFacing } from '../../../src/main/errors'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { HybridRetriever } from '../../../src/main/search/HybridRetriever'
import type { Embedder } from '../../../src/main/search/types'
import { VectraStore } from '../../../src/main/search/VectraStore'
import type { Paper } from '../../../src/shared/types'
import { FakeEmbedder, FakeEmbedderProvider } from '../../fakes/fakeEmbedder'

let dir: string
let vectors: VectraStore
let keywords: Bm25KeywordIndex
const embedder = new FakeEmbedder()

const TEXTS: Record<string, string[]> = {
  p1: [
    'The encoder is composed of a stack of N = 6 identical layers.',
    'Positional encodings are added to the input embeddings at the bottoms of the stacks.',
    'What is it that we do here, and why is it so?'
  ],
  p2: [
    'Retrieval augmented generation combines a retriever with a generator.',
    'We use a Wikipedia dump as the document index.'
  ]
}

function paper(id: string): Paper {
  return {
    id,
    title: `Paper ${id}`,
    authors: [],
    year: 2020,
    arxivId: null,
    source: { kind: 'file', fileName: `${id}.pdf` },
    sha256: null,
    pages: TEXTS[id]!.length,
    chunks: TEXTS[id]!.length,
    sections: [],
    status: 'indexed',
    error: null,
    addedAt: '2026-01-01T00:00:00.000Z',
    indexedAt: '2026-01-01T00:00:00.000Z',
    embedderId: embedder.id,
    ...bibliographyDefaults()
  }
}

function chunksOf(paperId: string): Chunk[] {
  return TEXTS[paperId]!.map((text, i) => ({
    id: chunkId(paperId, i + 1, 0),
    paperId,
    page: i + 1,
    index: 0,
    section: 'body',
    text,
    tokens: 10
  }))
}

async function ingest(paperId: string, withVectors = true): Promise<void> {
  const chunks = chunksOf(paperId)
  await keywords.putPaper(paperId, chunks)
  if (withVectors) {
    const v = await embedder.embed(chunks.map((c) => c.text))
    await vectors.putPaper(
      paperId,
      embedder.id,
      chunks.map((c, i) => ({ chunkId: c.id, vector: v[i]! }))
    )
  }
}

function retriever(
  provider = new FakeEmbedderProvider(embedder),
  papers = ['p1', 'p2']
): HybridRetriever {
  return new HybridRetriever({
    vectors,
    keywords,
    embedder: provider,
    paperIds: () => [...papers],
    paper: (id) => (papers.includes(id) ? paper(id) : undefined),
    paperText: async (id): Promise<PaperText> => ({
      paperId: id,
      pages: TEXTS[id]!.map((text, i) => ({ page: i + 1, text }))
    })
  })
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    if (isUserFacing(e)) return `${e.code}: ${e.message}`
    throw e
  }
  throw new Error('expected a user-facing error')
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retriever-'))
  vectors = new VectraStore({ dir })
  keywords = new Bm25KeywordIndex({ dir })
  await Promise.all([vectors.open(), keywords.open()])
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('HybridRetriever.search', () => {
  it('fuses dense and keyword rankings and says which embedder ranked', async () => {
    await ingest('p1')
    await ingest('p2')
    // Keywords find the stemmed match ("encoding" ~ "encodings"); only the dense side sees the
    // stop-word phrase "what is it", which BM25 drops.
    const res = await retriever().search({ query: 'positional encoding: what is it', limit: 3 })
    expect(res.embedder).toBe(embedder.id)
    const ids = res.results.map((r) => r.chunkId)
    expect(ids).toContain('p1-page-2-chunk-0')
    expect(ids).toContain('p1-page-3-chunk-0')
    expect(res.results[0]).toMatchObject({ paperId: 'p1', title: 'Paper p1', section: 'body' })
    expect(res.results[0]!.text.length).toBeGreaterThan(10)

    const keywordOnly = await retriever(new FakeEmbedderProvider(null)).search({
      query: 'positional encoding: what is it',
      limit: 3
    })
    expect(keywordOnly.embedder).toBeNull()
    expect(keywordOnly.results[0]!.chunkId).toBe('p1-page-2-chunk-0')
    expect(keywordOnly.results.map((r) => r.chunkId)).not.toContain('p1-page-3-chunk-0')
  })

  it('answers a stop-word-only query densely, and refuses it clearly without a model', async () => {
    await ingest('p1')
    const dense = await retriever(undefined, ['p1']).search({ query: 'what is it' })
    expect(dense.results[0]!.chunkId).toBe('p1-page-3-chunk-0')
    expect(
      await code(retriever(new FakeEmbedderProvider(null), ['p1']).search({ query: 'what is it' }))
    ).toMatch(/^INVALID_INPUT: .*no searchable words/)
  })

  it('filters by paper and defaults to 5 results', async () => {
    await ingest('p1')
    await ingest('p2')
    const res = await retriever().search({
      query: 'the encoder and the retriever',
      paperIds: ['p2']
    })
    expect(res.results.length).toBeGreaterThan(0)
    expect(res.results.every((r) => r.paperId === 'p2')).toBe(true)
    const all = await retriever().search({
      query: 'the a of encoder retriever wikipedia stack layers generation index'
    })
    expect(all.results.length).toBe(5)
  })

  it('falls back to keywords when the vectors come from another model or the model fails', async () => {
    await ingest('p1')
    const other = new FakeEmbedderProvider(new FakeEmbedder({ id: 'other-model' }))
    expect(
      (await retriever(other, ['p1']).search({ query: 'identical layers' })).embedder
    ).toBeNull()
    const broken: Embedder = {
      id: embedder.id,
      dims: 384,
      embed: async () => Promise.reject(new Error('onnx crashed')),
      close: async () => {}
    }
    const res = await retriever(new FakeEmbedderProvider(broken), ['p1']).search({
      query: 'identical layers'
    })
    expect(res.embedder).toBeNull()
    expect(res.results[0]!.chunkId).toBe('p1-page-1-chunk-0')
  })

  it('searches keyword-only papers that have no vectors yet', async () => {
    await ingest('p1')
    await ingest('p2', false)
    const res = await retriever().search({ query: 'wikipedia dump document index' })
    expect(res.embedder).toBe(embedder.id)
    expect(res.results.slice(0, 2).map((r) => r.chunkId)).toContain('p2-page-2-chunk-0')
  })

  it('rejects bad input with a clear error, never an empty success', async () => {
    await ingest('p1')
    const r = retriever(undefined, ['p1'])
    expect(await code(r.search({ query: '' }))).toMatch(/^INVALID_INPUT: .*query/)
    expect(await code(r.search({ query: '   \n\t ' }))).toMatch(/^INVALID_INPUT: .*empty/)
    expect(await code(r.search({ query: 'x'.repeat(100_000) }))).toMatch(/^INVALID_INPUT: .*2000/)
    expect(await code(r.search({ query: 'layers', limit: 0 }))).toMatch(/^INVALID_INPUT: .*limit/)
    expect(await code(r.search({ query: 'layers', limit: -3 }))).toMatch(/^INVALID_INPUT/)
    expect(await code(r.search({ query: 'layers', limit: 1_000_000 }))).toMatch(
      /^INVALID_INPUT: .*limit/
    )
    expect(await code(r.search({ query: 'layers', limit: 2.5 }))).toMatch(/^INVALID_INPUT/)
    expect(await code(r.search({ query: 'layers', paperIds: ['9999.99999'] }))).toMatch(
      /^NOT_FOUND: .*9999\.99999/
    )
    expect(await code(r.search({ query: 'layers', paperIds: ['../etc'] }))).toMatch(
      /^INVALID_INPUT/
    )
    expect(await code(r.search({ query: 42 } as never))).toMatch(/^INVALID_INPUT/)
  })

  it('says so when nothing is indexed yet', async () => {
    expect(await code(retriever().search({ query: 'layers' }))).toMatch(
      /^NOT_FOUND: No paper in the library is indexed/
    )
  })
})
