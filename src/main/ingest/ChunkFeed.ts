import type { Chunk } from '../domain'

/** Vectors computed ahead, by chunk id, with the text each was computed from. */
export type EarlyVectors = Map<string, { text: string; vector: Float32Array }>

/**
 * A paper's chunks, page by page, from the read stage (which adds them as pages are read) to
 * the embed stage (which takes them a batch at a time while reading goes on).
 * @remarks Bounded by the paper: it holds at most one paper's chunks, and the read stage never
 * runs more than a queue depth of papers ahead. Ids seen before (a read retried after the
 * extraction worker crashed sends its pages again) are skipped.
 */
export class ChunkFeed {
  private readonly queue: Chunk[] = []
  private readonly seen = new Set<string>()
  private ended = false
  /** Takers waiting for chunks (one per embedder worker kept busy). */
  private wakers: (() => void)[] = []

  /** Takes one page's chunks. */
  readonly feed = (chunks: readonly Chunk[]): void => {
    if (this.ended) return
    for (const c of chunks) {
      if (this.seen.has(c.id)) continue
      this.seen.add(c.id)
      this.queue.push(c)
    }
    this.wakeUp()
  }

  /** Reading is over (finished or failed): no more chunks come. */
  end(): void {
    this.ended = true
    this.wakeUp()
  }

  /**
   * The next `size` chunks, waiting until there are that many; null once reading has ended:
   * what is left is embedded with the rest by the final pass, which announces its progress.
   * Several takers may wait at once; each batch goes to one of them.
   */
  async next(size: number): Promise<Chunk[] | null> {
    while (this.queue.length < size && !this.ended)
      await new Promise<void>((resolve) => this.wakers.push(resolve))
    return this.ended ? null : this.queue.splice(0, size)
  }

  private wakeUp(): void {
    for (const w of this.wakers.splice(0)) w()
  }
}
