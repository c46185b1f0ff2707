import type { Retriever } from '../src/main/search/types'

/** One evaluation question: the answer is on one of `goldPages` of `paperId`. */
export interface EvalQuestion {
  id: string
  question: string
  paperId: string
  goldPages: number[]
}

/** Recall@1, recall@5 and MRR@10 over a set of questions. */
export interface EvalScores {
  questions: number
  recallAt1: number
  recallAt5: number
  mrr: number
}

/** The figures `npm run eval` prints. */
export interface EvalReport {
  embedder: string | null
  overall: EvalScores
  perPaper: Record<string, EvalScores>
  latencyMs: { median: number; p95: number; max: number }
  misses: { id: string; question: string; firstHitRank: number | null; top: string[] }[]
}

/** Parses a JSONL file of questions. */
export function parseQuestions(jsonl: string): EvalQuestion[] {
  return jsonl
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalQuestion)
}

/** The q-th quantile (0..1) of a list of numbers (nearest rank). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!
}

/**
 * Runs every question through `retriever.search` over the whole library (no paper filter).
 * @remarks A hit is a result on the question's paper and one of its gold pages. One warm-up
 * query runs first and is not timed.
 */
export async function evaluate(
  retriever: Retriever,
  questions: EvalQuestion[]
): Promise<EvalReport> {
  if (questions.length > 0) await retriever.search({ query: questions[0]!.question, limit: 10 })
  const ranks: { q: EvalQuestion; rank: number | null }[] = []
  const latencies: number[] = []
  const misses: EvalReport['misses'] = []
  let embedder: string | null = null
  for (const q of questions) {
    const t0 = performance.now()
    const res = await retriever.search({ query: q.question, limit: 10 })
    latencies.push(performance.now() - t0)
    embedder = res.embedder
    const at = res.results.findIndex((r) => r.paperId === q.paperId && q.goldPages.includes(r.page))
    const rank = at >= 0 ? at + 1 : null
    ranks.push({ q, rank })
    if (rank === null || rank > 1) {
      misses.push({
        id: q.id,
        question: q.question,
        firstHitRank: rank,
        top: res.results.slice(0, 5).map((r) => `${r.paperId} p${r.page} ${r.section}`)
      })
    }
  }
  const score = (rs: typeof ranks): EvalScores => ({
    questions: rs.length,
    recallAt1: round(rs.filter((r) => r.rank === 1).length / rs.length),
    recallAt5: round(rs.filter((r) => r.rank !== null && r.rank <= 5).length / rs.length),
    mrr: round(rs.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / rs.length)
  })
  const perPaper: Record<string, EvalScores> = {}
  for (const paperId of [...new Set(questions.map((q) => q.paperId))]) {
    perPaper[paperId] = score(ranks.filter((r) => r.q.paperId === paperId))
  }
  return {
    embedder,
    overall: score(ranks),
    perPaper,
    latencyMs: {
      median: round(quantile(latencies, 0.5)),
      p95: round(quantile(latencies, 0.95)),
      max: round(Math.max(...latencies))
    },
    misses
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000
}
