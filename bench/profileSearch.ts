/**
 * Where HybridRetriever.search spends its time on a large library:
 * `npx tsx bench/profileSearch.ts <dataDir> [--queries 100]` (a COPY of the bench's cached
 * library: it is opened as the app opens it, with the writer's lock).
 * @remarks Opens the library as `npm run bench` does ({@link openBenchLibrary}), with a
 * stand-in query embedder (a seeded vector per query, under the store's
 * embedder id: the real one costs ~1.3 ms and is measured by `npm run bench`). Prints CPU and
 * wall medians of the whole search and of each stage (dense, keyword, chunk records).
 */
import { loadavg } from 'node:os'
import type { PdfReader } from '../src/main/pdf/PdfReader'
import type { Embedder, EmbedderProvider } from '../src/main/search/types'
import { openBenchLibrary } from './benchLibrary'
import { benchQueries, timeEach } from './queryLatency'
import { quantile } from './retrievalEval'
import { rng } from './syntheticLibrary'

async function main(): Promise<void> {
  const root = process.argv[2]!
  const qi = process.argv.indexOf('--queries')
  const count = qi >= 0 ? Number(process.argv[qi + 1]) : 100
  let embedder: Embedder | null = null
  const provider = { current: async () => embedder } as unknown as EmbedderProvider
  const lib = await openBenchLibrary(root, {
    reader: {} as PdfReader,
    embedder: provider,
    workerDir: null
  })
  const { vectors, keywords, retriever } = lib
  const papers = lib.library.list()
  const dims = vectors.dims() ?? 384
  const r = rng(5)
  embedder = {
    id: vectors.embedderId()!,
    dims,
    embed: async (texts: string[]) =>
      texts.map(() => {
        const v = new Float32Array(dims)
        let n = 0
        for (let i = 0; i < dims; i++) n += (v[i] = r() - 0.5) ** 2
        for (let i = 0; i < dims; i++) v[i]! /= Math.sqrt(n)
        return v
      }),
    close: async () => undefined
  } as unknown as Embedder
  const sample = papers.slice(0, 200).flatMap((p) => keywords.storedChunks(p.id).slice(0, 3))
  const queries = benchQueries(
    sample.map((c) => c.text),
    count
  )
  // Stage timings (CPU ms, summed per search).
  const stage = new Map<string, number[]>()
  let current = new Map<string, number>()
  const wrap = <T extends object>(o: T, name: keyof T & string, label: string): void => {
    const f = (o[name] as (...a: unknown[]) => unknown).bind(o)
    ;(o as Record<string, unknown>)[name] = (...a: unknown[]): unknown => {
      const c0 = process.cpuUsage()
      const done = (): void => {
        const c = process.cpuUsage(c0)
        current.set(label, (current.get(label) ?? 0) + (c.user + c.system) / 1000)
      }
      const out = f(...a)
      if (out instanceof Promise) return out.finally(done)
      done()
      return out
    }
  }
  wrap(vectors, 'query', 'dense')
  wrap(keywords, 'query', 'keyword')
  wrap(keywords, 'getChunks', 'records')
  const latency = await timeEach(queries, async (q) => {
    current = new Map()
    await retriever.search({ query: q, limit: 5 })
    for (const [k, v] of current) stage.set(k, [...(stage.get(k) ?? []), v])
  })
  const stages = Object.fromEntries(
    [...stage].map(([k, v]) => [k, Math.round(quantile(v.slice(5), 0.5) * 100) / 100])
  )
  console.log(
    JSON.stringify({
      chunks: vectors.count(),
      packed: vectors.packedCount(),
      latency,
      stages,
      load: loadavg()[0]
    })
  )
  await lib.close()
}

void main()
