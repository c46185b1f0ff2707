import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestCorpus, SHARED_DIR, type IngestedPaper } from '../../../bench/ingestCorpus'
import { evaluate, parseQuestions, type EvalQuestion } from '../../../bench/retrievalEval'
import { Bm25KeywordIndex } from '../../../src/main/search/Bm25KeywordIndex'
import { HybridRetriever } from '../../../src/main/search/HybridRetriever'
import { VectraStore } from '../../../src/main/search/VectraStore'
import { FakeEmbedderProvider } from '../../fakes/fakeEmbedder'
import { hasShared } from '../../fixtures/sharedFolder'

const IDS = ['1706.03762', '1810.04805', '2005.11401']
const present = hasShared(
  IDS.map((id) => join(SHARED_DIR, 'corpus', `${id}.pdf`)),
  'retrieval quality on the default papers'
)

/**
 * Keyword-only retrieval quality on the default papers (no model exists on CI machines).
 * @remarks The dev questions guard the target; our own questions are ones we checked by
 * hand, including those the keyword path still misses (marked as known failures, so fixing one
 * turns the test red until it moves to the passing list).
 */
describe.skipIf(!present)('retrieval quality on the default papers (keyword only)', () => {
  let root: string
  let retriever: HybridRetriever
  const own: EvalQuestion[] = []

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'quality-'))
    const vectors = new VectraStore({ dir: root })
    const keywords = new Bm25KeywordIndex({ dir: root })
    await Promise.all([vectors.open(), keywords.open()])
    const papers: IngestedPaper[] = await ingestCorpus(
      IDS.map((id) => ({ id, file: join(SHARED_DIR, 'corpus', `${id}.pdf`) })),
      { keywords, vectors, embedder: null }
    )
    retriever = new HybridRetriever({
      vectors,
      keywords,
      embedder: new FakeEmbedderProvider(null),
      paperIds: () => papers.map((p) => p.paper.id),
      paper: (id) => papers.find((p) => p.paper.id === id)?.paper,
      paperText: async (id) => papers.find((p) => p.paper.id === id)!.text
    })
    own.push(
      ...parseQuestions(
        await readFile(
          join(__dirname, '..', '..', 'fixtures', 'search', 'own-questions.jsonl'),
          'utf8'
        )
      )
    )
  }, 60_000)
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('finds a gold page in the top 5 for at least 90% of the dev questions', async () => {
    const questions = parseQuestions(
      await readFile(join(SHARED_DIR, 'eval', 'dev-questions.jsonl'), 'utf8')
    )
    const report = await evaluate(retriever, questions)
    expect(report.embedder).toBeNull()
    expect(report.overall.recallAt5).toBeGreaterThanOrEqual(0.9)
    expect(report.latencyMs.median).toBeLessThan(50)
  })

  async function rank(q: EvalQuestion): Promise<number | null> {
    const res = await retriever.search({ query: q.question, limit: 5 })
    const at = res.results.findIndex((r) => r.paperId === q.paperId && q.goldPages.includes(r.page))
    return at < 0 ? null : at + 1
  }

  it('answers our own questions in the top 5', async () => {
    const missed: string[] = []
    for (const q of own) if ((await rank(q)) === null) missed.push(q.id)
    expect(missed).toEqual([])
  })

  it.fails(
    'known miss: "What document collection is used as the non-parametric memory?" (gold p4; BM25 prefers the introduction, which names the memory)',
    async () => {
      const q: EvalQuestion = {
        id: '2005.11401-q04',
        question: 'What document collection is used as the non-parametric memory?',
        paperId: '2005.11401',
        goldPages: [4]
      }
      expect(await rank(q)).not.toBeNull()
    }
  )
})
