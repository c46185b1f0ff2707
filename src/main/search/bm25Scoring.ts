import type { PaperPostings } from './keywordFile'
import type { KeywordPack, PackPostings } from './pack/keywordPack'
import type { PackedStore } from './pack/PackedStore'
import { TopK } from './topK'

/** How much a chunk's share of the query's terms weighs on its score (see {@link coverageOf}). */
const COVERAGE_EXPONENT = 0.5

/** How a chunk's share of the query's terms scales its BM25 score. */
export interface Coverage {
  /** Per query term, its share of the asked terms' weight (0 for a feedback term). */
  shares: Float64Array
  /** The factor for a chunk holding this share of the asked terms' weight. */
  factor: (share: number) => number
}

/**
 * Query-term coverage: a chunk's BM25 score is scaled by the idf-weighted share of the query's
 * terms it holds, to the power {@link COVERAGE_EXPONENT}.
 * @remarks BM25 sums per term, so a chunk repeating one or two of the question's terms can
 * outscore the passage that holds all of them ("batch sizes, learning rates and epochs"); the
 * share keeps the latter ahead. Measured on the 64-paper library (bench/retrievalSets.ts): r@1
 * of the varied questions 0.317 → 0.383. Terms added by pseudo-relevance feedback are not asked
 * for: they rank, they do not count in the share.
 */
export function coverageOf(
  hashes: readonly number[],
  weights: readonly number[],
  asked: ReadonlySet<number>
): Coverage {
  const shares = new Float64Array(hashes.length)
  let sum = 0
  hashes.forEach((h, t) => {
    if (asked.has(h)) sum += shares[t] = weights[t]!
  })
  if (sum > 0) for (let t = 0; t < shares.length; t++) shares[t] = shares[t]! / sum
  return { shares, factor: (share) => Math.min(1, share) ** COVERAGE_EXPONENT }
}

/** Per pack paper, the factor it is preferred by (1 for most). */
export function packBoosts(pack: KeywordPack, boost: ReadonlyMap<string, number>): Float64Array {
  const out = new Float64Array(pack.papers.length).fill(1)
  for (const [id, f] of boost) {
    const i = pack.paperIndex.get(id)
    if (i !== undefined) out[i] = f
  }
  return out
}

/** Which chunks a scoring pass covers: papers in memory, and pack papers (by mask). */
export interface Selection {
  delta: PaperPostings[]
  /** null: no pack paper; `mask: null`: every pack paper (all live). */
  pack: { mask: Uint8Array | null } | null
  docs: number
}

/** A scored chunk: its paper (in memory, or the pack's paper index) and its row there. */
export interface Hit {
  paperId: string
  row: number
  score: number
  /** The library-wide doc number when the chunk is in the pack, else -1. */
  packDoc: number
  delta: PaperPostings | null
}

/** Term lists read from the pack during one query, by term index. */
export type ListCache = Map<number, PackPostings>

/**
 * BM25 keyword search over chunk text, and the store of chunk records.
 * @remarks Each paper has its own postings file (`keywords/papers/<paperId>.kw`, written
 * atomically), so adding or removing a paper touches one file and the in-memory index is
 * updated in place, never rebuilt. Small libraries are held in memory per paper and document
 * frequencies are summed across papers at query time. From `PackPolicy.minChunks` on, papers
 * are merged in the background into `keywords/pack.rpkp` ({@link KeywordPack}: one inverted
 * index whose lists are read from disk for the query's terms only); papers added since stay in
 * memory, and a query scores both with the same formula, so results do not depend on what is
 * packed. Chunk records and text are then read from a paper's `.kw` file when it is a result.
/**
 * The BM25 formula over a {@link PackedStore} of per-paper postings and the library-wide pack.
 * @remarks Pure scoring: it reads the store, never changes it; the scratch arrays over the
 * pack's docs are kept between queries (allocated again only when the pack's size changes).
 */
export class Bm25Scorer {
  private totalsAt = -1
  private totalLength = 0
  private acc: Float64Array = new Float64Array(0)
  private cov: Float64Array = new Float64Array(0)
  private seen: Uint8Array = new Uint8Array(0)
  private touched: Uint32Array = new Uint32Array(0)

