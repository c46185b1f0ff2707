import { z } from 'zod'
import { PackWriter, type PackFormat, type PackReader } from '../../storage/packFile'
import type { PaperPostings } from '../keywordFile'
import { PackedPaperSchema, CancelledBuild, type PackedPaper } from './vectorPack'
import { openPack } from './packLayout'
import { StringTableBuilder, type StringTable } from './stringTable'

const KeywordPackMetaSchema = z.looseObject({
  docs: z.number().int().min(0),
  terms: z.number().int().min(0),
  papers: z.array(PackedPaperSchema)
})
type KeywordPackMeta = z.infer<typeof KeywordPackMetaSchema>

/** `keywords/pack.rpkp`: one inverted index over every packed paper's chunks. */
export const KEYWORD_PACK_FORMAT: PackFormat<KeywordPackMeta> = {
  magic: 'RPKP',
  version: 1,
  meta: KeywordPackMetaSchema,
  migrations: {}
}

/** What the keyword pack's sections hold, checked against its meta by {@link openPack}. */
const KEYWORD_PACK_LAYOUT = {
  format: KEYWORD_PACK_FORMAT,
  rows: (m: KeywordPackMeta) => m.docs,
  loaded: {
    terms: { view: 'u32', length: (m: KeywordPackMeta) => m.terms },
    counts: { view: 'u32', length: (m: KeywordPackMeta) => m.terms },
    offsets: { view: 'f64', length: (m: KeywordPackMeta) => m.terms + 1 },
    lengths: { view: 'u16', length: (m: KeywordPackMeta) => m.docs },
    paperTotals: { view: 'f64', length: (m: KeywordPackMeta) => m.papers.length }
  },
  paged: {},
  // The postings section ends where the last term's list does.
  agrees: (s: { offsets: Float64Array }, m: KeywordPackMeta, reader: PackReader<KeywordPackMeta>) =>
    reader.has('postings') && s.offsets[m.terms] === reader.bytes('postings')
} as const

/** One term's postings: library-wide doc numbers (ascending) and term frequencies. */
export interface PackPostings {
  docs: Uint32Array
  freqs: Uint8Array
}

/** Bytes of postings lists a pack keeps in memory between queries (a list above a quarter is not kept). */
export const LIST_CACHE_BYTES = 32 * 1024 * 1024

const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * The keyword postings of a large library in one file: a library-wide inverted index.
 * @remarks In memory: the term hashes with their document frequencies and offsets, each chunk's
 * length and id (as bytes), about 45 bytes a chunk. The postings themselves (5 bytes each) stay
 * on disk; a query reads the lists of its terms only. Docs are numbered paper after paper, so a
 * paper's chunks are one range and a list is sorted by paper. Chunk text and records stay in the
 * per-paper `.kw` files and are read for the results only.
 */
export class KeywordPack {
  private readonly listCache = new Map<number, PackPostings>()
  private listCacheBytes = 0
  readonly papers: PackedPaper[]
  readonly paperIndex: Map<string, number>
  /** First doc of each paper (and the doc count at the end). */
  readonly paperFirst: Uint32Array
  /** The paper of each doc. */
  readonly docPaper: Uint32Array

  private constructor(
    private readonly reader: PackReader<KeywordPackMeta>,
    readonly meta: KeywordPackMeta,
    readonly terms: Uint32Array,
    readonly counts: Uint32Array,
    readonly offsets: Float64Array,
    readonly lengths: Uint16Array,
    readonly paperTotals: Float64Array,
    readonly ids: StringTable
  ) {
    this.papers = meta.papers
    this.paperIndex = new Map(meta.papers.map((p, i) => [p.id, i]))
    this.paperFirst = new Uint32Array(meta.papers.length + 1)
    this.docPaper = new Uint32Array(meta.docs)
    meta.papers.forEach((p, i) => {
      this.paperFirst[i + 1] = this.paperFirst[i]! + p.n
      this.docPaper.fill(i, this.paperFirst[i]!, this.paperFirst[i + 1]!)
    })
  }

  /** Opens a pack; throws PackUnreadableError / PackNewerError. */
  static open(path: string): KeywordPack {
    const { reader, meta, sections: s, ids } = openPack(path, KEYWORD_PACK_LAYOUT)
    return new KeywordPack(
      reader,
      meta,
      s.terms,
      s.counts,
      s.offsets,
      s.lengths,
      s.paperTotals,
      ids
    )
  }

  get docs(): number {
    return this.meta.docs
  }

  close(): void {
    this.listCache.clear()
    this.listCacheBytes = 0
    this.reader.close()
  }

