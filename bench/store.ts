/**
 * Store micro-benchmark at library scale: `npx tsx bench/store.ts [--chunks 80000] [--quick]`.
 * @remarks Synthetic library (clustered 384-dim vectors; chunk texts are the default papers' real
 * chunks when ../shared is present, else Zipfian words), built through the real VectraStore and
 * Bm25KeywordIndex on disk. Prints one JSON document: add-one-paper at empty and at full size,
 * disk per chunk, cold open to first answer (in a fresh process), memory per chunk, query
 * latency (dense, keyword, hybrid through HybridRetriever) and the two-pass scan's recall
 * against an exact float32 scan. The query embedding itself is not timed here (no model).
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Paper } from '../src/shared/types'
import { Bm25KeywordIndex } from '../src/main/search/Bm25KeywordIndex'
import { HybridRetriever } from '../src/main/search/HybridRetriever'
import type { Embedder } from '../src/main/search/types'
import { VectraStore } from '../src/main/search/VectraStore'
import { timeEach } from './queryLatency'
import { quantile } from './retrievalEval'
import { ingestCorpus, SHARED_DIR } from './ingestCorpus'
import { rng, syntheticChunks, syntheticPaperRecord, SyntheticVectors } from './syntheticLibrary'

const DIMS = 384
const EMBEDDER = `synthetic-${DIMS}`

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name)
  return i >= 0 ? Number(process.argv[i + 1]) : fallback
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    total += e.isDirectory() ? await dirBytes(p) : (await stat(p)).size
  }
  return total
}

const ms = (x: number): number => Math.round(x * 100) / 100

async function sourceTexts(): Promise<string[]> {
  const ids = ['1706.03762', '1810.04805', '2005.11401']
  const files = ids.map((id) => ({ id, file: join(SHARED_DIR, 'corpus', `${id}.pdf`) }))
  if (!files.every((f) => existsSync(f.file))) return []
  const texts: string[] = []
  const keywords = {
    putPaper: async (_id: string, chunks: { text: string }[]) =>
      void texts.push(...chunks.map((c) => c.text)),
    removePaper: async () => {},
    hasPaper: () => false,
    query: () => [],
    count: () => 0
  }
  await ingestCorpus(files, { keywords, vectors: null as never, embedder: null })
  return texts
}

/** The child process: cold open of an existing library to its first answers. */
async function coldOpen(dir: string): Promise<void> {
  const before = process.memoryUsage()
  const t0 = performance.now()
  const vectors = new VectraStore({ dir })
  const keywords = new Bm25KeywordIndex({ dir })
  await Promise.all([vectors.open(), keywords.open()])
  const opened = performance.now()
  const q = new SyntheticVectors(DIMS, 200, 99).chunk(3)
  await vectors.query(q, 10)
  keywords.getChunks(keywords.query('attention heads layers', 10).map((h) => h.chunkId))
  const firstAnswer = performance.now()
  const after = process.memoryUsage()
  const grow = (k: 'heapUsed' | 'external' | 'arrayBuffers'): number => after[k] - before[k]
  console.log(
    JSON.stringify({
      openMs: ms(opened - t0),
      firstAnswerMs: ms(firstAnswer - t0),
      chunks: vectors.count(),
      memoryBytes: grow('heapUsed') + grow('external')
    })
  )
}

