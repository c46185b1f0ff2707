import { readFileSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../atomicWrite'
import {
  PackNewerError,
  PackUnreadableError,
  removeUnfinishedPacks,
  unusablePackNotice
} from '../storage/packFile'
import type { Chunk } from '../domain'
import {
  buildPostings,
  chunkTexts,
  decodePostings,
  encodePostings,
  type PaperPostings
} from './keywordFile'
import { KeywordPack, writeKeywordPack, type PackPostings } from './pack/keywordPack'
import { readPaperFiles } from './pack/paperFiles'
import {
  DEFAULT_PACK_POLICY,
  PackedStore,
  type DeltaPaper,
  type PackPolicy
} from './pack/PackedStore'
import { ANALYSIS_VERSION, queryTerms, termHash, tokenize } from './tokenizer'
import { TopK } from './topK'
import type { ChunkSource, KeywordIndex } from './types'
import type { ErrorText } from '../errors'

/** Where a {@link Bm25KeywordIndex} keeps its files: `<dir>/keywords/` (e.g. `paths.index`). */
export interface Bm25KeywordIndexDeps {
  dir: string
  /** BM25 parameters; the defaults are the usual 1.2 / 0.75. */
  k1?: number
  b?: number
  /** Weight of pseudo-relevance-feedback terms relative to the query's (0 turns it off). */
  feedback?: number
  /** Only read the folder (another process writes it): never create it. */
  readOnly?: boolean
  /** When the library-wide pack is built and merged (defaults: {@link PackedStore}). */
  pack?: Partial<PackPolicy>
  /** Told when something happens in the background (a pack built, or failing). */
  log?: (message: string) => void
}

const TEXT_CACHE_PAPERS = 32
/** How many first-pass chunks and expansion terms pseudo-relevance feedback uses. */
const FEEDBACK_DOCS = 5
/** How many first-pass hits feedback re-ranks (their papers, in full). */
const FEEDBACK_POOL = 100
const FEEDBACK_TERMS = 10
const PACK_FILE = 'pack.rpkp'
/** How much a chunk's share of the query's terms weighs on its score (see {@link coverageOf}). */
const COVERAGE_EXPONENT = 0.5

/** How a chunk's share of the query's terms scales its BM25 score. */
interface Coverage {
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
function coverageOf(
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
function packBoosts(pack: KeywordPack, boost: ReadonlyMap<string, number>): Float64Array {
  const out = new Float64Array(pack.papers.length).fill(1)
  for (const [id, f] of boost) {
    const i = pack.paperIndex.get(id)
    if (i !== undefined) out[i] = f
  }
  return out
}

/** Which chunks a scoring pass covers: papers in memory, and pack papers (by mask). */
interface Selection {
  delta: PaperPostings[]
  /** null: no pack paper; `mask: null`: every pack paper (all live). */
  pack: { mask: Uint8Array | null } | null
  docs: number
}

/** A scored chunk: its paper (in memory, or the pack's paper index) and its row there. */
interface Hit {
  paperId: string
  row: number
  score: number
  /** The library-wide doc number when the chunk is in the pack, else -1. */
  packDoc: number
  delta: PaperPostings | null
}

/** Term lists read from the pack during one query, by term index. */
type ListCache = Map<number, PackPostings>

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
 */
export class Bm25KeywordIndex implements KeywordIndex, ChunkSource {
  private readonly dir: string
  private readonly k1: number
  private readonly b: number
  private readonly feedback: number
  private readonly store: PackedStore<PaperPostings, KeywordPack>
  private readonly rows = new Map<string, Map<string, number>>()
  private readonly texts = new Map<string, string[]>()
  /** Pack papers read from their own files for results (records, text), most recent last. */
  private readonly loaded = new Map<string, PaperPostings>()
  private readonly damaged = new Map<string, string>()
  private totalsAt = -1
  private totalLength = 0
  private acc: Float64Array = new Float64Array(0)
  private cov: Float64Array = new Float64Array(0)
  private seen: Uint8Array = new Uint8Array(0)
  private touched: Uint32Array = new Uint32Array(0)
  private readonly readOnly: boolean
  private readonly log: (message: string) => void
  /** Per paper, the write in progress (a put, a removal or a re-analysis), in order. */
  private readonly writing = new Map<string, Promise<void>>()
  private migration: Promise<void> = Promise.resolve()
  private closed = false

  constructor(deps: Bm25KeywordIndexDeps) {
    this.dir = join(deps.dir, 'keywords')
    this.readOnly = deps.readOnly ?? false
    this.k1 = deps.k1 ?? 1.2
    this.b = deps.b ?? 0.75
    this.feedback = deps.feedback ?? 0.3
    this.log = deps.log ?? ((m) => console.error(m))
    this.store = new PackedStore<PaperPostings, KeywordPack>({
      policy: { ...DEFAULT_PACK_POLICY, ...deps.pack },
      readOnly: this.readOnly,
      log: this.log,
      build: async ({ previous, keep, added, cancelled }) => {
        const path = join(this.dir, PACK_FILE)
        await writeKeywordPack({
          path,
          previous,
          keep,
          added: added.map(({ paper }) => ({ postings: paper.value, ...paper.identity })),
          cancelled
        })
        return KeywordPack.open(path)
      }
    })
  }

  /** Called when a paper's keyword file turns out to be damaged while searching. */
  onDamaged: (paperId: string, reason: string) => void = () => undefined

  /**
   * Loads the pack and the papers outside it (creating the folder unless read-only); call once.
   * @remarks A file that cannot be read leaves only its own paper out, recorded in
   * {@link damagedPapers} for the library to repair. A damaged pack is kept aside and rebuilt
   * from the papers' files (returned as a notice). A read-only index may call it again to see
   * another process's changes: the files are read first and swapped in at once, so a query
   * never meets a half-loaded index.
   */
  async open(): Promise<ErrorText[]> {
    const papersDir = join(this.dir, 'papers')
    if (!this.readOnly) {
      await mkdir(papersDir, { recursive: true })
      await removeUnfinishedPacks(join(this.dir, PACK_FILE))
    }
    let names: string[] = []
    try {
      names = await readdir(papersDir)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    }
    const notices: ErrorText[] = []
    let pack: KeywordPack | null = null
    try {
      pack = KeywordPack.open(join(this.dir, PACK_FILE))
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        if (!(e instanceof PackUnreadableError) && !(e instanceof PackNewerError)) throw e
        const path = join(this.dir, PACK_FILE)
        notices.push(await unusablePackNotice('keyword', path, e, this.readOnly))
      }
    }
    const damaged = new Map<string, string>()
    const { alive, loaded } = await readPaperFiles({
      dir: papersDir,
      names,
      ext: '.kw',
      what: 'keyword index',
      pack,
      decode: decodePostings,
      damaged
    })
    const delta = new Map<string, DeltaPaper<PaperPostings>>()
    for (const l of loaded) {
      if (l) delta.set(l.value.paperId, { ...l, rows: l.value.ids.length })
    }
    this.rows.clear()
    this.texts.clear()
    this.loaded.clear()
    this.damaged.clear()
    for (const [id, why] of damaged) this.damaged.set(id, why)
    this.store.reset(pack, alive, delta)
    this.store.maybeCompact()
    if (!this.readOnly) {
      const previous = this.migration
      this.migration = previous.then(() => this.reanalyse())
    }
    return notices
  }

  /**
   * Re-analyses, in the background, the papers whose postings were built with an older keyword
   * analysis ({@link ANALYSIS_VERSION}), from the chunk text their files store.
   * @remarks One paper at a time, between other work; until its turn a paper is searched with
   * its old postings (a Portuguese query is also analysed with English's stemmer, so it still
   * meets them). A paper written or removed meanwhile is left to that write.
   */
  private async reanalyse(): Promise<void> {
    let done = 0
    for (const paperId of this.store.paperIds()) {
      if (this.closed) return
      await new Promise((resolve) => setImmediate(resolve))
      if (this.closed || !this.store.has(paperId)) continue
      try {
        await this.exclusive(paperId, async () => {
          const stale = await this.staleRecord(paperId)
          if (!stale || this.closed) return
          const chunks = this.getChunks(stale.ids)
          if (chunks.length !== stale.ids.length) return
          await this.write(paperId, chunks)
          done++
        })
      } catch (e) {
        this.log(`Re-analysing the keywords of ${paperId} failed: ${(e as Error).message}`)
      }
    }
    if (done > 0) this.log(`Keyword analysis updated for ${done} papers`)
  }

  /** The paper's postings when they were built with an older analysis, else null. */
  private async staleRecord(paperId: string): Promise<PaperPostings | null> {
    const d = this.store.delta.get(paperId)
    if (d) return d.value.analysis < ANALYSIS_VERSION ? d.value : null
    if (!this.store.inPack(paperId)) return null
    const p = decodePostings(await readFile(this.file(paperId)), true)
    if (p.paperId !== paperId || p.analysis >= ANALYSIS_VERSION) return null
    this.forget(paperId)
    this.loaded.set(paperId, p)
    return p
  }

  /** Runs `work` after the paper's previous write, before its next one. */
  private exclusive<T>(paperId: string, work: () => Promise<T>): Promise<T> {
    const before = this.writing.get(paperId) ?? Promise.resolve()
    const run = before.then(work)
    const settled = run.then(
      () => undefined,
      () => undefined
    )
    this.writing.set(paperId, settled)
    void settled.then(() => {
      if (this.writing.get(paperId) === settled) this.writing.delete(paperId)
    })
    return run
  }

  /** Papers whose keyword file could not be read, with the reason. */
  damagedPapers(): ReadonlyMap<string, string> {
    return this.damaged
  }

  async putPaper(paperId: string, chunks: Chunk[]): Promise<void> {
    const unique = [...new Map(chunks.map((c) => [c.id, c])).values()]
    const wrong = unique.find((c) => c.paperId !== paperId)
    if (wrong) throw new Error(`Chunk ${wrong.id} does not belong to paper ${paperId}`)
    await this.exclusive(paperId, () => this.write(paperId, unique))
  }

  private async write(paperId: string, unique: Chunk[]): Promise<void> {
    const postings = await buildPostings(paperId, unique)
    await writeFileAtomic(this.file(paperId), encodePostings(postings))
    const st = await stat(this.file(paperId))
    this.forget(paperId)
    this.store.put(paperId, {
      value: postings,
      rows: postings.ids.length,
      identity: { size: st.size, mtimeMs: st.mtimeMs }
    })
    this.damaged.delete(paperId)
  }

  async removePaper(paperId: string): Promise<void> {
    await this.exclusive(paperId, () => this.remove(paperId))
  }

  private async remove(paperId: string): Promise<void> {
    await rm(this.file(paperId), { force: true })
    this.forget(paperId)
    this.store.remove(paperId)
    this.damaged.delete(paperId)
  }

  hasPaper(paperId: string): boolean {
    return this.store.has(paperId)
  }

  /** A paper's stored chunks, text included (none when its text cannot be read). */
  storedChunks(paperId: string): Chunk[] {
    // Rows are indexed lazily (a packed paper's records are read from its file when asked).
    const p = this.record(paperId)
    return p ? this.getChunks(p.ids) : []
  }

  /** The ids of the papers in the index. */
  paperIds(): string[] {
    return this.store.paperIds()
  }

  count(): number {
    return this.store.rows()
  }

  /** Chunks in the library-wide pack (0 while the library is below the pack size). */
  packedCount(): number {
    return this.store.rows() - this.store.deltaRows()
  }

  /** Resolves when no pack is being built and no paper re-analysed in the background. */
  async idle(): Promise<void> {
    await this.migration
    await this.store.idle()
  }

  /** Stops a pack build or re-analysis in progress and closes the pack. */
  async close(): Promise<void> {
    this.closed = true
    await this.migration
    await Promise.all(this.writing.values())
    await this.store.close()
  }

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
    const first = this.score(
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
      hits = this.score(pool, expanded, k, lists, asked, boost, df).hits
    }
    return hits.slice(0, k).map((h) => ({
      chunkId: this.chunkIdOf(h),
      score: boost ? h.score / (boost.get(h.paperId) ?? 1) : h.score
    }))
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

  /** A term's pack list (read once per query). */
  private list(t: number, lists: ListCache): PackPostings {
    let l = lists.get(t)
    if (!l) lists.set(t, (l = this.store.pack!.cachedPostings(t)))
    return l
  }

  /** How many of the selection's pack chunks contain term `t`. */
  private packDf(t: number, sel: Selection, lists: ListCache): number {
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
  private score(
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
      const p = hit.delta ?? this.record(hit.paperId)
      const text = p ? this.textsOf(p)?.[hit.row] : undefined
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
      if (pt >= 0) n += this.packDf(pt, pool, lists)
      df.set(h, Math.min(this.count(), n * scale))
      return [h, w * this.idf(n * scale)] as const
    })
    scored.sort((a, b) => b[1] - a[1])
    const kept = scored.slice(0, FEEDBACK_TERMS)
    const max = kept[0]?.[1] ?? 0
    const out = new Map(terms)
    for (const [h, w] of kept) if (w > 0) out.set(h, (this.feedback * w) / max)
    return out
  }

  private idf(df: number): number {
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

  private chunkIdOf(h: Hit): string {
    return h.delta ? h.delta.ids[h.row]! : this.store.pack!.chunkId(h.packDoc)
  }

  getChunks(chunkIds: readonly string[]): Chunk[] {
    const out: Chunk[] = []
    for (const id of chunkIds) {
      const paperId = this.paperOf(id)
      const p = paperId ? this.record(paperId) : null
      const row = p ? this.rowsOf(p).get(id) : undefined
      if (!p || row === undefined) continue
      const text = this.textsOf(p)?.[row]
      if (text === undefined) continue
      const extra = p.extras.get(row)
      out.push({
        id,
        paperId: p.paperId,
        page: p.pages[row]!,
        index: p.indexes[row]!,
        section: p.sectionNames[p.sections[row]!] ?? 'body',
        text,
        tokens: p.tokens[row]!,
        ...(extra && { kind: extra.kind }),
        ...(extra?.region && { region: extra.region })
      })
    }
    return out
  }

  /** A paper's postings and records: in memory, or read from its file (pack papers). */
  private record(paperId: string): PaperPostings | null {
    const d = this.store.delta.get(paperId)
    if (d) return d.value
    if (!this.store.inPack(paperId)) return null
    let p = this.loaded.get(paperId)
    if (p) {
      this.loaded.delete(paperId)
    } else {
      try {
        p = decodePostings(readFileSync(this.file(paperId)), true)
        if (p.paperId !== paperId) throw new Error(`it holds paper ${p.paperId}`)
      } catch (e) {
        this.damage(
          paperId,
          `keyword index ${encodeURIComponent(paperId)}.kw: ${(e as Error).message}`
        )
        return null
      }
      if (this.loaded.size >= TEXT_CACHE_PAPERS) {
        const oldest = this.loaded.keys().next().value!
        this.loaded.delete(oldest)
        this.rows.delete(oldest)
      }
    }
    this.loaded.set(paperId, p)
    return p
  }

  private rowsOf(p: PaperPostings): Map<string, number> {
    let rows = this.rows.get(p.paperId)
    if (!rows) this.rows.set(p.paperId, (rows = new Map(p.ids.map((id, i) => [id, i]))))
    return rows
  }

  private paperOf(chunkId: string): string | undefined {
    const cut = chunkId.lastIndexOf('-page-')
    const guess = cut > 0 ? chunkId.slice(0, cut) : undefined
    if (guess && this.store.has(guess)) return guess
    // Ids not of the usual shape: look through the papers in memory.
    for (const [paperId, d] of this.store.delta)
      if (this.rowsOf(d.value).has(chunkId)) return paperId
    return undefined
  }

  // Chunk text is decompressed lazily, so damage inside it shows only here: the paper leaves
  // the index (its hits are dropped) and the library is told, instead of failing every search.
  private textsOf(p: PaperPostings): string[] | null {
    let texts = this.texts.get(p.paperId)
    if (texts) {
      this.texts.delete(p.paperId)
    } else {
      try {
        texts = chunkTexts(p)
        if (texts.length !== p.ids.length) throw new Error('chunk texts do not match the chunks')
      } catch (e) {
        this.damage(
          p.paperId,
          `keyword index ${encodeURIComponent(p.paperId)}.kw: chunk text unreadable (${(e as Error).message})`
        )
        return null
      }
      if (this.texts.size >= TEXT_CACHE_PAPERS) this.texts.delete(this.texts.keys().next().value!)
    }
    this.texts.set(p.paperId, texts)
    return texts
  }

  /** Takes a paper whose file turned out damaged out of the index (its file is left) and tells. */
  private damage(paperId: string, reason: string): void {
    this.forget(paperId)
    this.store.remove(paperId)
    this.damaged.set(paperId, reason)
    this.onDamaged(paperId, reason)
  }

  private forget(paperId: string): void {
    this.rows.delete(paperId)
    this.texts.delete(paperId)
    this.loaded.delete(paperId)
  }

  private file(paperId: string): string {
    return join(this.dir, 'papers', `${encodeURIComponent(paperId)}.kw`)
  }
}

function findTerm(terms: Uint32Array, h: number): number {
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

function span(p: PaperPostings, t: number): number {
  return p.starts[t + 1]! - p.starts[t]!
}
