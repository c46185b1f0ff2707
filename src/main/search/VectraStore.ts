import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { UserFacingError } from '../errors'
import { moveAside, readVersioned, writeVersioned, type FileFormat } from '../storage/versionedFile'
import { decodeVectors } from './int8Codec'
import type { VectorHit, VectorStore } from './types'
import { scanVectors, withSigns, type PaperVectors } from './vectorScan'
import { WorkerVectraWriter, type PaperIndexWriter } from './WorkerVectraWriter'

/** Where a {@link VectraStore} keeps its files: `<dir>/vectors/` (e.g. `paths.index`). */
export interface VectraStoreDeps {
  dir: string
  /** Who builds a paper's Vectra file; a worker thread by default. */
  writer?: PaperIndexWriter
  /** Only read the folder (another process writes it): never clean it up, create or repair it. */
  readOnly?: boolean
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
let tmpCounter = 0

/**
 * The vector store: one small Vectra index per paper, scanned from typed arrays.
 * @remarks Naive Vectra keeps one index file for the whole library, rewrites it on every change
 * (non-atomically), keeps vectors as JS arrays and cannot write its JSON past ~68k items. Here
 * each paper is its own Vectra `LocalIndex` (int8 codec, see {@link Int8Codec}) built in a temp
 * folder and renamed into `vectors/papers/<paperId>.rpv`, so adding a paper writes only that paper's
 * file and a crash never leaves a half-written index under a real name. Queries never go
 * through Vectra's per-item arrays: files are decoded into typed arrays and scanned directly.
 * `store.json` records the embedder id; files from another embedder are ignored on open.
 */
export class VectraStore implements VectorStore {
  private manifest: Manifest = { version: 1, embedderId: null, dims: null }
  private readonly papers = new Map<string, PaperVectors>()
  private readonly damaged = new Map<string, string>()
  private total = 0

  private readonly dir: string
  private readonly writer: PaperIndexWriter
  private readonly readOnly: boolean

  constructor(deps: VectraStoreDeps) {
    this.dir = join(deps.dir, 'vectors')
    this.writer = deps.writer ?? new WorkerVectraWriter()
    this.readOnly = deps.readOnly ?? false
  }

  /**
   * Loads every paper's vectors (creating the folder unless read-only); call once before use.
   * @remarks A `.rpv` file that cannot be read leaves only its own paper out (see
   * {@link damagedPapers}). An unreadable `store.json` is kept aside and rebuilt from the papers'
   * files, which each name their embedder. Returns what it had to repair, for the user. A
   * read-only store may call it again to see another process's changes: the files are read
   * first and swapped in at once, so a query never meets a half-loaded store.
   */
  async open(): Promise<string[]> {
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
    return this.papers.has(paperId)
  }

  /**
   * A paper's stored vectors by chunk id, with the embedder that made them (null when it has
   * none). The int8 codes are returned as floats: saved again they give the same codes.
   */
  storedVectors(
    paperId: string
  ): { embedderId: string; vectors: Map<string, Float32Array> } | null {
    const p = this.papers.get(paperId)
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
    return [...this.papers.keys()]
  }

  count(): number {
    return this.total
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
    const others = this.total - (this.papers.get(paperId)?.ids.length ?? 0)
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
      await rename(join(tmp, INDEX_FILE), this.paperFile(paperId))
      this.setPaper(paperId, decoded)
      this.damaged.delete(paperId)
    } catch (cause) {
      if (cause instanceof UserFacingError) throw cause
      throw new UserFacingError(
        'DISK_WRITE_FAILED',
        `Could not save the vectors of paper ${paperId}. Check that the disk has free space, then re-index the paper.`,
        { cause }
      )
    } finally {
      await rm(tmp, { recursive: true, force: true })
    }
  }

  async removePaper(paperId: string): Promise<void> {
    await rm(this.paperFile(paperId), { force: true })
    this.setPaper(paperId, null)
    this.damaged.delete(paperId)
  }

  /** Starts the writer's worker (and its vectra import) ahead of the first write. */
  warmUp(): void {
    this.writer.warmUp?.()
  }

  /** Stops the writer's worker thread. */
  async close(): Promise<void> {
    await this.writer.close()
  }

  async clear(): Promise<void> {
    for (const paperId of [...this.papers.keys()]) await this.removePaper(paperId)
    await this.writeManifest({ version: 1, embedderId: null, dims: null })
  }

