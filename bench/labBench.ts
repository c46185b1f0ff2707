import { createHash } from 'node:crypto'
import { LabStore, type LabPaperInput } from '../src/main/lab/LabStore'
import { FakeEmbedder } from '../test/fakes/fakeEmbedder'
import { LabServer } from '../test/fakes/labServer'
import { proseLines } from '../test/fixtures/fixturePapers'

/** The lab library's figures (issue 36): publishing over the wire, and hybrid search latency. */
export interface LabBenchFigures {
  /** `PGlite (WASM) over pglite-socket` or the server's version string (a real PostgreSQL). */
  server: string
  papers: number
  chunks: number
  publishSeconds: number
  papersPerSecond: number
  chunksPerSecond: number
  /** Vector + keyword in SQL, fused by RRF (the query embedded by the test embedder). */
  hybridSearchMs: { p50: number; p95: number; queries: number }
  keywordSearchMs: { p50: number; p95: number; queries: number }
  /**
   * The same hybrid queries from {@link CLIENTS} members at once, each through its own pool
   * connection: latency per query, and queries per second over the whole run.
   */
  concurrentHybridSearchMs: { clients: number; p50: number; p95: number; perSecond: number }
  note: string
}

/** Members searching the lab at the same moment, for the concurrent figures. */
const CLIENTS = 4

const CHUNKS_PER_PAPER = 40
const r1 = (x: number): number => Math.round(x * 10) / 10

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return r1(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
}

/**
 * Publishes 250 synthetic papers (`--quick`: 10) of 40 chunks of filler prose, with hashed-word
 * vectors, to a fresh lab and times searches over it, through LabStore and the real `pg` client.
 * @remarks Against PGlite + pgvector served in-process (one WASM Postgres, queries serialized)
 * unless RESEARCHPAL_LAB_BENCH_URL names a real server (the CI's pgvector service): its lab
 * tables are created there if missing and the run's papers are left in it.
 * RESEARCHPAL_LAB_BENCH_PAPERS sets the number of papers (the workflow's larger lab).
 */
export async function labBench(quick: boolean): Promise<LabBenchFigures> {
  const asked = Number(process.env.RESEARCHPAL_LAB_BENCH_PAPERS)
  const papers = Number.isInteger(asked) && asked > 0 ? asked : quick ? 10 : 250
  const url = process.env.RESEARCHPAL_LAB_BENCH_URL?.trim()
  const server = url ? null : await LabServer.create()
  const store = new LabStore(url || server!.url, { statementTimeoutMs: 120_000 })
  const embedder = new FakeEmbedder()
  try {
    await store.migrate(embedder.id)
    const info = await store.check(embedder.id)
    const run = Date.now()
    // Each paper is made just before it is published (a 1M-chunk lab does not fit in memory at
    // once); only the publishing is timed.
    const paper = async (p: number): Promise<LabPaperInput> => {
      const pdf = Buffer.from(`%PDF-1.4 bench paper ${p} ${run}`)
      const sha256 = createHash('sha256').update(pdf).digest('hex')
      const texts = Array.from({ length: CHUNKS_PER_PAPER }, (_, i) =>
        [...proseLines(6, p * 100 + i), `benchmark${p} term${i % 7}`].join(' ')
      )
      const vectors = await embedder.embed(texts)
      return {
        sha256,
        paperId: sha256.slice(0, 12),
        title: `Bench paper ${p}`,
        authors: ['Bench'],
        year: 2024,
        venue: null,
        doi: null,
        language: 'en',
        fieldSources: {},
        pages: 10,
        pdf,
        chunks: texts.map((text, i) => ({
          chunkId: `${sha256.slice(0, 12)}-page-${1 + (i % 10)}-chunk-${i}`,
          page: 1 + (i % 10),
          section: 'body',
          kind: 'text',
          text,
          embedding: vectors[i]!
        }))
      }
    }
    let publishMs = 0
    for (let p = 0; p < papers; p++) {
      const input = await paper(p)
      const t0 = performance.now()
      await store.publish(input, embedder.id)
      publishMs += performance.now() - t0
      if (p % 1000 === 999) process.stderr.write(`[lab bench] published ${p + 1}/${papers}\n`)
    }
    const publishSeconds = publishMs / 1000
    const queries = Array.from({ length: quick ? 10 : 60 }, (_, i) =>
      proseLines(1, 9000 + i)[0]!
        .split(' ')
        .slice(0, 5)
        .join(' ')
    )
    const hybrid: number[] = []
    const keyword: number[] = []
    await store.search(queries[0]!, (await embedder.embed([queries[0]!]))[0]!, 10) // warm-up
    for (const q of queries) {
      const [v] = await embedder.embed([q])
      let t = performance.now()
      await store.search(q, v!, 10)
      hybrid.push(performance.now() - t)
      t = performance.now()
      await store.search(q, null, 10)
      keyword.push(performance.now() - t)
    }
    const vectors = await embedder.embed(queries)
    const together: number[] = []
    const t1 = performance.now()
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, c) => {
        for (let i = c; i < queries.length * CLIENTS; i += CLIENTS) {
          const q = i % queries.length
          const t = performance.now()
          await store.search(queries[q]!, vectors[q]!, 10)
          together.push(performance.now() - t)
        }
      })
    )
    const togetherSeconds = (performance.now() - t1) / 1000
    const chunks = papers * CHUNKS_PER_PAPER
    return {
      server: url
        ? `PostgreSQL ${info.server} (pgvector ${info.pgvector})`
        : `PGlite ${info.server} (WASM) over pglite-socket, pgvector ${info.pgvector}`,
      papers,
      chunks,
      publishSeconds: r1(publishSeconds),
      papersPerSecond: r1(papers / publishSeconds),
      chunksPerSecond: r1(chunks / publishSeconds),
      hybridSearchMs: {
        p50: percentile(hybrid, 50),
        p95: percentile(hybrid, 95),
        queries: queries.length
      },
      keywordSearchMs: {
        p50: percentile(keyword, 50),
        p95: percentile(keyword, 95),
        queries: queries.length
      },
      concurrentHybridSearchMs: {
        clients: CLIENTS,
        p50: percentile(together, 50),
        p95: percentile(together, 95),
        perSecond: r1(together.length / togetherSeconds)
      },
      note: 'one paper per transaction; HNSW (cosine) and GIN indexes kept up to date while publishing; loopback; synthetic prose with hashed-word vectors (figures of the store, not of retrieval quality)'
    }
  } finally {
    await store.close()
    await server?.close()
  }
}