  constructor(
    private readonly store: PackedStore<PaperPostings, KeywordPack>,
    private readonly k1: number,
    private readonly b: number
  ) {}

  /** Chunks in the index (packed or not). */
  count(): number {
    return this.store.rows()
  }

  /** A term's pack list (read once per query). */
  list(t: number, lists: ListCache): PackPostings {
    let l = lists.get(t)
    if (!l) lists.set(t, (l = this.store.pack!.cachedPostings(t)))
    return l
  }

  /** How many of the selection's pack chunks contain term `t`. */
  packDf(t: number, sel: Selection, lists: ListCache): number {
    const pack = this.store.pack!
    const mask = sel.pack!.mask
    if (!mask) return pack.counts[t]!
    let n = 0
    const { docs } = this.list(t, lists)
    for (let j = 0; j < docs.length; j++) n += mask[pack.docPaper[docs[j]!]!]!
    return n
  }

  /**
   * BM25 with weighted terms: the best k chunks of the selection, and each term's document
   * frequency.
   * @remarks Pass 1 finds each term in each paper (binary search) and in the pack, and sums its
   * document frequency (unless `knownDf` has it); pass 2 accumulates each paper's postings, and
   * the pack's lists, into scratch arrays and keeps the best k. Both use the same formula in
   * the same term order, so a chunk scores the same packed or not.
   */
  score(
    sel: Selection,
    terms: Map<number, number>,
    k: number,
    lists: ListCache,
    asked: ReadonlySet<number>,
    boost: ReadonlyMap<string, number> | null,
    knownDf?: Map<number, number>
  ): { hits: Hit[]; df: Map<number, number> } {
    const papers = sel.delta
    const pack = sel.pack ? this.store.pack : null
    const hashes = [...terms.keys()]
    const nt = hashes.length
    const ranges = new Int32Array(papers.length * nt)
    const packTerms = new Int32Array(nt).fill(-1)
    const counted = new Float64Array(nt)
    for (let pi = 0; pi < papers.length; pi++) {
      const p = papers[pi]!
      for (let t = 0; t < nt; t++) {
        const at = findTerm(p.terms, hashes[t]!)
        ranges[pi * nt + t] = at
        if (at >= 0) counted[t]! += p.starts[at + 1]! - p.starts[at]!
      }
    }
    if (pack) {
      for (let t = 0; t < nt; t++) {
        packTerms[t] = pack.find(hashes[t]!)
        if (packTerms[t]! >= 0 && !knownDf?.has(hashes[t]!)) {
          counted[t]! += this.packDf(packTerms[t]!, sel, lists)
        }
      }
    }
    const df = new Map(hashes.map((h, t) => [h, knownDf?.get(h) ?? counted[t]!]))
    const weights = hashes.map((h) => terms.get(h)! * this.idf(df.get(h)!) * (this.k1 + 1))
    const avg = this.total() / Math.max(1, this.count())
    const base = this.k1 * (1 - this.b)
    const perLength = (this.k1 * this.b) / avg
    const top = new TopK(k)
    const found: Hit[] = []
    let scratch = new Float64Array(256)
    const cover = coverageOf(hashes, weights, asked)
    let covered = new Float64Array(256)
    for (let pi = 0; pi < papers.length; pi++) {
      const p = papers[pi]!
      const n = p.ids.length
      if (scratch.length < n) {
        scratch = new Float64Array(n)
        covered = new Float64Array(n)
      }
      let any = false
      for (let t = 0; t < nt; t++) {
        const at = ranges[pi * nt + t]!
        if (at < 0) continue
        if (!any) {
          scratch.fill(0, 0, n)
          covered.fill(0, 0, n)
        }
        any = true
        const w = weights[t]!
        const share = cover.shares[t]!
        for (let i = p.starts[at]!, end = p.starts[at + 1]!; i < end; i++) {
          const doc = p.docs[i]!
          const tf = p.freqs[i]!
          scratch[doc]! += (w * tf) / (tf + base + perLength * p.lengths[doc]!)
          covered[doc]! += share
        }
      }
      if (!any) continue
      const preferred = boost?.get(p.paperId) ?? 1
      for (let doc = 0; doc < n; doc++) {
        const s = scratch[doc]! * cover.factor(covered[doc]!) * preferred
        if (s > 0 && s > top.threshold) {
          top.push(s, found.length)
          found.push({ paperId: p.paperId, row: doc, score: s, packDoc: -1, delta: p })
        }
      }
    }
    if (pack) {
      const preferred = boost ? packBoosts(pack, boost) : null
      this.scorePack(
        pack,
        sel,
        packTerms,
        weights,
        cover,
        preferred,
        base,
        perLength,
        lists,
        top,
        found
      )
    }
    const hits = top.sorted().map(({ id, score }) => ({ ...found[id]!, score }))
    return { hits, df }
  }

