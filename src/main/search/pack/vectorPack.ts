import { z } from 'zod'
import { PackWriter, type PackFormat, type PackReader } from '../../storage/packFile'
import { TopK } from '../topK'
import { dotCodes } from '../vectorScan'
import { assignRows, dot, trainCentroids, type PackInput } from './ivfTraining'
import { openPack } from './packLayout'
import { StringTableBuilder, type StringTable } from './stringTable'

/** A paper in a pack, with the identity of the per-paper file it was packed from. */
export const PackedPaperSchema = z.object({
  id: z.string(),
  /** Rows (chunks) of the paper. */
  n: z.number().int().min(0),
  /** Size and mtime of the per-paper file when packed: a file that differs is read again. */
  size: z.number().int().min(0),
  mtimeMs: z.number()
})
export type PackedPaper = z.infer<typeof PackedPaperSchema>

const VectorPackMetaSchema = z.looseObject({
  embedderId: z.string(),
  dims: z.number().int().min(8).multipleOf(8),
  lists: z.number().int().min(1).max(0xffff),
  rows: z.number().int().min(0),
  papers: z.array(PackedPaperSchema)
})
type VectorPackMeta = z.infer<typeof VectorPackMetaSchema>

/** `vectors/pack.rpvp`: every packed vector, grouped by IVF list. */
export const VECTOR_PACK_FORMAT: PackFormat<VectorPackMeta> = {
  magic: 'RPVP',
  version: 1,
  meta: VectorPackMetaSchema,
  migrations: {}
}

/** What the vector pack's sections hold, checked against its meta by {@link openPack}. */
const VECTOR_PACK_LAYOUT = {
  format: VECTOR_PACK_FORMAT,
  rows: (m: VectorPackMeta) => m.rows,
  loaded: {
    centroids: { view: 'f32', length: (m: VectorPackMeta) => m.lists * m.dims },
    listStarts: { view: 'u32', length: (m: VectorPackMeta) => m.lists + 1 },
    rowPaper: { view: 'u32', length: (m: VectorPackMeta) => m.rows },
    inv: { view: 'f32', length: (m: VectorPackMeta) => m.rows },
    signs: { view: 'u8', length: (m: VectorPackMeta) => m.rows * (m.dims >> 3) }
  },
  paged: { codes: (m: VectorPackMeta) => m.rows * m.dims },
  agrees: (s: { listStarts: Uint32Array }, m: VectorPackMeta) => s.listStarts[m.lists] === m.rows
} as const

/** Lists of the inverted-file index (k-means centroids). */
export const PACK_LISTS = 256
/** Candidates of the sign-bit pass rescored exactly on their codes. */
export const RERANK = 4000
/** Lists probed per query, at least. */
export const DEFAULT_PROBES = 16
/** Lists probed per query, at most (unless the minimum asked is higher). */
export const MAX_PROBES = 64
/**
 * Past the minimum, a list is probed while its centroid scores within this of the best one.
 * @remarks Measured at 1M chunks (`npx tsx bench/recallAtScale.ts`): a fixed 24 probes gave
 * recall@10 0.971 for near-chunk queries; 16 + this margin (≤ 64) gives 0.991 at less CPU, since
 * a query near one cluster probes few lists and a query between clusters probes more.
 */
export const PROBE_MARGIN = 0.12
/**
 * Up to this many rows, a query's sign-bit pass covers every list.
 * @remarks With {@link PACK_LISTS} lists, a pack of a few thousand rows has a few dozen rows a
 * list, and probing 16 lists read only ~6% of it: the quick bench's 8,000 chunks gave recall@10
 * 0.85 against the exact scan. The sign pass over 32k rows is ~1.5 MB of table lookups, and the
 * exact rescoring of its best {@link RERANK} is the same as for a large pack.
 */
export const SIGN_PASS_ALL_ROWS = 32_768
/** `probes` value for the exact scan of every row's codes (the reference the bench compares to). */
export const EXACT = Infinity

export type { PackInput } from './ivfTraining'

/** A hit in the pack: the row, its paper's index in the pack, its cosine. */
export interface PackHit {
  row: number
  paper: number
  score: number
}

