/**
 * Re-ranking of the first candidates by where the question's words sit in each chunk (issue 28).
 * @remarks BM25 scores a chunk as a bag of words, so a 256-token chunk that mentions the
 * question's terms here and there (a conclusion recapping the paper, an appendix table) can
 * outscore the sentence that states the answer with all of them together. Three signals
 * that hold for any paper and language lift that sentence:
 * - **proximity**: the idf-weighted share of the question's terms found within one window of
 *   {@link PROXIMITY_WINDOW} index terms (stop words are not terms, so about a sentence);
 * - **the abstract**: a paper's main facts (what it measured, on whom, with what) are stated
 *   in its abstract, so a chunk on the abstract's page weighs {@link ABSTRACT_FACTOR} more (the
 *   field weighting of BM25F, applied to the field every paper has);
 * - **the kind of answer**: a question asking for a quantity ("how many", "quantos", "what
 *   percentage", "qual a taxa") prefers the chunk whose best window has a number next to it.
 * - **the first statement**: within one paper, the page that first states what the question
 *   asks comes before a later recap of it ({@link firstStatementFirst}).
 * Measured on the 64-paper library, keyword path (`npx tsx bench/retrievalSets.ts DIR`):
 * r@1 over the 96 questions 0.375 → 0.490, r@5 0.823 → 0.844, no set lower; the first
 * statement then r@1 all/en 0.560 → 0.580, all/pt 0.478 → 0.522, no set lower.
 */

/** Index terms per window: about one sentence once stop words are gone. */
export const PROXIMITY_WINDOW = 10
/** How strongly the window share scales a score (a gentle exponent: a re-ranking, not a filter). */
const PROXIMITY_EXPONENT = 0.3
/** The share below which a chunk is not scaled further (a dense hit may share no word). */
const SHARE_FLOOR = 0.05
/**
 * A later chunk of a paper outranks an earlier one stating as much of the question only when
 * it scores this many times more (see {@link firstStatementFirst}).
 */
const RECAP_MARGIN = 1.25
/** A chunk on its paper's abstract page. */
const ABSTRACT_FACTOR = 1.2
/** A quantity question's chunk with a number beside its best window. */
const QUANTITY_FACTOR = 1.2
/** How many terms on either side of the window a number may be. */
const NUMBER_REACH = 8

/**
 * Questions that ask for a quantity, English and Portuguese: an answer-type cue of the
 * question's own wording (its interrogative), not of any paper.
 */
const ASKS_FOR_QUANTITY = new RegExp(
  [
    String.raw`\bhow (?:many|much|long|large|big|often|old)\b`,
    String.raw`\bwhat (?:percentage|proportion|share|fraction|number|range|rate|ratio|size)\b`,
    String.raw`\bwhat\b.*\b(?:values?|rates?|ratios?|accuracy|scores?|percent(?:age)?)\b`,
    String.raw`\bquant[oa]s?\b`,
    String.raw`\bqu[aã]o\b`,
    String.raw`\b(?:qual|quais|que)\b.*\b(?:percentua(?:l|is)|porcentage(?:m|ns)|propor[cç][aã]o|taxas?|n[uú]meros?|valor(?:es)?|acur[aá]cia|tamanho)\b`
  ].join('|'),
  'iu'
)

/** True when a question asks for a number (a count, a rate, a size, a score). */
export function asksForQuantity(question: string): boolean {
  return ASKS_FOR_QUANTITY.test(question)
}

const NUMBER_TERM = /^\p{N}/u

/** The best window of a chunk's terms: the idf-weighted share of the query it holds, and where. */
export interface Window {
  share: number
  from: number
  to: number
}

/**
 * The window of {@link PROXIMITY_WINDOW} consecutive terms holding the largest idf-weighted
 * share of the query's terms (each counted once), or null when none is there.
 * @param weights Each query term's weight (idf); terms not in it are not the query's.
 */
export function bestWindow(
  terms: readonly string[],
  weights: ReadonlyMap<string, number>,
  total: number,
  width = PROXIMITY_WINDOW
): Window | null {
  if (total <= 0) return null
  const hits: number[] = []
  for (let i = 0; i < terms.length; i++) if ((weights.get(terms[i]!) ?? 0) > 0) hits.push(i)
  const inWindow = new Map<string, number>()
  let sum = 0
  let best: Window | null = null
  for (let j = 0, i = 0; i < hits.length; i++) {
    const at = hits[i]!
    const term = terms[at]!
    const n = inWindow.get(term) ?? 0
    inWindow.set(term, n + 1)
    if (n === 0) sum += weights.get(term)!
    for (; hits[j]! <= at - width; j++) {
      const old = terms[hits[j]!]!
      const left = inWindow.get(old)! - 1
      inWindow.set(old, left)
      if (left === 0) sum -= weights.get(old)!
    }
    if (!best || sum > best.share * total) best = { share: sum / total, from: hits[j]!, to: at }
  }
  return best
}