  /** The index of a term hash, or -1. */
  find(hash: number): number {
    let lo = 0
    let hi = this.terms.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const v = this.terms[mid]!
      if (v === hash) return mid
      if (v < hash) lo = mid + 1
      else hi = mid - 1
    }
    return -1
  }

  /**
   * Term `t`'s postings, for a query: the lists read most recently are kept (up to
   * {@link LIST_CACHE_BYTES}), since the common terms of one library come up query after query
   * and their lists are the long ones (reading them was ~7 ms of a 1M-chunk search).
   */
  cachedPostings(t: number): PackPostings {
    const hit = this.listCache.get(t)
    if (hit) {
      this.listCache.delete(t)
      this.listCache.set(t, hit)
      return hit
    }
    const l = this.postings(t)
    const bytes = l.docs.length * 5
    if (bytes > LIST_CACHE_BYTES / 4) return l
    this.listCache.set(t, l)
    this.listCacheBytes += bytes
    for (const [old, list] of this.listCache) {
      if (this.listCacheBytes <= LIST_CACHE_BYTES) break
      this.listCache.delete(old)
      this.listCacheBytes -= list.docs.length * 5
    }
    return l
  }

  /** Reads term `t`'s postings from disk. */
  postings(t: number): PackPostings {
    const n = this.counts[t]!
    const at = this.offsets[t]!
    const bytes = this.offsets[t + 1]! - at
    const buf = new ArrayBuffer(bytes)
    this.reader.readInto('postings', at, new Uint8Array(buf))
    return { docs: new Uint32Array(buf, 0, n), freqs: new Uint8Array(buf, n * 4, n) }
  }

  chunkId(doc: number): string {
    return this.ids.get(doc)
  }
}

/** What goes into a new keyword pack: the previous one's kept papers, then the added ones. */
export interface KeywordPackBuild {
  path: string
  previous: KeywordPack | null
  keep: Uint8Array | null
  added: { postings: PaperPostings; size: number; mtimeMs: number }[]
  cancelled?: () => boolean
}

/**
 * Writes a new keyword pack by merging the previous pack's lists with the added papers'.
 * @remarks Term by term in hash order: the previous list (docs of removed papers dropped, the
 * rest renumbered) then each added paper's postings. Memory holds the added papers (already in
 * memory) and one list at a time; the event loop gets a turn every few thousand terms.
 */
export async function writeKeywordPack(build: KeywordPackBuild): Promise<void> {
  const { previous, added } = build
  const papers: PackedPaper[] = []
  const totals: number[] = []
  const oldToNew = new Int32Array(previous?.papers.length ?? 0).fill(-1)
  previous?.papers.forEach((p, i) => {
    if (build.keep?.[i]) {
      oldToNew[i] = papers.length
      papers.push(p)
      totals.push(previous.paperTotals[i]!)
    }
  })
  const addedBase = papers.length
  for (const a of added) {
    papers.push({
      id: a.postings.paperId,
      n: a.postings.ids.length,
      size: a.size,
      mtimeMs: a.mtimeMs
    })
    totals.push(a.postings.totalLength)
  }
  const first = new Uint32Array(papers.length + 1)
  papers.forEach((p, i) => (first[i + 1] = first[i]! + p.n))
  const docs = first[papers.length]!
  // Old doc -> new doc shift, per old paper (-1: dropped).
  const shift = new Float64Array(previous?.papers.length ?? 0)
  previous?.papers.forEach((_, i) => {
    shift[i] = oldToNew[i]! < 0 ? NaN : first[oldToNew[i]!]! - previous.paperFirst[i]!
  })

  const { union, entryStart, entryPaper, entryTerm } = groupAddedTerms(added)
  const { lengths, ids } = docRecords(build, oldToNew, first, addedBase)

  const terms: number[] = []
  const counts: number[] = []
  const offsets: number[] = [0]
  const w = await PackWriter.create(build.path, KEYWORD_PACK_FORMAT)
  try {
    await w.begin('postings')
    const out = new ByteOut(w)
    const oldTerms = previous?.terms ?? new Uint32Array(0)
    let i = 0
    let u = 0
    let steps = 0
    let listDocs = new Uint32Array(1024)
    let listFreqs = new Uint8Array(1024)
    while (i < oldTerms.length || u < union.length) {
      const h =
        u >= union.length || (i < oldTerms.length && oldTerms[i]! <= union[u]!)
          ? oldTerms[i]!
          : union[u]!
      let n = 0
      const push = (doc: number, tf: number): void => {
        if (n === listDocs.length) {
          const d = new Uint32Array(n * 2)
          d.set(listDocs)
          listDocs = d
          const f = new Uint8Array(n * 2)
          f.set(listFreqs)
          listFreqs = f
        }
        listDocs[n] = doc
        listFreqs[n++] = tf
      }
      if (i < oldTerms.length && oldTerms[i] === h) {
        const old = previous!.postings(i)
        for (let j = 0; j < old.docs.length; j++) {
          const s = shift[previous!.docPaper[old.docs[j]!]!]!
          if (!Number.isNaN(s)) push(old.docs[j]! + s, old.freqs[j]!)
        }
        i++
      }
      if (u < union.length && union[u] === h) {
        for (let e = entryStart[u]!; e < entryStart[u + 1]!; e++) {
          const p = added[entryPaper[e]!]!.postings
          const base = first[addedBase + entryPaper[e]!]!
          const t = entryTerm[e]!
          for (let j = p.starts[t]!; j < p.starts[t + 1]!; j++) push(base + p.docs[j]!, p.freqs[j]!)
        }
        u++
      }
      if (n > 0) {
        terms.push(h)
        counts.push(n)
        await out.push(new Uint8Array(listDocs.buffer, 0, n * 4))
        await out.push(listFreqs.subarray(0, n))
        const pad = (4 - (n % 4)) % 4
        if (pad) await out.push(new Uint8Array(pad))
        offsets.push(offsets[offsets.length - 1]! + n * 4 + n + pad)
      }
      if (++steps % 2048 === 0) {
        await yieldNow()
        if (build.cancelled?.()) throw new CancelledBuild()
      }
    }
    await out.flush()
    const table = ids.build()
    await w.section('terms', Uint32Array.from(terms))
    await w.section('counts', Uint32Array.from(counts))
    await w.section('offsets', Float64Array.from(offsets))
    await w.section('lengths', lengths)
    await w.section('paperTotals', Float64Array.from(totals))
    await w.section('idStarts', table.starts)
    await w.section('ids', table.bytes)
    const meta: KeywordPackMeta = { docs, terms: terms.length, papers }
    await w.finish(meta)
  } catch (e) {
    await w.abort()
    throw e
  }
}

