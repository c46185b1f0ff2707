import { readFileSync } from 'node:fs'
import { mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { UserFacingError, type ErrorText } from '../errors'
import { removeUnfinishedPacks } from '../storage/packFile'
import { openPackOrNotice } from './pack/packLayout'
import { moveAside, readVersioned, writeVersioned, type FileFormat } from '../storage/versionedFile'
import { decodeVectors } from './int8Codec'
import { readPaperFiles } from './pack/paperFiles'
import type { VectorHit, VectorStore } from './types'
import { scanVectors, withSigns, EXACT_SCAN_LIMIT, type PaperVectors } from './vectorScan'
import {
  DEFAULT_PACK_POLICY,
  PackedStore,
  type FileIdentity,
  type PackPolicy
} from './pack/PackedStore'
import { VectorPack, writeVectorPack, DEFAULT_PROBES } from './pack/vectorPack'
import { WorkerVectraWriter, type PaperIndexWriter } from './WorkerVectraWriter'

/** Where a {@link VectraStore} keeps its files: `<dir>/vectors/` (e.g. `paths.index`). */
export interface VectraStoreDeps {
  dir: string
  /** Who builds a paper's Vectra file; a worker thread by default. */
  writer?: PaperIndexWriter
  /** Only read the folder (another process writes it): never clean it up, create or repair it. */
  readOnly?: boolean
  /** When the library-wide pack is built and merged (defaults: {@link PackedStore}). */
  pack?: Partial<PackPolicy>
  /** IVF lists probed per query on the pack. */
  probes?: number
  /** Told when something happens in the background (a pack built, or failing). */
  log?: (message: string) => void
}

const ManifestSchema = z.looseObject({
  version: z.literal(1),
  embedderId: z.string().nullable(),
  dims: z.number().int().min(1).nullable()
})
type Manifest = z.infer<typeof ManifestSchema>

/** `vectors/store.json`: which embedder made the stored vectors. Version 0 said `format: 1`. */
export const MANIFEST_FORMAT: FileFormat<Manifest> = {
  name: 'store.json',
  version: 1,
  unversioned: 0,
  schema: ManifestSchema,
  migrations: { 0: ({ format: _format, ...rest }) => rest }
}

const INDEX_FILE = 'index.rpv'
const PACK_FILE = 'pack.rpvp'
/** Papers of the pack kept decoded for scoped queries. */
const SCOPED_CACHE_PAPERS = 64
let tmpCounter = 0

/**
 * The vector store: one small Vectra index per paper, and a library-wide pack for large libraries.
 * @remarks Naive Vectra keeps one index file for the whole library, rewrites it on every change
 * (non-atomically), keeps vectors as JS arrays and cannot write its JSON past ~68k items. Here
 * each paper is its own Vectra `LocalIndex` (int8 codec, see {@link Int8Codec}) built in a temp
 * folder and renamed into `vectors/papers/<paperId>.rpv`, so adding a paper writes only that
 * paper's file and a crash never leaves a half-written index under a real name. Those files are
 * the truth. Small libraries are decoded into typed arrays and scanned. From
 * `PackPolicy.minChunks` on, the papers are merged in the background into `vectors/pack.rpvp`
 * ({@link VectorPack}: an IVF index whose int8 codes stay on disk and are read in pages), and
 * only papers added since are held in memory ({@link PackedStore}); a query merges both.
 * `store.json` records the embedder id; files from another embedder are ignored on open.
 */
export class VectraStore implements VectorStore {
  private manifest: Manifest = { version: 1, embedderId: null, dims: null }
  private readonly store: PackedStore<PaperVectors, VectorPack>
  private readonly damaged = new Map<string, string>()
  private readonly scopedCache = new Map<string, PaperVectors>()

  private readonly dir: string
  private readonly writer: PaperIndexWriter
  private readonly readOnly: boolean
  private readonly probes: number

  constructor(deps: VectraStoreDeps) {
    this.dir = join(deps.dir, 'vectors')
    this.writer = deps.writer ?? new WorkerVectraWriter()
    this.readOnly = deps.readOnly ?? false
    this.probes = deps.probes ?? DEFAULT_PROBES
    this.store = new PackedStore<PaperVectors, VectorPack>({
      policy: { ...DEFAULT_PACK_POLICY, ...deps.pack },
      readOnly: this.readOnly,
      log: deps.log ?? ((m) => console.error(m)),
      build: async ({ previous, keep, added, cancelled }) => {
        const path = join(this.dir, PACK_FILE)
        await writeVectorPack({
          path,
          embedderId: this.manifest.embedderId!,
          dims: this.manifest.dims!,
          previous,
          keep,
          added: added.map(({ paper }) => ({ vectors: paper.value, ...paper.identity })),
          cancelled
        })
        return VectorPack.open(path)
      }
    })
  }

  /**
   * Loads every paper's vectors (creating the folder unless read-only); call once before use.
   * @remarks A `.rpv` file that cannot be read leaves only its own paper out (see
   * {@link damagedPapers}). An unreadable `store.json` is kept aside and rebuilt from the papers'
   * files, which each name their embedder; an unreadable pack is kept aside and rebuilt from the
   * papers' files. Returns what it had to repair, for the user. A read-only store may call it
   * again to see another process's changes: the files are read first and swapped in at once, so
   * a query never meets a half-loaded store.
   */
  async open(): Promise<ErrorText[]> {
    return this.load(this.readOnly)
  }

  /** Papers whose vector file could not be read, with the reason. */
  damagedPapers(): ReadonlyMap<string, string> {
    return this.damaged
  }

  embedderId(): string | null {
    return this.manifest.embedderId
  }

  /** The dimension of the stored vectors, or null when empty. */
  dims(): number | null {
    return this.manifest.dims
  }

  hasPaper(paperId: string): boolean {
    return this.store.has(paperId)
  }

  /**
   * A paper's stored vectors by chunk id, with the embedder that made them (null when it has
   * none). The int8 codes are returned as floats: saved again they give the same codes.
   */
  storedVectors(
    paperId: string
  ): { embedderId: string; vectors: Map<string, Float32Array> } | null {
    if (!this.store.has(paperId)) return null
    // Papers added since the last pack are in memory; packed ones are read from their own file.
    const p = this.store.delta.get(paperId)?.value ?? this.scopedPaper(paperId)
    if (!p) return null
    const vectors = new Map<string, Float32Array>()
    p.ids.forEach((id, row) => {
      const v = new Float32Array(p.dims)
      for (let j = 0; j < p.dims; j++) v[j] = p.codes[row * p.dims + j]!
      vectors.set(id, v)
    })
    return { embedderId: p.embedderId, vectors }
  }

  /** The ids of the papers that have vectors. */
  paperIds(): string[] {
    return this.store.paperIds()
  }

  count(): number {
    return this.store.rows()
  }

  /** Chunks in the library-wide pack (0 while the library is below the pack size). */
  packedCount(): number {
    return this.count() - this.store.deltaRows()
  }

  /** Resolves when no pack is being built in the background. */
  async idle(): Promise<void> {
    await this.store.idle()
  }

  async putPaper(
    paperId: string,
    embedderId: string,
    items: { chunkId: string; vector: Float32Array }[]
  ): Promise<void> {
    const dims = items[0]?.vector.length ?? this.manifest.dims ?? 0
    if (items.some((i) => i.vector.length !== dims)) {
      throw new Error(`Vectors of paper ${paperId} do not all have ${dims} dimensions`)
    }
    const others = this.count() - (this.store.has(paperId) ? this.rowsOf(paperId) : 0)
    if (others > 0 && (this.manifest.embedderId !== embedderId || this.manifest.dims !== dims)) {
      throw new Error(
        `The store holds vectors of ${this.manifest.embedderId} (${this.manifest.dims} dims); ` +
          `clear() it before adding vectors of ${embedderId} (${dims} dims)`
      )
    }
    if (this.manifest.embedderId !== embedderId || this.manifest.dims !== dims) {
      await this.writeManifest({ version: 1, embedderId, dims })
    }
    // Upsert by chunk id: the last vector given for an id wins.
    const byId = new Map(items.map((i) => [i.chunkId, i.vector]))
    const tmp = join(this.dir, 'tmp', `${process.pid}-${++tmpCounter}`)
    try {
      // Vectra writes plainly (no temp file) into a private folder and the writer fsyncs it; the
      // rename below is the commit, so a crash at any point leaves the previous file or the new one.
      await mkdir(tmp, { recursive: true })
      const ids = [...byId.keys()]
      const flat = new Float32Array(ids.length * dims)
      ids.forEach((id, i) => flat.set(byId.get(id)!, i * dims))
      await this.writer.write({
        dir: tmp,
        file: INDEX_FILE,
        paperId,
        embedderId,
        dims,
        chunkIds: ids,
        vectors: flat
      })
      const bytes = await readFile(join(tmp, INDEX_FILE))
      const decoded = withSigns(decodeVectors(bytes))
      const file = this.paperFile(paperId)
      await rename(join(tmp, INDEX_FILE), file)
      const st = await stat(file)
      this.scopedCache.delete(paperId)
      this.store.put(paperId, {
        value: decoded,
        rows: decoded.ids.length,
        identity: { size: st.size, mtimeMs: st.mtimeMs }
      })
      this.damaged.delete(paperId)
    } catch (cause) {
      if (cause instanceof UserFacingError) throw cause
      throw new UserFacingError(
        'DISK_WRITE_FAILED',
        { key: 'vectorsSaveFailed', params: { id: paperId } },
        { cause }
      )
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  }

  async removePaper(paperId: string): Promise<void> {
    await rm(this.paperFile(paperId), { force: true })
    this.scopedCache.delete(paperId)
    this.store.remove(paperId)
    this.damaged.delete(paperId)
  }

  /** Starts the writer's worker (and its vectra import) ahead of the first write. */
  warmUp(): void {
    this.writer.warmUp?.()
  }

  /** Stops a pack build in progress and the writer's worker thread. */
  async close(): Promise<void> {
    await this.store.close()
    await this.writer.close()
  }

  async clear(): Promise<void> {
    for (const paperId of this.store.paperIds()) await this.removePaper(paperId)
    await this.store.idle()
    this.store.clear()
    await rm(join(this.dir, PACK_FILE), { force: true })
    await this.writeManifest({ version: 1, embedderId: null, dims: null })
  }

  async query(vector: Float32Array, k: number, paperIds?: readonly string[]): Promise<VectorHit[]> {
    if (this.count() === 0) return []
    if (vector.length !== this.manifest.dims) {
      throw new Error(`Query has ${vector.length} dims; the store holds ${this.manifest.dims}`)
    }
    let norm = 0
    for (const x of vector) norm += x * x
    const q = new Float32Array(vector.length)
    const f = norm > 0 ? 1 / Math.sqrt(norm) : 0
    for (let j = 0; j < q.length; j++) q[j] = vector[j]! * f

    const distinct = paperIds ? [...new Set(paperIds)] : null
    // A scope naming every paper (the whole library's search) is no scope: nothing to mask.
    const scope = distinct && !this.store.coversAll(distinct) ? distinct : null
    const delta = this.store.delta
    const selected = scope
      ? scope.flatMap((id) => delta.get(id)?.value ?? [])
      : [...delta.values()].map((d) => d.value)
    const pack = this.store.pack
    let allowed: Uint8Array | null = this.store.allAlive ? null : this.store.alive
    if (pack && scope) {
      const inPack = scope.filter((id) => this.store.inPack(id))
      const rows = inPack.reduce((n, id) => n + pack.papers[pack.paperIndex.get(id)!]!.n, 0)
      if (rows <= EXACT_SCAN_LIMIT) {
        // A few papers: their own files are read and scanned like the in-memory ones.
        selected.push(...inPack.flatMap((id) => this.scopedPaper(id) ?? []))
        allowed = null
      } else {
        allowed = new Uint8Array(pack.papers.length)
        for (const id of inPack) allowed[pack.paperIndex.get(id)!] = 1
      }
    }
    const hits: VectorHit[] = scanVectors(selected, q, k).map((h) => ({
      chunkId: selected[h.paper]!.ids[h.row]!,
      paperId: selected[h.paper]!.paperId,
      score: h.score
    }))
    const usePack = pack !== null && (!scope || allowed !== null)
    if (usePack && this.store.rows() > this.store.deltaRows()) {
      for (const h of pack.query(q, k, allowed, this.probes)) {
        hits.push({
          chunkId: pack.chunkId(h.row),
          paperId: pack.papers[h.paper]!.id,
          score: h.score
        })
      }
      hits.sort((a, b) => b.score - a.score)
    }
    return hits.slice(0, k)
  }

  private rowsOf(paperId: string): number {
    const d = this.store.delta.get(paperId)
    if (d) return d.rows
    const pack = this.store.pack!
    return pack.papers[pack.paperIndex.get(paperId)!]!.n
  }

  /** A packed paper's vectors from its own file (cached), for a query scoped to a few papers. */
  private scopedPaper(paperId: string): PaperVectors | null {
    let v = this.scopedCache.get(paperId)
    if (v) {
      this.scopedCache.delete(paperId)
    } else {
      try {
        v = withSigns(decodeVectors(readFileSync(this.paperFile(paperId))))
      } catch (e) {
        this.damaged.set(paperId, `vector index: ${(e as Error).message}`)
        return null
      }
      if (this.scopedCache.size >= SCOPED_CACHE_PAPERS) {
        this.scopedCache.delete(this.scopedCache.keys().next().value!)
      }
    }
    this.scopedCache.set(paperId, v)
    return v
  }

  private paperFile(paperId: string): string {
    return join(this.dir, 'papers', `${encodeURIComponent(paperId)}.rpv`)
  }

  private async writeManifest(manifest: Manifest): Promise<void> {
    await writeVersioned(join(this.dir, 'store.json'), MANIFEST_FORMAT, {
      embedderId: manifest.embedderId,
      dims: manifest.dims
    })
    this.manifest = manifest
  }

  private async load(readOnly: boolean): Promise<ErrorText[]> {
    const dir = this.dir
    const notices: ErrorText[] = []
    if (!readOnly) {
      // Temp folders of a crashed write; a read-only process must leave a live writer's alone.
      await rm(join(dir, 'tmp'), { recursive: true, force: true })
      await removeUnfinishedPacks(join(dir, PACK_FILE))
      await mkdir(join(dir, 'papers'), { recursive: true })
    }
    const manifestFile = join(dir, 'store.json')
    const read = await readVersioned(manifestFile, MANIFEST_FORMAT)
    if (read.state === 'newer') {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'newerVectors',
        params: { file: manifestFile, version: read.version }
      })
    }
    let manifest: Manifest =
      read.state === 'ok' ? read.data : { version: 1, embedderId: null, dims: null }
    const manifestLost = read.state === 'unreadable' ? read.reason : null
    const damaged = new Map<string, string>()
    const files = (await readdir(join(dir, 'papers')).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.rpv')
    )
    const opened = await openPackOrNotice({
      kind: 'vector',
      path: join(dir, PACK_FILE),
      open: (path) => VectorPack.open(path),
      readOnly,
      readOnlyToleratesAny: true
    })
    if (opened.notice) notices.push(opened.notice)
    let pack = opened.pack
    if (pack && manifestLost === null && pack.meta.embedderId !== manifest.embedderId) {
      // Packed before a model switch: its papers are re-read from their own files.
      pack.close()
      pack = null
    }
    const delta = new Map<string, { value: PaperVectors; rows: number; identity: FileIdentity }>()
    const { alive, loaded } = await readPaperFiles({
      dir: join(dir, 'papers'),
      names: files,
      ext: '.rpv',
      what: 'vector index',
      pack,
      decode: decodeVectors,
      damaged
    })
    if (manifestLost !== null) {
      // Every paper's file names its embedder: the most common one is the store's.
      const votes = new Map<string, { embedderId: string; dims: number; n: number }>()
      const vote = (embedderId: string, dims: number, n: number): void => {
        const key = `${embedderId} ${dims}`
        const v = votes.get(key) ?? { embedderId, dims, n: 0 }
        v.n += n
        votes.set(key, v)
      }
      for (const l of loaded) if (l) vote(l.value.embedderId, l.value.dims, 1)
      if (pack) vote(pack.meta.embedderId, pack.meta.dims, pack.papers.length)
      const best = [...votes.values()].sort((a, b) => b.n - a.n)[0]
      manifest = { version: 1, embedderId: best?.embedderId ?? null, dims: best?.dims ?? null }
      const detail = ` (${manifestLost})`
      if (readOnly) notices.push({ key: 'vectorManifestUnreadable', params: { detail } })
      else {
        const aside = await moveAside(manifestFile)
        await this.writeManifest(manifest)
        notices.push({ key: 'vectorManifestUnreadableKept', params: { detail, aside } })
      }
      if (pack && pack.meta.embedderId !== manifest.embedderId) {
        pack.close()
        pack = null
      }
    }
    this.manifest = manifest
    for (const l of loaded) {
      // Files made by another embedder (a crash during a model switch) are stale: skip them.
      if (l && l.value.embedderId === manifest.embedderId && l.value.dims === manifest.dims) {
        delta.set(l.value.paperId, {
          value: withSigns(l.value),
          rows: l.value.ids.length,
          identity: l.identity
        })
      }
    }
    this.damaged.clear()
    for (const [id, why] of damaged) this.damaged.set(id, why)
    this.scopedCache.clear()
    this.store.reset(pack, pack ? alive : null, delta)
    this.store.maybeCompact()
    return notices
  }
}
