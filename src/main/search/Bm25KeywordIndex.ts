import { mkdir, readFile, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from '../atomicWrite'
import type { Chunk } from '../domain'
import {
  buildPostings,
  chunkTexts,
  decodePostings,
  encodePostings,
  type PaperPostings
} from './keywordFile'
import { termHash, tokenize } from './tokenizer'
import { TopK } from './topK'
import type { ChunkSource, KeywordIndex } from './types'

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
}

const TEXT_CACHE_PAPERS = 32
/** How many first-pass chunks and expansion terms pseudo-relevance feedback uses. */
const FEEDBACK_DOCS = 5
/** How many first-pass hits feedback re-ranks (their papers, in full). */
const FEEDBACK_POOL = 100
const FEEDBACK_TERMS = 10

/**
 * BM25 keyword search over chunk text, and the store of chunk records.
 * @remarks Each paper has its own postings file (`keywords/papers/<paperId>.kw`, written
 * atomically), so adding or removing a paper touches one file and the in-memory index is
 * updated in place, never rebuilt. Document frequencies are summed across papers at query time
 * (a binary search per query term per paper), so there is no global structure to maintain.
 */
export class Bm25KeywordIndex implements KeywordIndex, ChunkSource {
  private readonly dir: string
  private readonly k1: number
  private readonly b: number
  private readonly feedback: number
  private readonly papers = new Map<string, PaperPostings>()
  private readonly rows = new Map<string, Map<string, number>>()
  private readonly texts = new Map<string, string[]>()
  private readonly damaged = new Map<string, string>()
  private docs = 0
  private totalLength = 0
  private readonly readOnly: boolean

  constructor(deps: Bm25KeywordIndexDeps) {
    this.dir = join(deps.dir, 'keywords')
    this.readOnly = deps.readOnly ?? false
    this.k1 = deps.k1 ?? 1.2
    this.b = deps.b ?? 0.75
    this.feedback = deps.feedback ?? 0.3
  }

  /** Called when a paper's keyword file turns out to be damaged while searching. */
  onDamaged: (paperId: string, reason: string) => void = () => undefined