const yieldNow = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * The vectors of a large library in one file: an inverted-file index (IVF) of int8 vectors.
 * @remarks In memory: the centroids, each row's paper, its 1/‖codes‖, its sign bits (48 bytes
 * at 384 dims) and its chunk id as bytes, about 90 bytes a chunk. The int8 codes (384 bytes a
 * chunk) stay on disk. A query scores the centroids, runs the sign-bit pass over the rows of the
 * nearest lists ({@link probedLists}: at least `probes`, more while their centroids score near
 * the best), and rescores the best candidates exactly on their codes, read from the
 * file in pages. Rows are grouped by list, so a probed list is one contiguous range.
 */
export class VectorPack {
  readonly papers: PackedPaper[]
  readonly paperIndex: Map<string, number>

  private constructor(
    private readonly reader: PackReader<VectorPackMeta>,
    readonly meta: VectorPackMeta,
    readonly centroids: Float32Array,
    readonly listStarts: Uint32Array,
    readonly rowPaper: Uint32Array,
    readonly inv: Float32Array,
    readonly signs: Uint8Array,
    readonly ids: StringTable
  ) {
    this.papers = meta.papers
    this.paperIndex = new Map(meta.papers.map((p, i) => [p.id, i]))
  }

  /** Opens a pack; throws PackUnreadableError / PackNewerError. */
  static open(path: string): VectorPack {
    const { reader, meta, sections: s, ids } = openPack(path, VECTOR_PACK_LAYOUT)
    return new VectorPack(reader, meta, s.centroids, s.listStarts, s.rowPaper, s.inv, s.signs, ids)
  }

  get rows(): number {
    return this.meta.rows
  }

  get dims(): number {
    return this.meta.dims
  }

  close(): void {
    this.reader.close()
  }

  private exactScan(q: Float32Array, k: number, allowed: Uint8Array | null): PackHit[] {
    return exactScanOf(this, q, k, allowed)
  }

  /** The chunk id of a row. */
  chunkId(row: number): string {
    return this.ids.get(row)
  }

  /** Checks the on-disk codes against their checksum (reads the whole section). */
  verifyCodes(): boolean {
    return this.reader.verify('codes')
  }

  /** Reads the codes of `count` rows from `row` into `target` (int8, row-major). */
  readCodes(row: number, count: number, target: Int8Array): void {
    const bytes = new Uint8Array(target.buffer, target.byteOffset, count * this.dims)
    this.reader.readInto('codes', row * this.dims, bytes)
  }

  /**
   * The best `k` rows for a unit query, among rows whose paper `allowed` marks (all when null).
   * @remarks Approximate: only the `probes` lists nearest the query are scanned (recall against
   * the exact scan is measured by the bench); `probes >= lists` scans every row.
   */
  query(
    q: Float32Array,
    k: number,
    allowed: Uint8Array | null,
    probes = DEFAULT_PROBES
  ): PackHit[] {
    const { dims, lists } = this.meta
    if (this.rows === 0 || k <= 0) return []
    if (probes === EXACT) return this.exactScan(q, k, allowed)
    // A small pack's lists hold a few dozen rows each: the sign pass reads every one.
    if (this.rows <= SIGN_PASS_ALL_ROWS) probes = lists
    const near = new TopK(Math.min(lists, Math.max(probes, MAX_PROBES)))
    for (let l = 0; l < lists; l++) {
      if (this.listStarts[l + 1] === this.listStarts[l]) continue
      near.push(dot(this.centroids, l * dims, q), l)
    }
    const probed = probedLists(near.sorted(), probes)
    const bytes = dims >> 3
    const table = signTable(q)
    const keep = new TopK(Math.max(RERANK, 20 * k))
    const signs = this.signs
    const rowPaper = this.rowPaper
    for (const { id: l } of probed) {
      for (let r = this.listStarts[l]!, end = this.listStarts[l + 1]!; r < end; r++) {
        if (allowed && allowed[rowPaper[r]!] === 0) continue
        const o = r * bytes
        let s = 0
        for (let b = 0; b < bytes; b++) s += table[(b << 8) | signs[o + b]!]!
        if (s > keep.threshold) keep.push(s, r)
      }
    }
    const candidates = keep
      .sorted()
      .map((c) => c.id)
      .sort((a, b) => a - b)
    const exact = new TopK(k)
    const page = new Int8Array(64 * dims)
    for (let i = 0; i < candidates.length;) {
      // Reads runs of nearby rows in one call: candidates of one list are often neighbours.
      let j = i + 1
      while (j < candidates.length && candidates[j]! - candidates[i]! < 64) j++
      const first = candidates[i]!
      const span = candidates[j - 1]! - first + 1
      this.readCodes(first, span, page)
      for (let c = i; c < j; c++) {
        const r = candidates[c]!
        exact.push(dotCodes(page, (r - first) * dims, q) * this.inv[r]!, r)
      }
      i = j
    }
    return exact.sorted().map(({ id, score }) => ({ row: id, paper: rowPaper[id]!, score }))
  }
}

