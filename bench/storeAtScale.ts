/**
 * Store figures on an existing index folder: `npx tsx bench/storeAtScale.ts <indexDir> [--queries 200]`.
 * @remarks For libraries too large to rebuild per run (1M chunks): point it at the `index/`-like
 * folder that `bench/store.ts --keep` (or the bench's cached library) left. Prints one JSON
 * document: the first open by this version (for a folder from before packs, the one-time
 * migration that builds them), then a cold open to the first answers in a fresh process (time,
 * RSS and heap), query latency (dense, keyword, hybrid without the query embedding), recall@10
 * of the fast path against the exact scan, and store-level add-one-paper at this size against
 * an empty store.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Bm25KeywordIndex } from '../src/main/search/Bm25KeywordIndex'
import { HybridRetriever } from '../src/main/search/HybridRetriever'
import { decodeVectors } from '../src/main/search/int8Codec'
import type { Embedder } from '../src/main/search/types'
import { EXACT } from '../src/main/search/pack/vectorPack'
import { VectraStore } from '../src/main/search/VectraStore'
import type { Paper } from '../src/shared/types'
import { timeEach } from './queryLatency'
import { quantile } from './retrievalEval'
import { rng, syntheticChunks, syntheticPaperRecord, SyntheticVectors } from './syntheticLibrary'

const ms = (x: number): number => Math.round(x * 100) / 100
const MB = (x: number): number => Math.round(x / 1e5) / 10
const packArg = process.argv.indexOf('--pack-min')
/** `--pack-min N`: pack from N chunks (to try the pack path on a small folder). */
const pack = packArg >= 0 ? { minChunks: Number(process.argv[packArg + 1]) } : undefined

/** Fresh process: open both stores, answer one dense and one keyword query, report memory. */
async function child(dir: string): Promise<void> {
  const t0 = performance.now()
  const vectors = new VectraStore({ dir, readOnly: true, pack })
  const keywords = new Bm25KeywordIndex({ dir, readOnly: true, pack })
  await Promise.all([vectors.open(), keywords.open()])
  const opened = performance.now()
  const mem0 = process.memoryUsage()
  const q = new SyntheticVectors(vectors.dims() ?? 384, 200, 99).chunk(3)
  await vectors.query(q, 10)
  keywords.getChunks(keywords.query('attention heads layers', 10).map((h) => h.chunkId))
  const first = performance.now()
  const mem = process.memoryUsage()
  console.log(
    JSON.stringify({
      openMs: ms(opened - t0),
      firstAnswerMs: ms(first - t0),
      chunks: vectors.count(),
      packedChunks: vectors.packedCount(),
      afterOpen: { rssMB: MB(mem0.rss), heapUsedMB: MB(mem0.heapUsed) },
      afterFirstAnswer: {
        rssMB: MB(mem.rss),
        heapUsedMB: MB(mem.heapUsed),
        externalMB: MB(mem.external),
        arrayBuffersMB: MB(mem.arrayBuffers)
      }
    })
  )
}

