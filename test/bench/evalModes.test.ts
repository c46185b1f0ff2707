import { describe, expect, it } from 'vitest'
import { compareModes } from '../../bench/evalModes'
import type { EvalReport } from '../../bench/retrievalEval'

function report(embedder: string | null, r1: number, r5: number): EvalReport {
  const scores = { questions: 4, recallAt1: r1, recallAt5: r5, mrr: r1 }
  return {
    embedder,
    overall: scores,
    perPaper: { '1706.03762': scores },
    latencyMs: { median: 1, p95: 1, max: 1 },
    misses: []
  }
}

describe('keyword-only and hybrid eval reports side by side', () => {
  it('puts the same questions in one row with the difference', () => {
    const out = compareModes(report(null, 0.5, 0.75), report('all-MiniLM-L6-v2', 0.75, 1))
    expect(out.overall).toEqual({
      questions: 4,
      keywordOnly: { recallAt1: 0.5, recallAt5: 0.75, mrr: 0.5 },
      hybrid: { recallAt1: 0.75, recallAt5: 1, mrr: 0.75 },
      delta: { recallAt1: 0.25, recallAt5: 0.25, mrr: 0.25 }
    })
    expect(Object.keys(out.perPaper)).toEqual(['1706.03762'])
  })

  it('refuses a "hybrid" report that ran without the model', () => {
    expect(() => compareModes(report(null, 0.5, 0.75), report(null, 0.5, 0.75))).toThrow(
      /ran keyword-only/
    )
  })
})