/**
 * The lists a query probes, from its nearest centroids (best first): the first `min`, then more
 * while their centroid scores within {@link PROBE_MARGIN} of the best.
 */
export function probedLists<T extends { score: number }>(ranked: readonly T[], min: number): T[] {
  if (ranked.length === 0) return []
  const floor = ranked[0]!.score - PROBE_MARGIN
  let n = Math.min(min, ranked.length)
  while (n < ranked.length && ranked[n]!.score >= floor) n++
  return ranked.slice(0, n)
}

/** Scores every allowed row exactly on its codes, read page by page. */
function exactScanOf(
  pack: VectorPack,
  q: Float32Array,
  k: number,
  allowed: Uint8Array | null
): PackHit[] {
  const dims = pack.dims
  const exact = new TopK(k)
  const page = new Int8Array(4096 * dims)
  for (let r0 = 0; r0 < pack.rows; r0 += 4096) {
    const n = Math.min(4096, pack.rows - r0)
    pack.readCodes(r0, n, page)
    for (let i = 0; i < n; i++) {
      const r = r0 + i
      if (allowed && allowed[pack.rowPaper[r]!] === 0) continue
      exact.push(dotCodes(page, i * dims, q) * pack.inv[r]!, r)
    }
  }
  return exact.sorted().map(({ id, score }) => ({ row: id, paper: pack.rowPaper[id]!, score }))
}

/** What goes into a new pack: the previous pack's live papers, then the new papers. */
export interface VectorPackBuild {
  path: string
  embedderId: string
  dims: number
  previous: VectorPack | null
  /** Per paper of `previous`: 1 to keep it. */
  keep: Uint8Array | null
  added: PackInput[]
  /** Stops between steps when it returns true (the store is closing). */
  cancelled?: () => boolean
}

/**
 * Writes a new pack: the previous one's live rows and the added papers, list by list.
 * @remarks The centroids are trained once, on the first pack (k-means on a sample), and kept;
 * added rows are assigned to their nearest centroid. Work is cut into steps with a yield to the
 * event loop between them, so building a pack in the main process never stalls it for long.
 */
