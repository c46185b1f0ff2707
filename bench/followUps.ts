/**
 * Follow-ups in a thread, keyword path: r@1/r@5 of the second turn of two-turn conversations
 * (`bench/followUps.jsonl`, en and pt-BR, over the 3 default papers, gold pages from the dev
 * questions) searched as asked and through the model-free rewrite (`keywordStandaloneQuery`).
 * Called from `bench/eval.ts` on its 3-paper library; about 80 queries.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  followUpPapers,
  keywordStandaloneQuery,
  preferringPapers
} from '../src/main/agent/standaloneQuery'
import type { PriorTurn } from '../src/main/agent/history'
import type { Retriever } from '../src/main/search/types'

interface Conversation {
  id: string
  lang: string
  paperId: string
  goldPages: number[]
  history: string[]
  question: string
}

/** Reads the conversations. */
export function followUpConversations(): Conversation[] {
  return readFileSync(join(__dirname, 'followUps.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Conversation)
}

const round = (x: number): number => Number(x.toFixed(3))
/** Passages an evidence-only answer shows and cites (src/main/agent/evidenceAnswer.ts). */
const EVIDENCE_PASSAGES = 5

/** r@1 and r@5 per language, asked alone and rewritten, with the rewritten misses. */
export async function followUpEval(retriever: Retriever) {
  const rows: {
    c: Conversation
    alone: number | null
    rewritten: number | null
    query: string
    cited: string[] | null
  }[] = []
  const rank = async (c: Conversation, query: string, r = retriever): Promise<number | null> => {
    const res = await r.search({ query, limit: 10 })
    const at = res.results.findIndex((r) => r.paperId === c.paperId && c.goldPages.includes(r.page))
    return at >= 0 ? at + 1 : null
  }
  for (const c of followUpConversations()) {
    // Each earlier turn is answered as the evidence-only answer does: its top passages, whose
    // papers are what it cites (the previous answer's papers are what "it" can point back to).
    const history: PriorTurn[] = []
    for (const question of c.history) {
      const asked = keywordStandaloneQuery(question, history)
      const res = await retriever.search({ query: asked, limit: EVIDENCE_PASSAGES })
      history.push({
        question,
        answer: '',
        paperIds: [...new Set(res.results.map((r) => r.paperId))]
      })
    }
    const query = keywordStandaloneQuery(c.question, history)
    const cited = followUpPapers(c.question, history)
    rows.push({
      c,
      alone: await rank(c, c.question),
      rewritten: await rank(c, query, cited ? preferringPapers(retriever, cited) : retriever),
      query,
      cited
    })
  }
  const scores = (rs: typeof rows, key: 'alone' | 'rewritten') => ({
    n: rs.length,
    recallAt1: round(rs.filter((r) => r[key] === 1).length / rs.length),
    recallAt5: round(rs.filter((r) => r[key] !== null && r[key]! <= 5).length / rs.length)
  })
  const byLanguage = Object.fromEntries(
    [...new Set(rows.map((r) => r.c.lang))].map((lang) => {
      const rs = rows.filter((r) => r.c.lang === lang)
      return [lang, { alone: scores(rs, 'alone'), rewritten: scores(rs, 'rewritten') }]
    })
  )
  return {
    rewrite:
      "keyword rule (no model), searching first the papers the previous turn's evidence cited (its top 5 passages) when the question points back",
    alone: scores(rows, 'alone'),
    rewritten: scores(rows, 'rewritten'),
    byLanguage,
    target: { recallAt5InThread: 0.85, perLanguage: true },
    misses: rows
      .filter((r) => r.rewritten === null || r.rewritten > 5)
      .map((r) => ({ id: r.c.id, query: r.query, cited: r.cited, rank: r.rewritten }))
  }
}