  private scorePack(
    pack: KeywordPack,
    sel: Selection,
    packTerms: Int32Array,
    weights: number[],
    cover: Coverage,
    preferred: Float64Array | null,
    base: number,
    perLength: number,
    lists: ListCache,
    top: TopK,
    found: Hit[]
  ): void {
    if (this.acc.length !== pack.docs) {
      this.acc = new Float64Array(pack.docs)
      this.cov = new Float64Array(pack.docs)
      this.seen = new Uint8Array(pack.docs)
      this.touched = new Uint32Array(pack.docs)
    }
    const { acc, cov, seen, touched } = this
    const { docPaper, lengths } = pack
    const mask = sel.pack!.mask
    let count = 0
    let lo = pack.docs
    let hi = -1
    for (let t = 0; t < packTerms.length; t++) {
      if (packTerms[t]! < 0) continue
      const { docs, freqs } = this.list(packTerms[t]!, lists)
      if (docs.length === 0) continue
      const w = weights[t]!
      const share = cover.shares[t]!
      // Lists are in doc order: their ends bound the docs this query touches.
      if (docs[0]! < lo) lo = docs[0]!
      if (docs[docs.length - 1]! > hi) hi = docs[docs.length - 1]!
      for (let j = 0; j < docs.length; j++) {
        const d = docs[j]!
        if (mask !== null && mask[docPaper[d]!] === 0) continue
        if (seen[d] === 0) {
          seen[d] = 1
          touched[count++] = d
        }
        const tf = freqs[j]!
        acc[d]! += (w * tf) / (tf + base + perLength * lengths[d]!)
        cov[d]! += share
      }
    }
    // In doc order (paper after paper), as the in-memory papers are visited: a few docs are
    // sorted, many are found by walking the touched range (cheaper than sorting them).
    const visit = (d: number): void => {
      const s = acc[d]! * cover.factor(cov[d]!) * (preferred ? preferred[docPaper[d]!]! : 1)
      acc[d] = 0
      cov[d] = 0
      seen[d] = 0
      if (s > 0 && s > top.threshold) {
        top.push(s, found.length)
        const paper = docPaper[d]!
        found.push({
          paperId: pack.papers[paper]!.id,
          row: d - pack.paperFirst[paper]!,
          score: s,
          packDoc: d,
          delta: null
        })
      }
    }
    if (count * 16 < hi - lo) {
      const order = touched.subarray(0, count).sort()
      for (let i = 0; i < count; i++) visit(order[i]!)
    } else {
      for (let d = lo; d <= hi; d++) if (seen[d] === 1) visit(d)
    }
  }

  /** Inverse document frequency of a term found in `df` chunks. */
  idf(df: number): number {
    return Math.log(1 + Math.max(0, this.count() - df + 0.5) / (df + 0.5))
  }

  /** Sum of the chunk lengths of the live papers (cached until the papers change). */
  private total(): number {
    if (this.totalsAt !== this.store.changes) {
      let n = 0
      for (const d of this.store.delta.values()) n += d.value.totalLength
      const pack = this.store.pack
      pack?.papers.forEach((_, i) => {
        if (this.store.alive![i] === 1) n += pack.paperTotals[i]!
      })
      this.totalLength = n
      this.totalsAt = this.store.changes
    }
    return this.totalLength
  }
}

/** Index of term hash `h` in a sorted term array, or -1. */
export function findTerm(terms: Uint32Array, h: number): number {
  let lo = 0
  let hi = terms.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const v = terms[mid]!
    if (v === h) return mid
    if (v < h) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}

/** How many chunks hold the paper's `t`-th term. */
export function span(p: PaperPostings, t: number): number {
  return p.starts[t + 1]! - p.starts[t]!
}
