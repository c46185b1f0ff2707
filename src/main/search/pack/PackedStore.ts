import type { PackedPaper } from './vectorPack'

/** When a store builds its library-wide pack and merges new papers into it. */
export interface PackPolicy {
  /** Below this many chunks nothing is packed: every paper is held in memory and scanned. */
  minChunks: number
  /** Papers outside the pack (in memory) are merged in when they pass this share of it. */
  deltaFraction: number
  /** The pack is rewritten without removed papers when they pass this share of it. */
  deadFraction: number
}

/**
 * Defaults: packs from 100k chunks (~1,250 papers); merges at +10% new or 20% removed.
 * @remarks Below that the exact in-memory scan is fast enough and cheaper: at 80k chunks the
 * full bench measured it at p50 23 ms, cold open 1.0 s and 1,944 B/chunk on disk, against
 * 29 ms, 1.4 s and 2,604 B/chunk with packs (which copy the vectors and postings).
 */
export const DEFAULT_PACK_POLICY: PackPolicy = {
  minChunks: 100_000,
  deltaFraction: 0.1,
  deadFraction: 0.2
}

/** Size and mtime of a per-paper file: a file whose identity changed is read again. */
export interface FileIdentity {
  size: number
  mtimeMs: number
}

/** What {@link PackedStore} needs of a pack. */
export interface Pack {
  readonly papers: readonly PackedPaper[]
  readonly paperIndex: ReadonlyMap<string, number>
  close(): void
}

/** A paper held in memory, outside the pack. */
export interface DeltaPaper<P> {
  value: P
  rows: number
  identity: FileIdentity
}

/** Builds the next pack from the previous one's kept papers and the delta, and opens it. */
export type PackBuilder<P, K extends Pack> = (input: {
  previous: K | null
  keep: Uint8Array | null
  added: { paperId: string; paper: DeltaPaper<P> }[]
  cancelled: () => boolean
}) => Promise<K>

/**
 * A log-structured store: a large read-mostly pack on disk plus the papers added since, in memory.
 * @remarks Adding a paper writes only its own file and puts it in the delta, so it costs the
 * same at a million chunks as at zero; removing one marks it dead in the pack. When the delta
 * (or the dead share) grows past the policy, a new pack is built in the background from the old
 * pack and the delta and swapped in; papers changed while it was built stay in the delta. The
 * per-paper files remain the truth: a pack that is missing or damaged is rebuilt from them.
 */
export class PackedStore<P, K extends Pack> {
  readonly delta = new Map<string, DeltaPaper<P>>()
  private packValue: K | null = null
  private aliveFlags: Uint8Array | null = null
  private liveCount = 0
  private packRows = 0
  private compacting: Promise<void> | null = null
  private closing = false
  /** After a failed merge, the next is tried only once the delta has grown past this. */
  private retryAtRows = 0
  private changeCount = 0

  constructor(
    private readonly opts: {
      policy: PackPolicy
      build: PackBuilder<P, K>
      readOnly: boolean
      log: (message: string) => void
    }
  ) {}

  get pack(): K | null {
    return this.packValue
  }

  /** Per pack paper: 1 when it is live (not removed, not replaced by a delta paper). */
  get alive(): Uint8Array | null {
    return this.aliveFlags
  }

  /** Whether every pack paper is live (queries then need no filter). */
  get allAlive(): boolean {
    return this.packValue === null || this.liveCount === this.packValue.papers.length
  }

  /** Grows on every change of the papers in the store (for caches of totals). */
  get changes(): number {
    return this.changeCount
  }

  /** Rows of live pack papers plus the delta's. */
  rows(): number {
    let n = this.packRows
    for (const d of this.delta.values()) n += d.rows
    return n
  }

  deltaRows(): number {
    let n = 0
    for (const d of this.delta.values()) n += d.rows
    return n
  }

  has(paperId: string): boolean {
    return this.delta.has(paperId) || this.inPack(paperId)
  }

  /** Whether the paper's live copy is in the pack. */
  inPack(paperId: string): boolean {
    const i = this.packValue?.paperIndex.get(paperId)
    return i !== undefined && this.aliveFlags![i] === 1
  }

  /** How many papers the store holds (delta and live pack papers). */
  paperCount(): number {
    let n = this.delta.size
    const alive = this.aliveFlags
    if (this.packValue && alive) for (let i = 0; i < alive.length; i++) n += alive[i]!
    return n
  }

