import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Embedder, Retriever } from '../src/main/search/types'
import { SHARED_DIR } from './ingestCorpus'
import { parseQuestions, quantile, type EvalQuestion } from './retrievalEval'
import { rng } from './syntheticLibrary'

/** Latency figures of one kind of query, in ms. */
export interface Latency {
  queries: number
  p50: number
  p95: number
  max: number
  /** CPU time of this process per query (median): on a loaded machine wall time includes waits. */
  cpuP50: number
}

const ms = (x: number): number => Math.round(x * 100) / 100

/**
 * Questions to time: the dev questions, then 6–12 word spans of chunk texts, `count` in all.
 * @remarks Seeded, so before/after runs ask the same questions.
 */
export function benchQueries(chunkTexts: readonly string[], count: number): string[] {
  const file = join(SHARED_DIR, 'eval', 'dev-questions.jsonl')
  const dev: EvalQuestion[] = existsSync(file) ? parseQuestions(readFileSync(file, 'utf8')) : []
  const out = dev.map((q) => q.question).slice(0, count)
  const r = rng(11)
  while (out.length < count && chunkTexts.length > 0) {
    const words = chunkTexts[Math.floor(r() * chunkTexts.length)]!.split(/\s+/).filter(Boolean)
    const len = 6 + Math.floor(r() * 7)
    const start = Math.floor(r() * Math.max(1, words.length - len))
    out.push(words.slice(start, start + len).join(' ') || 'attention')
  }
  return out
}

/** Times `f` over the queries after `warmUp` untimed calls. */
export async function timeEach<Q>(
  queries: readonly Q[],
  f: (q: Q) => Promise<unknown>,
  warmUp = 5
): Promise<Latency> {
  for (const q of queries.slice(0, warmUp)) await f(q)
  const wall: number[] = []
  const cpu: number[] = []
  for (const q of queries) {
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    await f(q)
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  return {
    queries: queries.length,
    p50: ms(quantile(wall, 0.5)),
    p95: ms(quantile(wall, 0.95)),
    max: ms(Math.max(...wall)),
    cpuP50: ms(quantile(cpu, 0.5))
  }
}

/** Query latency: the full search (query embedding + hybrid ranking, no LLM) and the embedding. */
export async function queryLatency(
  retriever: Retriever,
  embedder: Embedder,
  queries: readonly string[]
): Promise<{ search: Latency; queryEmbeddingOnly: Latency }> {
  const search = await timeEach(queries, (q) => retriever.search({ query: q, limit: 5 }))
  const queryEmbeddingOnly = await timeEach(queries, (q) => embedder.embed([q]))
  return { search, queryEmbeddingOnly }
}