  async query(vector: Float32Array, k: number, paperIds?: readonly string[]): Promise<VectorHit[]> {
    if (this.total === 0) return []
    if (vector.length !== this.manifest.dims) {
      throw new Error(`Query has ${vector.length} dims; the store holds ${this.manifest.dims}`)
    }
    const selected = paperIds
      ? [...new Set(paperIds)].flatMap((id) => this.papers.get(id) ?? [])
      : [...this.papers.values()]
    let norm = 0
    for (const x of vector) norm += x * x
    const q = new Float32Array(vector.length)
    const f = norm > 0 ? 1 / Math.sqrt(norm) : 0
    for (let j = 0; j < q.length; j++) q[j] = vector[j]! * f
    return scanVectors(selected, q, k).map((h) => ({
      chunkId: selected[h.paper]!.ids[h.row]!,
      paperId: selected[h.paper]!.paperId,
      score: h.score
    }))
  }

  private paperFile(paperId: string): string {
    return join(this.dir, 'papers', `${encodeURIComponent(paperId)}.rpv`)
  }

  private setPaper(paperId: string, vectors: PaperVectors | null): void {
    this.total -= this.papers.get(paperId)?.ids.length ?? 0
    this.papers.delete(paperId)
    if (vectors) {
      this.papers.set(paperId, vectors)
      this.total += vectors.ids.length
    }
  }

  private async writeManifest(manifest: Manifest): Promise<void> {
    await writeVersioned(join(this.dir, 'store.json'), MANIFEST_FORMAT, {
      embedderId: manifest.embedderId,
      dims: manifest.dims
    })
    this.manifest = manifest
  }

  private async load(readOnly: boolean): Promise<string[]> {
    const dir = this.dir
    const notices: string[] = []
    if (!readOnly) {
      // Temp folders of a crashed write; a read-only process must leave a live writer's alone.
      await rm(join(dir, 'tmp'), { recursive: true, force: true })
      await mkdir(join(dir, 'papers'), { recursive: true })
    }
    const manifestFile = join(dir, 'store.json')
    const read = await readVersioned(manifestFile, MANIFEST_FORMAT)
    if (read.state === 'newer') {
      throw new UserFacingError(
        'NEWER_FORMAT',
        `${manifestFile} was written by a newer ResearchPal (format ${read.version}). Update ResearchPal to open this library; nothing was changed.`
      )
    }
    let manifest: Manifest =
      read.state === 'ok' ? read.data : { version: 1, embedderId: null, dims: null }
    const manifestLost = read.state === 'unreadable' ? read.reason : null
    const damaged = new Map<string, string>()
    const files = (await readdir(join(dir, 'papers')).catch(() => [] as string[])).filter((f) =>
      f.endsWith('.rpv')
    )
    const loaded = await Promise.all(
      files.map(async (f) => {
        const paperId = decodeURIComponent(f.slice(0, -'.rpv'.length))
        try {
          const v = decodeVectors(await readFile(join(dir, 'papers', f)))
          if (v.paperId !== paperId) throw new Error(`it holds paper ${v.paperId}`)
          return v
        } catch (e) {
          // A file removed between listing and reading is simply gone.
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
            damaged.set(paperId, `vector index ${f}: ${(e as Error).message}`)
          }
          return null
        }
      })
    )
    if (manifestLost !== null) {
      // Every paper's file names its embedder: the most common one is the store's.
      const votes = new Map<string, { embedderId: string; dims: number; n: number }>()
      for (const v of loaded) {
        if (!v) continue
        const key = `${v.embedderId} ${v.dims}`
        const vote = votes.get(key) ?? { embedderId: v.embedderId, dims: v.dims, n: 0 }
        vote.n++
        votes.set(key, vote)
      }
      const best = [...votes.values()].sort((a, b) => b.n - a.n)[0]
      manifest = { version: 1, embedderId: best?.embedderId ?? null, dims: best?.dims ?? null }
      let kept = ''
      if (!readOnly) {
        kept = ` It was kept as ${await moveAside(manifestFile)} and rebuilt from the papers' vector files.`
        await this.writeManifest(manifest)
      }
      notices.push(`The vector index's store.json could not be read (${manifestLost}).${kept}`)
    }
    this.manifest = manifest
    this.papers.clear()
    this.damaged.clear()
    for (const [id, why] of damaged) this.damaged.set(id, why)
    this.total = 0
    for (const v of loaded) {
      // Files made by another embedder (a crash during a model switch) are stale: skip them.
      if (v && v.embedderId === this.manifest.embedderId && v.dims === this.manifest.dims) {
        this.setPaper(v.paperId, withSigns(v))
      }
    }
    return notices
  }
}
