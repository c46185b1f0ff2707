import type { PaperFacts } from './paperFacts'

/** A pair of alike papers and their cosine similarity. */
export interface Alike {
  a: string
  b: string
  score: number
}

/** TF-IDF vectors of the papers' title-and-abstract words, normalised. */
export function tfidf(facts: Map<string, PaperFacts>): Map<string, Map<string, number>> {
  const df = new Map<string, number>()
  for (const f of facts.values())
    for (const w of Object.keys(f.terms)) df.set(w, (df.get(w) ?? 0) + 1)
  const n = facts.size
  const out = new Map<string, Map<string, number>>()
  for (const [id, f] of facts) {
    const v = new Map<string, number>()
    let norm = 0
    for (const [w, c] of Object.entries(f.terms)) {
      const x = (1 + Math.log(c)) * Math.log((1 + n) / (1 + (df.get(w) ?? 0)))
      if (x <= 0) continue
      v.set(w, x)
      norm += x * x
    }
    norm = Math.sqrt(norm) || 1
    for (const [w, x] of v) v.set(w, x / norm)
    out.set(id, v)
  }
  return out
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  const [small, big] = a.size < b.size ? [a, b] : [b, a]
  let s = 0
  for (const [w, x] of small) s += x * (big.get(w) ?? 0)
  return s
}

/**
 * Each paper's most alike others (up to `perPaper`, cosine at least `min`) among those `skip`
 * does not rule out (papers already linked by a citation), once per pair.
 * @remarks Only papers sharing a word that is not everywhere are compared (an inverted index
 * of the words in at most max(50, 5%) of the papers), so a large library is not compared pair
 * by pair; a pair that shares only common words is too weak to draw anyway.
 */
export function alikePairs(
  vectors: Map<string, Map<string, number>>,
  skip: (a: string, b: string) => boolean = () => false,
  perPaper = 2,
  min = 0.05
): Alike[] {
  const cap = Math.max(50, vectors.size * 0.05)
  const postings = new Map<string, string[]>()
  for (const [id, v] of vectors)
    for (const w of v.keys()) postings.set(w, [...(postings.get(w) ?? []), id])
  const best = new Map<string, Alike>()
  for (const [a, va] of vectors) {
    const candidates = new Set<string>()
    for (const w of va.keys()) {
      const list = postings.get(w)!
      if (list.length <= cap) for (const b of list) candidates.add(b)
    }
    const scored: Alike[] = []
    for (const b of candidates) {
      if (a === b || skip(a, b)) continue
      const score = cosine(va, vectors.get(b)!)
      if (score >= min) scored.push({ a, b, score })
    }
    scored.sort((x, y) => y.score - x.score)
    for (const s of scored.slice(0, perPaper)) {
      const [p, q] = s.a < s.b ? [s.a, s.b] : [s.b, s.a]
      best.set(`${p}\u0000${q}`, { a: p, b: q, score: s.score })
    }
  }
  return [...best.values()]
}
