/**
 * `npx tsx bench/evalModes.ts <keyword-only.json> <hybrid.json>`: two `npm run eval` reports
 * side by side (recall@1, recall@5 and MRR per paper and overall), as JSON.
 * @remarks ci.yml runs the eval twice on GitHub, where the real all-MiniLM-L6-v2 is fetched:
 * once with `--keyword-only`, once with the model (hybrid). Refuses a "hybrid" report whose
 * embedder is missing, so a keyword-only run is never shown as the hybrid figures.
 */
import { readFileSync } from 'node:fs'
import type { EvalReport, EvalScores } from './retrievalEval'

type Report = EvalReport & { embedderStatus?: string; command?: string }

/** One row: the same questions scored both ways, and the difference. */
export interface ModeRow {
  questions: number
  keywordOnly: Omit<EvalScores, 'questions'>
  hybrid: Omit<EvalScores, 'questions'>
  delta: { recallAt1: number; recallAt5: number; mrr: number }
}

const round = (x: number): number => Math.round(x * 1000) / 1000

function row(k: EvalScores, h: EvalScores): ModeRow {
  const strip = ({ recallAt1, recallAt5, mrr }: EvalScores) => ({ recallAt1, recallAt5, mrr })
  return {
    questions: h.questions,
    keywordOnly: strip(k),
    hybrid: strip(h),
    delta: {
      recallAt1: round(h.recallAt1 - k.recallAt1),
      recallAt5: round(h.recallAt5 - k.recallAt5),
      mrr: round(h.mrr - k.mrr)
    }
  }
}

/** Sets two reports side by side; throws when they are not what their names say. */
export function compareModes(keyword: Report, hybrid: Report) {
  if (keyword.embedder !== null) throw new Error('The keyword-only report used an embedder.')
  if (hybrid.embedder === null) {
    throw new Error(
      `The hybrid report ran keyword-only (${hybrid.embedderStatus ?? 'no embedder'}): fetch the model first.`
    )
  }
  const perPaper: Record<string, ModeRow> = {}
  for (const [paperId, h] of Object.entries(hybrid.perPaper)) {
    const k = keyword.perPaper[paperId]
    if (k) perPaper[paperId] = row(k, h)
  }
  return { embedder: hybrid.embedder, overall: row(keyword.overall, hybrid.overall), perPaper }
}

if (process.argv[1]?.endsWith('evalModes.ts')) {
  const [keywordFile, hybridFile] = process.argv.slice(2)
  if (!keywordFile || !hybridFile) {
    console.error('usage: tsx bench/evalModes.ts <keyword-only.json> <hybrid.json>')
    process.exit(2)
  }
  const read = (f: string): Report => JSON.parse(readFileSync(f, 'utf8')) as Report
  console.log(JSON.stringify(compareModes(read(keywordFile), read(hybridFile)), null, 2))
}