  /**
   * Loads every paper's postings (creating the folder unless read-only); call once before use.
   * @remarks A file that cannot be read leaves only its own paper out, recorded in
   * {@link damagedPapers} for the library to repair. A read-only index may call it again to see
   * another process's changes: the files are read first and swapped in at once, so a query
   * never meets a half-loaded index.
   */
  async open(): Promise<void> {
    const papersDir = join(this.dir, 'papers')
    if (!this.readOnly) await mkdir(papersDir, { recursive: true })
    let names: string[] = []
    try {
      names = await readdir(papersDir)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
    }
    const damaged = new Map<string, string>()
    const loaded = await Promise.all(
      names
        .filter((f) => f.endsWith('.kw'))
        .map(async (f) => {
          const paperId = decodeURIComponent(f.slice(0, -'.kw'.length))
          try {
            const p = decodePostings(await readFile(join(papersDir, f)))
            if (p.paperId !== paperId) throw new Error(`it holds paper ${p.paperId}`)
            return p
          } catch (e) {
            // A file removed between listing and reading is simply gone.
            if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
              damaged.set(paperId, `keyword index ${f}: ${(e as Error).message}`)
            }
            return null
          }
        })
    )
    this.papers.clear()
    this.rows.clear()
    this.texts.clear()
    this.damaged.clear()
    for (const [id, why] of damaged) this.damaged.set(id, why)
    this.docs = 0
    this.totalLength = 0
    for (const p of loaded) if (p) this.setPaper(p.paperId, p)
  }

  /** Papers whose keyword file could not be read, with the reason. */
  damagedPapers(): ReadonlyMap<string, string> {
    return this.damaged
  }

  async putPaper(paperId: string, chunks: Chunk[]): Promise<void> {
    const unique = [...new Map(chunks.map((c) => [c.id, c])).values()]
    const wrong = unique.find((c) => c.paperId !== paperId)
    if (wrong) throw new Error(`Chunk ${wrong.id} does not belong to paper ${paperId}`)
    const postings = await buildPostings(paperId, unique)
    await writeFileAtomic(this.file(paperId), encodePostings(postings))
    this.setPaper(paperId, postings)
    this.damaged.delete(paperId)
  }

  async removePaper(paperId: string): Promise<void> {
    await rm(this.file(paperId), { force: true })
    this.setPaper(paperId, null)
    this.damaged.delete(paperId)
  }

  hasPaper(paperId: string): boolean {
    return this.papers.has(paperId)
  }

  /** The ids of the papers in the index. */
  paperIds(): string[] {
    return [...this.papers.keys()]
  }

  count(): number {
    return this.docs
  }

  query(
    text: string,
    k: number,
    paperIds?: readonly string[]
  ): { chunkId: string; score: number }[] {
    const selected = paperIds
      ? [...new Set(paperIds)].flatMap((id) => this.papers.get(id) ?? [])
      : [...this.papers.values()]
    const terms = new Map(tokenize(text).map((t) => [termHash(t), 1]))
    if (terms.size === 0 || selected.length === 0 || k <= 0) return []
    const feedback = this.feedback > 0
    const first = this.score(selected, terms, feedback ? Math.max(k, FEEDBACK_POOL) : k)
    let hits = first.hits
    if (feedback && hits.length >= 3) {
      // The expanded query re-ranks only the papers of the first pass's pool, and the document
      // frequency of an added term is estimated from them, so feedback stays a small fraction
      // of a full pass on a large library (on a small one the pool is the whole library).
      const pool = [...new Set(hits.map((h) => h.paper))]
      const poolDocs = pool.reduce((n, p) => n + p.ids.length, 0)
      const scale = selected.reduce((n, p) => n + p.ids.length, 0) / poolDocs
      const df = new Map(first.df)
      const expanded = this.expand(pool, terms, hits.slice(0, FEEDBACK_DOCS), scale, df)
      hits = this.score(pool, expanded, k, df).hits
    }
    return hits.slice(0, k).map((h) => ({ chunkId: h.paper.ids[h.doc]!, score: h.score }))
  }

  /**
   * BM25 with weighted terms: the best k chunks of `papers`, and each term's document frequency.
   * @remarks Pass 1 finds each term in each paper (binary search) and sums its document
   * frequency (unless `knownDf` has it); pass 2 accumulates each paper's postings into a scratch
   * array and keeps the best k.
   */
  private score(
    papers: PaperPostings[],
    terms: Map<number, number>,
    k: number,
    knownDf?: Map<number, number>
  ): { hits: { paper: PaperPostings; doc: number; score: number }[]; df: Map<number, number> } {
    const hashes = [...terms.keys()]
    const nt = hashes.length
    const ranges = new Int32Array(papers.length * nt)
    const counted = new Float64Array(nt)
    for (let pi = 0; pi < papers.length; pi++) {
      const p = papers[pi]!
      for (let t = 0; t < nt; t++) {
        const at = findTerm(p.terms, hashes[t]!)
        ranges[pi * nt + t] = at
        if (at >= 0) counted[t]! += p.starts[at + 1]! - p.starts[at]!
      }
    }
    const df = new Map(hashes.map((h, t) => [h, knownDf?.get(h) ?? counted[t]!]))
    const weights = hashes.map((h) => terms.get(h)! * this.idf(df.get(h)!) * (this.k1 + 1))
    const avg = this.totalLength / Math.max(1, this.docs)
    const base = this.k1 * (1 - this.b)
    const perLength = (this.k1 * this.b) / avg
    const top = new TopK(k)
    const found: number[] = []
    let scratch = new Float64Array(256)
    for (let pi = 0; pi < papers.length; pi++) {
      const p = papers[pi]!
      const n = p.ids.length
      if (scratch.length < n) scratch = new Float64Array(n)
      let any = false
      for (let t = 0; t < nt; t++) {
        const at = ranges[pi * nt + t]!
        if (at < 0) continue
        if (!any) scratch.fill(0, 0, n)
        any = true
        const w = weights[t]!
        for (let i = p.starts[at]!, end = p.starts[at + 1]!; i < end; i++) {
          const doc = p.docs[i]!
          const tf = p.freqs[i]!
          scratch[doc]! += (w * tf) / (tf + base + perLength * p.lengths[doc]!)
        }
      }
      if (!any) continue
      for (let doc = 0; doc < n; doc++) {
        const s = scratch[doc]!
        if (s > 0 && s > top.threshold) {
          top.push(s, found.length)
          found.push(pi * 0x10000 + doc)
        }
      }
    }
    const hits = top.sorted().map(({ id, score }) => ({
      paper: papers[Math.floor(found[id]! / 0x10000)]!,
      doc: found[id]! % 0x10000,
      score
    }))
    return { hits, df }
  }

  /**
   * Pseudo-relevance feedback (RM3-style): adds the terms that weigh most in the best first-pass
   * chunks, at a fraction of the query's weight; records their estimated document frequency.
   * @remarks Bridges vocabulary gaps a keyword search cannot (a question about "the document
   * collection" reaches the chunk that names "a Wikipedia dump" through the chunks around it).
   */
  private expand(
    pool: PaperPostings[],
    terms: Map<number, number>,
    top: { paper: PaperPostings; doc: number; score: number }[],
    scale: number,
    df: Map<number, number>
  ): Map<number, number> {
    const weight = new Map<number, number>()
    const best = top[0]!.score
    for (const { paper, doc, score } of top) {
      const text = this.textsOf(paper)?.[doc]
      if (text === undefined) continue
      const tokens = tokenize(text).map(termHash)
      for (const h of tokens) {
        if (!terms.has(h)) weight.set(h, (weight.get(h) ?? 0) + score / best / tokens.length)
      }
    }
    const candidates = [...weight].sort((a, b) => b[1] - a[1]).slice(0, 4 * FEEDBACK_TERMS)
    const scored = candidates.map(([h, w]) => {
      let n = 0
      for (const p of pool) {
        const t = findTerm(p.terms, h)
        if (t >= 0) n += span(p, t)
      }
      df.set(h, Math.min(this.docs, n * scale))
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
    return Math.log(1 + Math.max(0, this.docs - df + 0.5) / (df + 0.5))
  }

  getChunks(chunkIds: readonly string[]): Chunk[] {
    const out: Chunk[] = []
    for (const id of chunkIds) {
      const paperId = this.paperOf(id)
      const p = paperId ? this.papers.get(paperId) : undefined
      const row = p ? this.rows.get(p.paperId)!.get(id) : undefined
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

  private paperOf(chunkId: string): string | undefined {
    const cut = chunkId.lastIndexOf('-page-')
    const guess = cut > 0 ? chunkId.slice(0, cut) : undefined
    if (guess && this.rows.get(guess)?.has(chunkId)) return guess
    for (const [paperId, rows] of this.rows) if (rows.has(chunkId)) return paperId
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
        const reason = `keyword index ${encodeURIComponent(p.paperId)}.kw: chunk text unreadable (${(e as Error).message})`
        this.setPaper(p.paperId, null)
        this.damaged.set(p.paperId, reason)
        this.onDamaged(p.paperId, reason)
        return null
      }
      if (this.texts.size >= TEXT_CACHE_PAPERS) this.texts.delete(this.texts.keys().next().value!)
    }
    this.texts.set(p.paperId, texts)
    return texts
  }

  private file(paperId: string): string {
    return join(this.dir, 'papers', `${encodeURIComponent(paperId)}.kw`)
  }

  private setPaper(paperId: string, p: PaperPostings | null): void {
    const old = this.papers.get(paperId)
    if (old) {
      this.docs -= old.ids.length
      this.totalLength -= old.totalLength
      this.papers.delete(paperId)
      this.rows.delete(paperId)
      this.texts.delete(paperId)
    }
    if (p) {
      this.papers.set(paperId, p)
      this.rows.set(paperId, new Map(p.ids.map((id, i) => [id, i])))
      this.docs += p.ids.length
      this.totalLength += p.totalLength
    }
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
