/** The usual RRF constant: damps the advantage of the very top ranks. */
export const RRF_K = 60

/**
 * Reciprocal rank fusion of ranked id lists: score(id) = Σ 1 / (k + rank), rank from 1.
 * @remarks Uses ranks only, so cosine similarities and BM25 scores (different scales) never
 * have to be compared. Ties keep the order of first appearance.
 */
export function reciprocalRankFusion(
  lists: readonly (readonly string[])[],
  k = RRF_K
): { id: string; score: number }[] {
  const scores = new Map<string, number>()
  for (const list of lists) {
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)))
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score)
}