export async function writeVectorPack(build: VectorPackBuild): Promise<void> {
  const { dims, previous } = build
  const centroids = previous?.centroids ?? (await trainCentroids(build.added, dims, PACK_LISTS))
  const lists = centroids.length / dims
  const assigned: Uint16Array[] = []
  for (const p of build.added) {
    assigned.push(assignRows(p.vectors, centroids, lists))
    await yieldNow()
    if (build.cancelled?.()) throw new CancelledBuild()
  }
  const papers: PackedPaper[] = []
  const oldToNew = new Int32Array(previous?.papers.length ?? 0).fill(-1)
  previous?.papers.forEach((p, i) => {
    if (build.keep?.[i]) {
      oldToNew[i] = papers.length
      papers.push(p)
    }
  })
  const addedBase = papers.length
  for (const p of build.added) {
    papers.push({
      id: p.vectors.paperId,
      n: p.vectors.ids.length,
      size: p.size,
      mtimeMs: p.mtimeMs
    })
  }
  const rows = papers.reduce((n, p) => n + p.n, 0)
  const bytes = dims >> 3
  const listStarts = new Uint32Array(lists + 1)
  const rowPaper = new Uint32Array(rows)
  const inv = new Float32Array(rows)
  const signs = new Uint8Array(rows * bytes)
  const ids = new StringTableBuilder(rows)
  // The added rows of each list, as (paper, row) pairs.
  const byList: number[][] = Array.from({ length: lists }, () => [])
  assigned.forEach((a, p) => a.forEach((l, r) => byList[l]!.push(p, r)))

  const w = await PackWriter.create(build.path, VECTOR_PACK_FORMAT)
  try {
    await w.begin('codes')
    const out = new PageOut(w, 4096 * dims)
    let at = 0
    const page = new Int8Array(4096 * dims)
    for (let l = 0; l < lists; l++) {
      listStarts[l] = at
      if (previous) {
        const start = previous.listStarts[l]!
        const end = previous.listStarts[l + 1]!
        for (let r0 = start; r0 < end; r0 += 4096) {
          const n = Math.min(4096, end - r0)
          previous.readCodes(r0, n, page)
          for (let i = 0; i < n; i++) {
            const r = r0 + i
            const np = oldToNew[previous.rowPaper[r]!]!
            if (np < 0) continue
            rowPaper[at] = np
            inv[at] = previous.inv[r]!
            signs.set(previous.signs.subarray(r * bytes, (r + 1) * bytes), at * bytes)
            ids.addFrom(previous.ids, r)
            await out.push(page.subarray(i * dims, (i + 1) * dims))
            at++
          }
        }
      }
      const pairs = byList[l]!
      for (let i = 0; i < pairs.length; i += 2) {
        const v = build.added[pairs[i]!]!.vectors
        const r = pairs[i + 1]!
        rowPaper[at] = addedBase + pairs[i]!
        inv[at] = v.inv[r]!
        signs.set(v.signs.subarray(r * bytes, (r + 1) * bytes), at * bytes)
        ids.add(v.ids[r]!)
        await out.push(v.codes.subarray(r * dims, (r + 1) * dims))
        at++
      }
      if (l % 16 === 15) {
        await yieldNow()
        if (build.cancelled?.()) throw new CancelledBuild()
      }
    }
    await out.flush()
    listStarts[lists] = at
    const table = ids.build()
    await w.section('centroids', centroids)
    await w.section('listStarts', listStarts)
    await w.section('rowPaper', rowPaper)
    await w.section('inv', inv)
    await w.section('signs', signs)
    await w.section('idStarts', table.starts)
    await w.section('ids', table.bytes)
    const meta: VectorPackMeta = { embedderId: build.embedderId, dims, lists, rows, papers }
    await w.finish(meta)
  } catch (e) {
    await w.abort()
    throw e
  }
}

/** Collects small appends into pages before they reach the file. */
class PageOut {
  private readonly buf: Int8Array
  private used = 0

  constructor(
    private readonly w: PackWriter,
    size: number
  ) {
    this.buf = new Int8Array(size)
  }

  async push(bytes: Int8Array): Promise<void> {
    if (this.used + bytes.length > this.buf.length) await this.flush()
    this.buf.set(bytes, this.used)
    this.used += bytes.length
  }

  async flush(): Promise<void> {
    if (this.used > 0) await this.w.append(this.buf.subarray(0, this.used))
    this.used = 0
  }
}

/** A pack build stopped because the store is closing. */
export class CancelledBuild extends Error {
  constructor() {
    super('pack build cancelled')
  }
}

/** `table[b * 256 + v]`: the query's dot product with the ±1 pattern of byte value v at byte b. */
export function signTable(q: Float32Array): Float32Array {
  const bytes = q.length >> 3
  const table = new Float32Array(bytes * 256)
  for (let b = 0; b < bytes; b++) {
    for (let v = 0; v < 256; v++) {
      let s = 0
      for (let bit = 0; bit < 8; bit++) s += v & (1 << bit) ? q[b * 8 + bit]! : -q[b * 8 + bit]!
      table[b * 256 + v] = s
    }
  }
  return table
}