async function main(): Promise<void> {
  const childDir = process.argv.indexOf('--child-open')
  if (childDir >= 0) return coldOpen(process.argv[childDir + 1]!)
  const quick = process.argv.includes('--quick')
  const total = arg('--chunks', quick ? 8000 : 80_000)
  const perPaper = arg('--per-paper', 80)
  const r = rng(7)
  const texts = await sourceTexts()
  const synth = new SyntheticVectors(DIMS, 200, 1)
  const root = await mkdtemp(join(tmpdir(), 'researchpal-store-bench-'))
  const vectors = new VectraStore({ dir: root })
  const keywords = new Bm25KeywordIndex({ dir: root })
  await Promise.all([vectors.open(), keywords.open()])
  const truth: Float32Array[] = []
  const ids: string[] = []
  const papers: Paper[] = []

  async function addPaper(paperId: string, keep: boolean): Promise<number> {
    const topic = Math.floor(r() * 200)
    const chunks = syntheticChunks(paperId, perPaper, texts, r)
    const vecs = chunks.map(() => synth.chunk(topic))
    const t0 = performance.now()
    await keywords.putPaper(paperId, chunks)
    await vectors.putPaper(
      paperId,
      EMBEDDER,
      chunks.map((c, i) => ({ chunkId: c.id, vector: vecs[i]! }))
    )
    const took = performance.now() - t0
    if (keep) {
      truth.push(...vecs)
      ids.push(...chunks.map((c) => c.id))
      papers.push(syntheticPaperRecord(paperId, chunks.length, EMBEDDER))
    } else {
      await keywords.removePaper(paperId)
      await vectors.removePaper(paperId)
    }
    return took
  }

  // Warm-up adds (vectra's import, the JIT) are not counted; then 9 adds each to an empty library.
  for (let i = 0; i < 3; i++) await addPaper(`warm-up-${i}`, false)
  const addEmpty: number[] = []
  for (let i = 0; i < 9; i++) addEmpty.push(await addPaper(`probe-empty-${i}`, false))
  const buildStart = performance.now()
  const n = Math.ceil(total / perPaper)
  for (let p = 0; p < n; p++) {
    await addPaper(`synthetic-${String(p).padStart(5, '0')}`, true)
    if (p % 100 === 99) process.stderr.write(`built ${p + 1}/${n} papers\n`)
  }
  const buildMs = performance.now() - buildStart
  const addFull: number[] = []
  for (let i = 0; i < 9; i++) addFull.push(await addPaper(`probe-full-${i}`, false))

  const vectorBytes = await dirBytes(join(root, 'vectors'))
  const keywordBytes = await dirBytes(join(root, 'keywords'))
  const chunks = vectors.count()

  // Queries: a vector near a random stored chunk; keywords from a random stored chunk.
  const queries = Array.from({ length: 200 }, () => {
    const i = Math.floor(r() * truth.length)
    const words = keywords
      .getChunks([ids[i]!])[0]!
      .text.split(/\s+/)
      .filter((w) => w.length > 3)
    const start = Math.floor(r() * Math.max(1, words.length - 6))
    return {
      vector: synth.near(truth[i]!),
      text: words.slice(start, start + 6).join(' ') || 'attention'
    }
  })
  let next: Float32Array = queries[0]!.vector
  const embedder: Embedder = {
    id: EMBEDDER,
    dims: DIMS,
    embed: async () => [next],
    close: async () => {}
  }
  const retriever = new HybridRetriever({
    vectors,
    keywords,
    embedder: {
      status: () => ({ state: 'ready', id: EMBEDDER, modelDir: null, message: '' }),
      current: async () => embedder,
      close: async () => {}
    },
    paperIds: () => papers.map((p) => p.id),
    paper: (id) => papers.find((p) => p.id === id),
    paperText: async () => ({ paperId: '', pages: [] })
  })
  // CPU time too: on a shared, loaded machine the wall time includes waiting for a core.
  const time = async (
    f: (q: (typeof queries)[number]) => Promise<unknown>
  ): Promise<{ p50: number; p95: number; cpuP50: number }> => {
    const { p50, p95, cpuP50 } = await timeEach(queries, f, 10)
    return { p50, p95, cpuP50 }
  }
  const dense = await time((q) => vectors.query(q.vector, 50))
  const keyword = await time(async (q) => keywords.query(q.text, 50))
  const hybrid = await time((q) => {
    next = q.vector
    return retriever.search({ query: q.text, limit: 5 })
  })

  // Two-pass int8 scan against an exact float32 scan: recall of the top 10.
  let found = 0
  const evalQueries = queries.slice(0, 50)
  for (const q of evalQueries) {
    const exact = truth
      .map((v, i) => ({ i, s: dot(v, q.vector) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 10)
      .map((e) => ids[e.i]!)
    const got = new Set((await vectors.query(q.vector, 10)).map((h) => h.chunkId))
    found += exact.filter((id) => got.has(id)).length
  }

  const child = JSON.parse(
    execFileSync(process.execPath, [...process.execArgv, __filename, '--child-open', root], {
      encoding: 'utf8'
    })
  ) as { openMs: number; firstAnswerMs: number; chunks: number; memoryBytes: number }
  const median = (xs: number[]): number => quantile(xs, 0.5)
  console.log(
    JSON.stringify(
      {
        command: `npx tsx bench/store.ts${quick ? ' --quick' : ''}`,
        ranOn: {
          node: process.version,
          cpus: cpus().length,
          cpu: cpus()[0]?.model,
          platform: process.platform,
          loadAverage1m: Math.round(loadavg()[0]! * 100) / 100
        },
        library: {
          papers: papers.length,
          chunks,
          dims: DIMS,
          chunkTexts: texts.length > 0 ? 'default papers (real)' : 'zipfian synthetic',
          vectors: 'synthetic, clustered'
        },
        buildSeconds: ms(buildMs / 1000),
        addOnePaperMs: {
          empty: ms(median(addEmpty)),
          full: ms(median(addFull)),
          ratio: ms(median(addFull) / median(addEmpty))
        },
        diskBytesPerChunk: {
          total: Math.round((vectorBytes + keywordBytes) / chunks),
          vectors: Math.round(vectorBytes / chunks),
          keywordsAndText: Math.round(keywordBytes / chunks)
        },
        coldOpen: { ...child, memoryBytesPerChunk: Math.round(child.memoryBytes / chunks) },
        queryMs: {
          dense,
          keyword,
          hybrid,
          note: 'hybrid = HybridRetriever.search without the query embedding (MiniLM int8 adds ~5 ms)'
        },
        denseRecallAt10VsExactFloat: ms(found / (evalQueries.length * 10))
      },
      null,
      2
    )
  )
  if (process.argv.includes('--keep')) console.error(`kept library in ${root}`)
  else await rm(root, { recursive: true, force: true })
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
