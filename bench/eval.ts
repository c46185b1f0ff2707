/**
 * `npm run eval`: retrieval quality of the default papers on the dev questions, as JSON.
 * @remarks Ingests the three default papers from ../shared/corpus into a temporary data dir
 * through the real LibraryService (extraction, sections, chunking, both stores) and
 * runs every question of ../shared/eval/dev-questions.jsonl through HybridRetriever.search over
 * the whole library. No embedding model exists on these machines, so the default is keyword
 * only (`embedder: null`); `--fake-embedder` adds the deterministic hashing embedder of the
 * tests to exercise the fused path (its figures say nothing about a real model's quality).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EventHub } from '../src/main/events'
import { PdfjsReader } from '../src/main/ingest/PdfjsReader'
import { LibraryService } from '../src/main/library/LibraryService'
import { dataPaths } from '../src/main/paths'
import { DEFAULT_SETTINGS } from '../src/shared/types'
import { Bm25KeywordIndex } from '../src/main/search/Bm25KeywordIndex'
import { HybridRetriever } from '../src/main/search/HybridRetriever'
import type { Embedder, EmbedderProvider } from '../src/main/search/types'
import { VectraStore } from '../src/main/search/VectraStore'
import { FakeEmbedder } from '../test/fakes/fakeEmbedder'
import { SHARED_DIR } from './ingestCorpus'
import { evaluate, parseQuestions } from './retrievalEval'

async function main(): Promise<void> {
  const fake = process.argv.includes('--fake-embedder')
  const embedder: Embedder | null = fake ? new FakeEmbedder() : null
  const provider: EmbedderProvider = {
    status: () => ({
      state: embedder ? 'ready' : 'missing',
      id: embedder?.id ?? null,
      modelDir: null,
      message: embedder ? 'fake hashing embedder' : 'no model: keyword search only'
    }),
    current: async () => embedder,
    close: async () => {}
  }
  const root = await mkdtemp(join(tmpdir(), 'researchpal-eval-'))
  try {
    const paths = dataPaths(root)
    const vectors = new VectraStore({ dir: paths.index })
    const keywords = new Bm25KeywordIndex({ dir: paths.index })
    await Promise.all([vectors.open(), keywords.open()])
    const library = new LibraryService({
      paths,
      reader: new PdfjsReader(),
      embedder: provider,
      vectors,
      keywords,
      events: new EventHub(),
      settings: () => DEFAULT_SETTINGS,
      defaultCorpusDir: join(SHARED_DIR, 'corpus'),
      log: (m) => console.error(m)
    })
    await library.open()
    const t0 = performance.now()
    await library.addDefaults()
    await library.whenIdle()
    const ingestMs = performance.now() - t0
    const papers = library.list()
    const failed = papers.filter((p) => p.status !== 'indexed')
    if (failed.length > 0) throw new Error(`Ingestion failed: ${JSON.stringify(failed)}`)
    const retriever = new HybridRetriever({
      vectors,
      keywords,
      embedder: provider,
      papers: () => library.list(),
      paperText: (id) => library.paperText(id)
    })
    const questions = parseQuestions(
      await readFile(join(SHARED_DIR, 'eval', 'dev-questions.jsonl'), 'utf8')
    )
    const report = await evaluate(retriever, questions)
    const out = {
      command: `npm run eval${fake ? ' -- --fake-embedder' : ''}`,
      machine: { node: process.version, platform: process.platform, arch: process.arch },
      papers: papers.map((p) => ({ id: p.id, pages: p.pages, chunks: p.chunks })),
      ingestMs: Math.round(ingestMs),
      ...report
    }
    console.log(JSON.stringify(out, null, 2))
    await library.close()
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
