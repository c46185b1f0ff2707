import { analysisOf, tokenize } from './tokenizer'

/**
 * Ranking after the first pass: the paper a question names comes first, and a figure or table
 * chunk does not push out the text that states the answer.
 * @remarks Works on the fused (or keyword) ranking of the top candidates, so its cost does not
 * grow with the library: a paper title is analysed once (memoised) and each candidate costs a
 * few set lookups.
 */

/** Boost of a chunk whose paper's title holds the query's terms, by the share of them held. */
const TITLE_WEIGHT = 0.5
/** Boost of a chunk whose paper is the name the query gives ("BERT: ..." for "BERT-LARGE"). */
const NAME_WEIGHT = 0.5
/** A figure's or table's score against text's: a caption wins only when clearly better. */
const FIGURE_FACTOR = 0.7

/** The terms of a title, and the name it leads with ("ALBERT: A Lite BERT ..." → albert). */
interface TitleTerms {
  terms: Set<string>
  name: string | null
}

const titles = new Map<string, TitleTerms>()
const TITLE_CACHE = 50_000

function titleTerms(title: string): TitleTerms {
  let t = titles.get(title)
  if (!t) {
    const analysis = analysisOf(title)
    const lead = /^\s*([^:]{1,40}):/u.exec(title)?.[1]
    const leadTerms = lead && lead.trim().split(/\s+/u).length <= 3 ? tokenize(lead, analysis) : []
    t = {
      terms: new Set(tokenize(title, analysis)),
      // The joined form of a compound ("Sentence-BERT" → sentencebert) is its last term.
      name: leadTerms.length > 0 ? leadTerms[leadTerms.length - 1]! : null
    }
    if (titles.size >= TITLE_CACHE) titles.clear()
    titles.set(title, t)
  }
  return t
}

/** True for a figure or table chunk, by its id (`...-figure-N`, `...-table-N`). */
export function isFigureOrTable(chunkId: string): boolean {
  return /-(?:figure|table)-[^-]+$/.test(chunkId)
}

/**
 * Re-scores ranked chunks by their paper's title against the query's terms and discounts figure
 * and table chunks; returns them re-sorted.
 * @param paperOf The paper id of a chunk id.
 * @param titleOf A paper's title (undefined when unknown).
 */
export function rerank(
  ranked: readonly { id: string; score: number }[],
  terms: readonly string[],
  paperOf: (chunkId: string) => string | undefined,
  titleOf: (paperId: string) => string | undefined
): { id: string; score: number }[] {
  if (ranked.length === 0) return []
  const query = new Set(terms)
  const boosts = new Map<string, number>()
  const boostOf = (paperId: string | undefined): number => {
    if (!paperId) return 1
    let b = boosts.get(paperId)
    if (b === undefined) {
      const title = titleOf(paperId)
      b = 1
      if (title && query.size > 0) {
        const t = titleTerms(title)
        let held = 0
        for (const q of query) if (t.terms.has(q)) held++
        b += (TITLE_WEIGHT * held) / query.size
        if (t.name !== null && query.has(t.name)) b += NAME_WEIGHT
      }
      boosts.set(paperId, b)
    }
    return b
  }
  return ranked
    .map((r) => ({
      id: r.id,
      score: r.score * boostOf(paperOf(r.id)) * (isFigureOrTable(r.id) ? FIGURE_FACTOR : 1)
    }))
    .sort((a, b) => b.score - a.score)
}
