/**
 * `npm run eval`: retrieval quality of the default papers on the dev questions, as JSON.
 * @remarks Ingests the three default papers from ../shared/corpus into a temporary data dir
 * through the app's own services (createServices: extraction, sections, chunking, both
 * stores) and runs every question of ../shared/eval/dev-questions.jsonl through the retriever
 * over the whole library. The embedder is whatever is installed: the real all-MiniLM-L6-v2 when
 * present (hybrid), else none (keyword only, `embedder: null`); `--fake-embedder` uses the
 * deterministic hashing embedder of the tests to exercise the fused path (its figures say
 * nothing about a real model's quality); `--keyword-only` leaves the model out, for
 * `bench/evalModes.ts` to set keyword-only and hybrid side by side.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServices } from '../src/main/services'
import { MemorySecretStore } from '../src/main/settings/secretStore'
import { FakeEmbedderProvider } from '../test/fakes/fakeEmbedder'
import { SHARED_DIR } from './ingestCorpus'
import { failedTargets, libraryEval } from './libraryEval'
import { followUpEval } from './followUps'
import { citationGraphEval } from './citationGraphEval'
import { compareCellsEval } from './compareCells'
import { messageKindsEval } from './messageKinds'
import { metadataCorpusPresent, metadataEval } from './metadataEval'
import { evaluate, parseQuestions } from './retrievalEval'

async function main(): Promise<void> {
  const fake = process.argv.includes('--fake-embedder')
  // Keyword-only on purpose, for the side-by-side with the real model (bench/evalModes.ts).
  const keywordOnly = process.argv.includes('--keyword-only')
  const root = await mkdtemp(join(tmpdir(), 'researchpal-eval-'))
  // The app's own wiring; the embedder is the real model when one is installed, else none.
  const services = await createServices({
    dataDir: root,
    secrets: new MemorySecretStore(),
    defaultCorpusDir: join(SHARED_DIR, 'corpus'),
    ...(fake ? { embedder: new FakeEmbedderProvider() } : {}),
    ...(keywordOnly ? { embedder: new FakeEmbedderProvider(null) } : {}),
    log: (m) => console.error(m)
  })
  try {
    const { library, retriever } = services
    const t0 = performance.now()
    await library.addDefaults()
    await library.whenIdle()
    const ingestMs = performance.now() - t0
    const papers = library.list()
    const failed = papers.filter((p) => p.status !== 'indexed')
    if (failed.length > 0) throw new Error(`Ingestion failed: ${JSON.stringify(failed)}`)
    const questions = parseQuestions(
      await readFile(join(SHARED_DIR, 'eval', 'dev-questions.jsonl'), 'utf8')
    )
    const report = await evaluate(retriever, questions)
    const out = {
      command: `npm run eval${fake ? ' -- --fake-embedder' : keywordOnly ? ' -- --keyword-only' : ''}`,
      machine: { node: process.version, platform: process.platform, arch: process.arch },
      embedderStatus: services.embedder.status().message,
      papers: papers.map((p) => ({ id: p.id, pages: p.pages, chunks: p.chunks })),
      ingestMs: Math.round(ingestMs),
      ...report,
      followUps: await followUpEval(retriever),
      // A 3 × 3 comparison filled offline: cells whose first citation states the answer.
      compareCells: await compareCellsEval(services),
      messageKinds: messageKindsEval(),
      library: fake ? null : await libraryEval(report.overall),
      // Title/authors/year/sections on the varied corpus and the 18 arXiv papers (~1-2 min).
      metadata: metadataCorpusPresent(join(SHARED_DIR, 'corpus'))
        ? await metadataEval(join(SHARED_DIR, 'corpus'))
        : null,
      // Citation matching of the map against test/fixtures/citationEdges.json (~1 min).
      citationGraph: metadataCorpusPresent(join(SHARED_DIR, 'corpus'))
        ? await citationGraphEval()
        : null
    }
    console.log(JSON.stringify(out, null, 2))
    const below = [
      ...(out.library ? failedTargets(out.library) : []),
      ...((out.metadata?.failures as string[] | undefined) ?? []),
      ...(out.citationGraph && !out.citationGraph.target.met
        ? [
            `citation precision ${out.citationGraph.precision.toFixed(3)} < ${out.citationGraph.target.precision}`
          ]
        : [])
    ]
    if (process.env.CI === 'true' && below.length > 0) {
      throw new Error(`Eval below its floor: ${below.join(', ')}`)
    }
  } finally {
    await services.close()
    await rm(root, { recursive: true, force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