  /**
   * Whether a scope of distinct paper ids names every paper in the store.
   * @remarks Such a query is an unscoped one: the search of a whole library passes the
   * catalog's ids, and masking the pack with them costs time for nothing.
   */
  coversAll(scope: readonly string[]): boolean {
    const total = this.paperCount()
    if (scope.length < total) return false
    let n = 0
    for (const id of scope) if (this.has(id)) n++
    return n === total
  }

  paperIds(): string[] {
    const out = [...this.delta.keys()]
    this.packValue?.papers.forEach((p, i) => {
      if (this.aliveFlags![i] === 1) out.push(p.id)
    })
    return out
  }

  /** Replaces the whole state (at open). */
  reset(pack: K | null, alive: Uint8Array | null, delta: Map<string, DeltaPaper<P>>): void {
    if (this.packValue && this.packValue !== pack) this.packValue.close()
    this.packValue = pack
    this.aliveFlags = alive
    this.delta.clear()
    for (const [id, d] of delta) this.delta.set(id, d)
    this.recount()
  }

  /** Puts a paper in the delta; its pack copy, if any, is dead from now on. */
  put(paperId: string, paper: DeltaPaper<P>): void {
    this.kill(paperId)
    this.delta.set(paperId, paper)
    this.changeCount++
    this.maybeCompact()
  }

  remove(paperId: string): void {
    this.kill(paperId)
    this.delta.delete(paperId)
    this.changeCount++
    this.maybeCompact()
  }

  /** Drops everything, the pack included (the caller deletes the files). */
  clear(): void {
    this.reset(null, null, new Map())
  }

  /** Starts a merge in the background when the policy asks for one (never when read-only). */
  maybeCompact(): void {
    if (this.opts.readOnly || this.compacting || this.closing) return
    const { minChunks, deltaFraction, deadFraction } = this.opts.policy
    const deltaRows = this.deltaRows()
    const pack = this.packValue
    const total = pack ? pack.papers.reduce((n, p) => n + p.n, 0) : 0
    if (deltaRows < this.retryAtRows) return
    const need = pack
      ? deltaRows >= Math.max(minChunks / 8, deltaFraction * this.packRows) ||
        total - this.packRows > deadFraction * total
      : deltaRows >= minChunks
    if (!need) return
    this.compacting = this.compact()
      .then(
        () => {
          this.retryAtRows = 0
        },
        (e: unknown) => {
          if (this.closing) return
          this.retryAtRows = 2 * deltaRows
          this.opts.log(`Could not build the search pack: ${(e as Error).message}`)
        }
      )
      .finally(() => {
        this.compacting = null
        // More may have arrived while building.
        this.maybeCompact()
      })
  }

  /** Resolves when no merge is running. */
  async idle(): Promise<void> {
    while (this.compacting) await this.compacting
  }

  /** Stops a running merge (its temp file is removed) and closes the pack. */
  async close(): Promise<void> {
    this.closing = true
    await this.idle()
    this.packValue?.close()
    this.packValue = null
  }

  private kill(paperId: string): void {
    const i = this.packValue?.paperIndex.get(paperId)
    if (i === undefined || this.aliveFlags![i] === 0) return
    this.aliveFlags![i] = 0
    this.recount()
  }

  private recount(): void {
    this.changeCount++
    this.liveCount = 0
    this.packRows = 0
    this.packValue?.papers.forEach((p, i) => {
      if (this.aliveFlags![i] === 1) {
        this.liveCount++
        this.packRows += p.n
      }
    })
  }

  private async compact(): Promise<void> {
    const previous = this.packValue
    const snapshot = new Map(this.delta)
    const keep = this.aliveFlags ? this.aliveFlags.slice() : null
    const t0 = performance.now()
    const next = await this.opts.build({
      previous,
      keep,
      added: [...snapshot].map(([paperId, paper]) => ({ paperId, paper })),
      cancelled: () => this.closing
    })
    if (this.closing) {
      next.close()
      return
    }
    const alive = new Uint8Array(next.papers.length)
    next.papers.forEach((p, i) => {
      const packed = snapshot.get(p.id)
      if (packed) {
        // Packed from the delta: live unless it was replaced or removed meanwhile.
        if (this.delta.get(p.id) === packed) {
          this.delta.delete(p.id)
          alive[i] = 1
        }
      } else if (!this.delta.has(p.id) && this.inPack(p.id)) {
        alive[i] = 1
      }
    })
    previous?.close()
    this.packValue = next
    this.aliveFlags = alive
    this.recount()
    this.opts.log(
      `Search pack rebuilt: ${this.packRows} chunks of ${this.liveCount} papers in ${Math.round(performance.now() - t0)} ms`
    )
  }
}
