/**
 * Keeps the k best (score, id) pairs seen so far in a bounded min-heap over typed arrays.
 * @remarks O(n log k) over a scan of n candidates, with no allocation per candidate.
 */
export class TopK {
  private readonly scores: Float64Array
  private readonly ids: Int32Array
  private size = 0

  constructor(readonly k: number) {
    this.scores = new Float64Array(Math.max(1, k))
    this.ids = new Int32Array(Math.max(1, k))
  }

  /** The score a candidate must beat to enter (−Infinity while not full). */
  get threshold(): number {
    return this.size < this.k ? -Infinity : this.scores[0]!
  }

  push(score: number, id: number): void {
    if (this.k <= 0) return
    if (this.size < this.k) {
      let i = this.size++
      while (i > 0) {
        const p = (i - 1) >> 1
        if (this.scores[p]! <= score) break
        this.scores[i] = this.scores[p]!
        this.ids[i] = this.ids[p]!
        i = p
      }
      this.scores[i] = score
      this.ids[i] = id
    } else if (score > this.scores[0]!) {
      this.siftDown(score, id)
    }
  }

  /** The kept pairs, best first. */
  sorted(): { id: number; score: number }[] {
    const out: { id: number; score: number }[] = []
    for (let i = 0; i < this.size; i++) out.push({ id: this.ids[i]!, score: this.scores[i]! })
    return out.sort((a, b) => b.score - a.score || a.id - b.id)
  }

  private siftDown(score: number, id: number): void {
    const n = this.size
    let i = 0
    for (;;) {
      const l = 2 * i + 1
      if (l >= n) break
      const r = l + 1
      const c = r < n && this.scores[r]! < this.scores[l]! ? r : l
      if (this.scores[c]! >= score) break
      this.scores[i] = this.scores[c]!
      this.ids[i] = this.ids[c]!
      i = c
    }
    this.scores[i] = score
    this.ids[i] = id
  }
}