/** What {@link proximityRerank} needs of each candidate. */
export interface ProximityInput {
  /** The query's terms (as the index analyses them) with their weights (idf). */
  weights: ReadonlyMap<string, number>
  /** Whether the question asks for a number ({@link asksForQuantity}). */
  quantity: boolean
  /** A chunk's index terms in order, or undefined when they cannot be read. */
  termsOf: (chunkId: string) => readonly string[] | undefined
  /** Whether the chunk is on its paper's abstract page. */
  onAbstract: (chunkId: string) => boolean
  /** A chunk's paper and page, or null when its id does not say. */
  placeOf?: (chunkId: string) => { paperId: string; page: number } | null
}

/** Re-scores ranked candidates by {@link bestWindow}, the abstract and the answer's kind; re-sorted. */
export function proximityRerank(
  ranked: readonly { id: string; score: number }[],
  input: ProximityInput
): { id: string; score: number }[] {
  let total = 0
  for (const w of input.weights.values()) total += w
  if (total <= 0) return [...ranked]
  const scored = ranked
    .map((r) => {
      const terms = input.termsOf(r.id)
      if (!terms) return { ...r, share: -1 }
      const window = bestWindow(terms, input.weights, total)
      let factor = Math.max(window?.share ?? 0, SHARE_FLOOR) ** PROXIMITY_EXPONENT
      if (input.onAbstract(r.id)) factor *= ABSTRACT_FACTOR
      if (input.quantity && window && numberNear(terms, window)) factor *= QUANTITY_FACTOR
      return { id: r.id, score: r.score * factor, share: window?.share ?? 0 }
    })
    .sort((a, b) => b.score - a.score)
  const placed = input.placeOf ? firstStatementFirst(scored, input.placeOf) : scored
  return placed.map(({ id, score }) => ({ id, score }))
}

/**
 * Where a paper states the question's words as fully in two places, the earlier one first
 * (unless the later scores {@link RECAP_MARGIN} times more).
 * @remarks A paper states a finding where it introduces it (the abstract, the section that
 * reports it) and repeats it later (a discussion, a conclusion, a thesis's closing chapter
 * recapping each one); the repeat often scores higher, being denser in the topic's words, yet
 * the reader is sent to the recap. Within one paper, a chunk whose best window holds at least
 * the share of the question a higher-ranked later chunk holds is lifted just above it.
 */
export function firstStatementFirst<T extends { id: string; score: number; share: number }>(
  sorted: readonly T[],
  placeOf: (chunkId: string) => { paperId: string; page: number } | null
): T[] {
  const out = sorted.map((r) => ({ ...r }))
  const places = out.map((r) => placeOf(r.id))
  const seen = new Set<string>()
  for (let i = 0; i < out.length; i++) {
    const best = places[i]
    if (!best || seen.has(best.paperId)) continue
    seen.add(best.paperId)
    if (out[i]!.share <= 0) continue
    // The paper's best chunk gives way to its best-scoring earlier statement, once.
    for (let j = i + 1; j < out.length; j++) {
      const earlier = places[j]
      if (!earlier || earlier.paperId !== best.paperId || earlier.page >= best.page) continue
      if (out[j]!.share < out[i]!.share || out[j]!.score * RECAP_MARGIN < out[i]!.score) continue
      out[j]!.score = out[i]!.score * (1 + 1e-6)
      break
    }
  }
  return out.sort((a, b) => b.score - a.score)
}

function numberNear(terms: readonly string[], w: Window): boolean {
  const end = Math.min(terms.length - 1, w.to + NUMBER_REACH)
  for (let i = Math.max(0, w.from - NUMBER_REACH); i <= end; i++) {
    if (NUMBER_TERM.test(terms[i]!)) return true
  }
  return false
}

/**
 * The pages of a paper's abstract: the page it starts on and, when it runs on, the next (a
 * section detected as far longer is a mislabelled one, not an abstract).
 */
export function abstractPages(
  sections: readonly { name: string; startPage: number; endPage: number }[]
): Set<number> {
  const pages = new Set<number>()
  for (const s of sections) {
    if (s.name !== 'abstract') continue
    for (let p = s.startPage; p <= Math.min(s.endPage, s.startPage + 1); p++) pages.add(p)
  }
  return pages
}
