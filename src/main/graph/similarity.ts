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
 * @remarks Quadratic in the papers: about 50 M products at 10,000 papers of ~100 words each,
 * a few seconds; the map is cached, so this runs when the library changes.
 */
export function alikePairs(
  vectors: Map<string, Map<string, number>>,
  skip: (a: string, b: string) => boolean = () => false,
  perPaper = 2,
  min = 0.05
): Alike[] {
  const ids = [...vectors.keys()]
  const best = new Map<string, Alike>()
  for (const a of ids) {
    const scored: Alike[] = []
    for (const b of ids) {
      if (a === b || skip(a, b)) continue
      const score = cosine(vectors.get(a)!, vectors.get(b)!)
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