/** An added paper's postings, as {@link KeywordPackBuild} lists them. */
type AddedPaper = KeywordPackBuild['added'][number]

/**
 * The added papers' terms in one sorted union, and per union term its (paper, term index)
 * entries: `entryStart[u]` to `entryStart[u + 1]` in `entryPaper` / `entryTerm`.
 */
function groupAddedTerms(added: readonly AddedPaper[]): {
  union: Uint32Array
  entryStart: Uint32Array
  entryPaper: Uint32Array
  entryTerm: Uint32Array
} {
  // The added papers' terms, grouped by term: union (sorted), then (paper, term index) entries.
  const union = uniqueSorted(added.map((a) => a.postings.terms))
  const entryStart = new Uint32Array(union.length + 1)
  const where = added.map((a) => {
    const at = new Uint32Array(a.postings.terms.length)
    a.postings.terms.forEach((h, t) => {
      at[t] = bsearch(union, h)
      entryStart[at[t]! + 1]!++
    })
    return at
  })
  for (let u = 0; u < union.length; u++) entryStart[u + 1]! += entryStart[u]!
  const fill = entryStart.slice(0, union.length)
  const entryPaper = new Uint32Array(entryStart[union.length]!)
  const entryTerm = new Uint32Array(entryStart[union.length]!)
  where.forEach((at, p) =>
    at.forEach((u, t) => {
      entryPaper[fill[u]!] = p
      entryTerm[fill[u]!++] = t
    })
  )
  return { union, entryStart, entryPaper, entryTerm }
}

/** Each new doc's length and chunk id: the kept papers' (copied), then the added papers'. */
function docRecords(
  build: KeywordPackBuild,
  oldToNew: Int32Array,
  first: Uint32Array,
  addedBase: number
): { lengths: Uint16Array; ids: StringTableBuilder } {
  const { previous, added } = build
  const docs = first[first.length - 1]!
  const lengths = new Uint16Array(docs)
  const ids = new StringTableBuilder(docs)
  previous?.papers.forEach((_, i) => {
    if (oldToNew[i]! < 0) return
    const from = previous.paperFirst[i]!
    const to = previous.paperFirst[i + 1]!
    lengths.set(previous.lengths.subarray(from, to), first[oldToNew[i]!]!)
    for (let d = from; d < to; d++) ids.addFrom(previous.ids, d)
  })
  added.forEach((a, p) => {
    lengths.set(a.postings.lengths, first[addedBase + p]!)
    for (const id of a.postings.ids) ids.add(id)
  })
  return { lengths, ids }
}

/** Collects small appends into 1 MB pages before they reach the file. */
class ByteOut {
  private readonly buf = new Uint8Array(1 << 20)
  private used = 0

  constructor(private readonly w: PackWriter) {}

  async push(bytes: Uint8Array): Promise<void> {
    if (bytes.length > this.buf.length) {
      await this.flush()
      await this.w.append(bytes)
      return
    }
    if (this.used + bytes.length > this.buf.length) await this.flush()
    this.buf.set(bytes, this.used)
    this.used += bytes.length
  }

  async flush(): Promise<void> {
    if (this.used > 0) await this.w.append(this.buf.subarray(0, this.used))
    this.used = 0
  }
}

function uniqueSorted(lists: readonly Uint32Array[]): Uint32Array {
  const all = new Uint32Array(lists.reduce((n, l) => n + l.length, 0))
  let at = 0
  for (const l of lists) {
    all.set(l, at)
    at += l.length
  }
  all.sort()
  let n = 0
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!
  return all.slice(0, n)
}

function bsearch(a: Uint32Array, h: number): number {
  let lo = 0
  let hi = a.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const v = a[mid]!
    if (v === h) return mid
    if (v < h) lo = mid + 1
    else hi = mid - 1
  }
  return -1
}
