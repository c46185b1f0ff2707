import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { followUpPapers, preferringPapers } from '../../../src/main/agent/standaloneQuery'
import { chunkId, type Chunk } from '../../../src/main/domain'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { HybridRetriever } from '../../../src/main/search/HybridRetriever'
import { VectraStore } from '../../../src/main/search/VectraStore'
import { bibliographyDefaults, type Paper } from '../../../src/shared/types'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'

/**
 * A library where one paper's name is on every page of sixty others (as "BERT" is in the
 * papers built on it): the paper a question names, and the paper a follow-up points back to,
 * must still come first. A real keyword index on disk, searched through the retriever.
 */
let dir: string
let keywords: Bm25KeywordIndex
let vectors: VectraStore

const TITLES: Record<string, string> = {
  bert: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding'
}
const TEXTS: Record<string, string[]> = {
  bert: [
    'We introduce BERT, a new language representation model pre-trained on unlabeled text.',
    'The base model has 12 layers, a hidden size of 768 and 12 attention heads.'
  ]
}
for (let i = 0; i < 60; i++) {
  const id = `derived${i}`
  TITLES[id] = `Study ${i} of sentence models`
  // Short chunks that repeat the name and "layers": BM25 favours them over BERT's own pages.
  TEXTS[id] = [`A BERT baseline with BERT layers, run ${i}.`, `Results of run ${i}.`]
}

function paper(id: string): Paper {
  return {
    id,
    title: TITLES[id]!,
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
    embedderId: null,
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
    tokens: 12
  }))
}

function retriever(): HybridRetriever {
  const ids = Object.keys(TEXTS)
  const papers = new Map(ids.map((id) => [id, paper(id)]))
  return new HybridRetriever({
    vectors,
    keywords,
    embedder: new FakeEmbedderProvider(null),
    paperIds: () => ids,
    paper: (id) => papers.get(id),
    paperText: async (id) => ({
      paperId: id,
      pages: TEXTS[id]!.map((text, i) => ({ page: i + 1, text }))
    })
  })
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'larger-library-'))
  keywords = new Bm25KeywordIndex({ dir, feedback: 0 })
  vectors = new VectraStore({ dir, log: () => undefined })
  await keywords.open()
  await vectors.open()
  for (const id of Object.keys(TEXTS)) await keywords.putPaper(id, chunksOf(id))
})
afterEach(async () => {
  await keywords.close()
  await vectors.close()
  await rm(dir, { recursive: true, force: true })
})

describe('retrieval in a library where a name is everywhere', () => {
  it('puts the paper the question names first, though sixty others repeat its name', async () => {
    const plain = keywords.query('What is BERT?', 50)
    // The index alone does not reach BERT's own pages in its first fifty...
    expect(plain.some((h) => h.chunkId.startsWith('bert-'))).toBe(false)
    // ...the retriever, knowing BERT's title leads with the name, does.
    const res = await retriever().search({ query: 'What is BERT?', limit: 5 })
    expect(res.results[0]!.paperId).toBe('bert')
  })

  it('answers a follow-up that points back from the papers the last answer cited', async () => {
    const history = [{ question: 'What is BERT?', answer: 'BERT is ...', paperIds: ['bert'] }]
    const question = 'How many layers does it have?'
    const cited = followUpPapers(question, history)
    expect(cited).toEqual(['bert'])
    const r = retriever()
    const alone = await r.search({ query: question, limit: 5 })
    expect(alone.results[0]!.paperId).not.toBe('bert')
    const res = await preferringPapers(r, cited!).search({ query: question, limit: 5 })
    expect(res.results[0]!.chunkId).toBe('bert-page-2-chunk-0')
    // The rest of the library fills the list.
    expect(res.results).toHaveLength(5)
    // A new subject, or a question that stands alone, is not held to the cited papers.
    expect(followUpPapers('e o RoBERTa?', history)).toBeNull()
    expect(followUpPapers('What learning rate does the GPT-2 paper use?', history)).toBeNull()
    // A cited paper removed since: the library's results, no error.
    const gone = await preferringPapers(r, ['removed']).search({ query: question, limit: 3 })
    expect(gone.results).toHaveLength(3)
  })
})