async function main(): Promise<void> {
  const c = process.argv.indexOf('--child')
  if (c >= 0) return child(process.argv[c + 1]!)
  const dir = process.argv[2]!
  const qi = process.argv.indexOf('--queries')
  const count = qi >= 0 ? Number(process.argv[qi + 1]) : 200
  const log = (m: string): void => void process.stderr.write(`[store-at-scale] ${m}\n`)

  log('first open by this version (builds the packs if the folder has none)')
  const m0 = performance.now()
  const vectors = new VectraStore({ dir, log, pack })
  const keywords = new Bm25KeywordIndex({ dir, log, pack })
  await Promise.all([vectors.open(), keywords.open()])
  await Promise.all([vectors.idle(), keywords.idle()])
  const firstOpenMs = performance.now() - m0

  log('cold open in a fresh process')
  const cold = JSON.parse(
    execFileSync(
      process.execPath,
      [
        ...process.execArgv,
        __filename,
        '--child',
        dir,
        ...(pack ? ['--pack-min', String(pack.minChunks)] : [])
      ],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit']
      }
    )
  ) as Record<string, unknown>

  // Queries: a vector near a stored chunk's (decoded from a random paper file), and 6 words of it.
  const r = rng(17)
  const dims = vectors.dims()!
  const synth = new SyntheticVectors(dims, 200, 5)
  const files = readdirSync(join(dir, 'vectors', 'papers')).filter((f) => f.endsWith('.rpv'))
  const queries = Array.from({ length: count }, () => {
    const v = decodeVectors(
      readFileSync(join(dir, 'vectors', 'papers', files[Math.floor(r() * files.length)]!))
    )
    const row = Math.floor(r() * v.ids.length)
    const stored = new Float32Array(dims)
    for (let j = 0; j < dims; j++) stored[j] = v.codes[row * dims + j]! * v.inv[row]!
    const words = (keywords.getChunks([v.ids[row]!])[0]?.text ?? 'attention')
      .split(/\s+/)
      .filter((w) => w.length > 3)
    const start = Math.floor(r() * Math.max(1, words.length - 6))
    return {
      vector: synth.near(stored),
      text: words.slice(start, start + 6).join(' ') || 'attention'
    }
  })
  const papers: Paper[] = vectors
    .paperIds()
    .map((id) => syntheticPaperRecord(id, 0, vectors.embedderId()!))
  const retrieverOf = (store: VectraStore, next: { v: Float32Array }): HybridRetriever => {
    const embedder: Embedder = {
      id: vectors.embedderId()!,
      dims,
      embed: async () => [next.v],
      close: async () => {}
    }
    return new HybridRetriever({
      vectors: store,
      keywords,
      embedder: {
        status: () => ({ state: 'ready', id: embedder.id, modelDir: null, message: '' }),
        current: async () => embedder,
        close: async () => {}
      },
      paperIds: () => papers.map((p) => p.id),
      paper: (id) => papers.find((p) => p.id === id),
      paperText: async () => ({ paperId: '', pages: [] })
    })
  }
  const next = { v: queries[0]!.vector }
  const retriever = retrieverOf(vectors, next)
  log(`query latency over ${count} queries at ${vectors.count()} chunks`)
  const dense = await timeEach(queries, (q) => vectors.query(q.vector, 50), 10)
  const keyword = await timeEach(queries, async (q) => keywords.query(q.text, 50), 10)
  const hybrid = await timeEach(
    queries,
    (q) => {
      next.v = q.vector
      return retriever.search({ query: q.text, limit: 5 })
    },
    10
  )

  log('recall of the fast path against the exact scan')
  const exactStore = new VectraStore({ dir, readOnly: true, probes: EXACT, pack })
  await exactStore.open()
  const exactNext = { v: queries[0]!.vector }
  const exactRetriever = retrieverOf(exactStore, exactNext)
  let found = 0
  let agree = 0
  const evalQueries = queries.slice(0, 100)
  for (const q of evalQueries) {
    const want = (await exactStore.query(q.vector, 10)).map((h) => h.chunkId)
    const got = new Set((await vectors.query(q.vector, 10)).map((h) => h.chunkId))
    found += want.filter((id) => got.has(id)).length
    next.v = exactNext.v = q.vector
    const a = (await retriever.search({ query: q.text, limit: 10 })).results.map((x) => x.chunkId)
    const b = new Set(
      (await exactRetriever.search({ query: q.text, limit: 10 })).results.map((x) => x.chunkId)
    )
    agree += a.filter((id) => b.has(id)).length / Math.max(1, b.size)
  }
  await exactStore.close()

  log('store-level add of one 80-chunk paper, at this size and to an empty store')
  const addTo = async (v: VectraStore, k: Bm25KeywordIndex, name: string): Promise<number> => {
    const chunks = syntheticChunks(name, 80, [], r)
    const items = chunks.map((ch) => ({ chunkId: ch.id, vector: synth.chunk(7) }))
    const t0 = performance.now()
    await k.putPaper(name, chunks)
    await v.putPaper(name, vectors.embedderId()!, items)
    const took = performance.now() - t0
    await k.removePaper(name)
    await v.removePaper(name)
    return took
  }
  const emptyDir = await mkdtemp(join(tmpdir(), 'store-at-scale-empty-'))
  const ev = new VectraStore({ dir: emptyDir })
  const ek = new Bm25KeywordIndex({ dir: emptyDir })
  await Promise.all([ev.open(), ek.open()])
  for (let i = 0; i < 3; i++) await addTo(ev, ek, `warm-${i}`)
  const empty: number[] = []
  const full: number[] = []
  for (let i = 0; i < 9; i++) {
    empty.push(await addTo(ev, ek, `probe-empty-${i}`))
    full.push(await addTo(vectors, keywords, `probe-full-${i}`))
  }
  await ev.close()
  await ek.close()
  await rm(emptyDir, { recursive: true, force: true })
  await Promise.all([vectors.close(), keywords.close()])

  const pick = (l: { p50: number; p95: number; cpuP50: number }): object => ({
    p50: l.p50,
    p95: l.p95,
    cpuP50: l.cpuP50
  })
  console.log(
    JSON.stringify(
      {
        command: `npx tsx bench/storeAtScale.ts <dir>`,
        ranOn: {
          node: process.version,
          cpus: cpus().length,
          loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
          note: 'a 2-core machine shared by several engineers: timings are inflated by their load'
        },
        chunks: vectors.count(),
        firstOpenByThisVersionMs: ms(firstOpenMs),
        coldOpen: cold,
        queryMs: {
          dense: pick(dense),
          keyword: pick(keyword),
          hybrid: pick(hybrid),
          note: 'without the query embedding (the full bench times it: ~3-5 ms for the bench model)'
        },
        denseRecallAt10VsExactScan: ms(found / (evalQueries.length * 10)),
        hybridTop10AgreementVsExact: ms(agree / evalQueries.length),
        addOnePaperStoreMs: {
          empty: ms(quantile(empty, 0.5)),
          full: ms(quantile(full, 0.5)),
          ratio: ms(quantile(full, 0.5) / quantile(empty, 0.5))
        }
      },
      null,
      2
    )
  )
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  }
)
