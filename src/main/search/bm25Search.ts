import type { PaperPostings } from './keywordFile'
import type { KeywordPack } from './pack/keywordPack'
import type { PackedStore } from './pack/PackedStore'
import {
  findTerm,
  span,
  type Bm25Scorer,
  type Hit,
  type ListCache,
  type Selection
} from './bm25Scoring'
import { queryTerms, termHash, tokenize } from './tokenizer'

/** How many first-pass chunks and expansion terms pseudo-relevance feedback uses. */
const FEEDBACK_DOCS = 5
/** How many first-pass hits feedback re-ranks (their papers, in full). */
const FEEDBACK_POOL = 100
const FEEDBACK_TERMS = 10

/** Where a {@link Bm25Search} reads a result's chunk text from (the index's records). */
export interface Bm25Texts {
  /** A paper's postings and records, or null when it is not in the index (or damaged). */
  record(paperId: string): PaperPostings | null
  /** A paper's chunk texts, by row, or null when they cannot be read. */
  textsOf(p: PaperPostings): string[] | null
}

/**
 * A keyword query: selects the papers in scope, scores them with {@link Bm25Scorer}, and
 * re-ranks the first pass's pool with pseudo-relevance feedback.
 */
export class Bm25Search {
  constructor(
    private readonly store: PackedStore<PaperPostings, KeywordPack>,
    private readonly scorer: Bm25Scorer,
    private readonly texts: Bm25Texts,
    private readonly feedback: number
  ) {}

  /** The best k chunks for `text`, within `paperIds` when given, `prefer` boosting papers. */
  query(
    text: string,
    k: number,
    paperIds?: readonly string[],
    prefer?: ReadonlyMap<string, number>
  ): { chunkId: string; score: number }[] {
    const scope = paperIds ? [...new Set(paperIds)] : null
    const selected = this.select(scope && !this.store.coversAll(scope) ? scope : null)
    const asked = new Set(queryTerms(text).map(termHash))
    const terms = new Map([...asked].map((h) => [h, 1]))
    if (terms.size === 0 || selected.docs === 0 || k <= 0) return []
    const lists: ListCache = new Map()
    const feedback = this.feedback > 0
    const boost = prefer && prefer.size > 0 ? prefer : null
    const first = this.scorer.score(
      selected,
      terms,
      feedback ? Math.max(k, FEEDBACK_POOL) : k,
      lists,
      asked,
      boost
    )
    let hits = first.hits
    if (feedback && hits.length >= 3) {
      // The expanded query re-ranks only the papers of the first pass's pool, and the document
      // frequency of an added term is estimated from them, so feedback stays a small fraction
      // of a full pass on a large library (on a small one the pool is the whole library).
      const pool = this.poolOf(hits)
      const scale = selected.docs / pool.docs
      const df = new Map(first.df)
      const expanded = this.expand(pool, terms, hits.slice(0, FEEDBACK_DOCS), scale, df, lists)
      hits = this.scorer.score(pool, expanded, k, lists, asked, boost, df).hits
    }
    return hits.slice(0, k).map((h) => ({
      chunkId: this.chunkIdOf(h),
      score: boost ? h.score / (boost.get(h.paperId) ?? 1) : h.score
    }))
  }

  /** Each term's inverse document frequency over the whole index (0 for a term it lacks). */
  idfOf(terms: readonly string[]): Map<string, number> {
    const pack = this.store.pack
    const out = new Map<string, number>()
    for (const term of terms) {
      const h = termHash(term)
      let n = 0
      for (const d of this.store.delta.values()) {
        const t = findTerm(d.value.terms, h)
        if (t >= 0) n += span(d.value, t)
      }
      const t = pack ? pack.find(h) : -1
      if (t >= 0) n += pack!.counts[t]!
      out.set(term, n > 0 ? this.scorer.idf(n) : 0)
    }
    return out
  }

  private select(scope: string[] | null): Selection {
    const pack = this.store.pack
    const delta = this.store.delta
    if (!scope) {
      const papers = [...delta.values()].map((d) => d.value)
      return {
        delta: papers,
        pack: pack ? { mask: this.store.allAlive ? null : this.store.alive } : null,
        docs: this.store.rows()
      }
    }
    const papers: PaperPostings[] = []
    let mask: Uint8Array | null = null
    let docs = 0
    for (const id of scope) {
      const d = delta.get(id)
      if (d) {
        papers.push(d.value)
        docs += d.rows
      } else if (pack && this.store.inPack(id)) {
        const i = pack.paperIndex.get(id)!
        mask ??= new Uint8Array(pack.papers.length)
        mask[i] = 1
        docs += pack.papers[i]!.n
      }
    }
    return { delta: papers, pack: mask ? { mask } : null, docs }
  }

  /** The papers of the first pass's hits, as a selection. */
  private poolOf(hits: Hit[]): Selection {
    const delta = new Set<PaperPostings>()
    const pack = this.store.pack
    let mask: Uint8Array | null = null
    let docs = 0
    for (const h of hits) {
      if (h.delta) {
        if (!delta.has(h.delta)) docs += h.delta.ids.length
        delta.add(h.delta)
      } else {
        const i = pack!.docPaper[h.packDoc]!
        mask ??= new Uint8Array(pack!.papers.length)
        if (mask[i] === 0) docs += pack!.papers[i]!.n
        mask[i] = 1
      }
    }
    return { delta: [...delta], pack: mask ? { mask } : null, docs }
  }

  /**
   * Pseudo-relevance feedback (RM3-style): adds the terms that weigh most in the best first-pass
   * chunks, at a fraction of the query's weight; records their estimated document frequency.
   * @remarks Bridges vocabulary gaps a keyword search cannot (a question about "the document
   * collection" reaches the chunk that names "a Wikipedia dump" through the chunks around it).
   */
  private expand(
    pool: Selection,
    terms: Map<number, number>,
    top: Hit[],
    scale: number,
    df: Map<number, number>,
    lists: ListCache
  ): Map<number, number> {
    const weight = new Map<number, number>()
    const best = top[0]!.score
    for (const hit of top) {
      const p = hit.delta ?? this.texts.record(hit.paperId)
      const text = p ? this.texts.textsOf(p)?.[hit.row] : undefined
      if (text === undefined) continue
      const tokens = tokenize(text, p!.ptRows.has(hit.row) ? 'pt' : 'en').map(termHash)
      for (const h of tokens) {
        if (!terms.has(h)) weight.set(h, (weight.get(h) ?? 0) + hit.score / best / tokens.length)
      }
    }
    const pack = pool.pack ? this.store.pack : null
    const candidates = [...weight].sort((a, b) => b[1] - a[1]).slice(0, 4 * FEEDBACK_TERMS)
    const scored = candidates.map(([h, w]) => {
      let n = 0
      for (const p of pool.delta) {
        const t = findTerm(p.terms, h)
        if (t >= 0) n += span(p, t)
      }
      const pt = pack ? pack.find(h) : -1
      if (pt >= 0) n += this.scorer.packDf(pt, pool, lists)
      df.set(h, Math.min(this.scorer.count(), n * scale))
      return [h, w * this.scorer.idf(n * scale)] as const
    })
    scored.sort((a, b) => b[1] - a[1])
    const kept = scored.slice(0, FEEDBACK_TERMS)
    const max = kept[0]?.[1] ?? 0
    const out = new Map(terms)
    for (const [h, w] of kept) if (w > 0) out.set(h, (this.feedback * w) / max)
    return out
  }

  private chunkIdOf(h: Hit): string {
    return h.delta ? h.delta.ids[h.row]! : this.store.pack!.chunkId(h.packDoc)
  }
}
