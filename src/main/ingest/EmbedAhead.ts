import type { Chunk } from '../domain'
import type { Embedder } from '../search/types'

/** Vectors computed ahead, by chunk id, with the text each was computed from. */
export type EarlyVectors = Map<string, { text: string; vector: Float32Array }>

/**
 * Embeds a paper's chunks while its pages are still being read.
 * @remarks For a paper nobody prepared ahead (the first of a batch), the embedder would sit idle
 * until the whole PDF is read and chunked. Pages arrive one by one (EarlyChunks); every full
 * batch is embedded at once, and what is left when reading ends is embedded with the rest by
 * embedChunks, which reuses these vectors where the final chunk's text is the same. Nothing is
 * written and no progress is announced here: a paper that turns out to be unreadable only
 * wastes the work. A failure here is not reported either; the normal pass embeds what is missing.
 */
export class EmbedAhead {
  private readonly queue: Chunk[] = []
  private readonly seen = new Set<string>()
  private readonly vectors: EarlyVectors = new Map()
  private stopped = false
  private wake: (() => void) | null = null
  private readonly running: Promise<Embedder | null>

  constructor(
    embedder: Promise<Embedder | null>,
    private readonly batch: number,
    private readonly signal: AbortSignal
  ) {
    this.running = this.run(embedder).catch(() => null)
  }

  /** Takes one page's chunks; ids seen before (a retried read) are skipped. */
  readonly feed = (chunks: readonly Chunk[]): void => {
    for (const c of chunks) {
      if (this.seen.has(c.id)) continue
      this.seen.add(c.id)
      this.queue.push(c)
    }
    this.wake?.()
  }

  /** Stops after the batch in flight; the vectors so far and the embedder that made them. */
  async stop(): Promise<{ embedder: Embedder | null; vectors: EarlyVectors }> {
    this.stopped = true
    this.wake?.()
    const embedder = await this.running
    return { embedder, vectors: embedder ? this.vectors : new Map() }
  }

  private async run(embedder: Promise<Embedder | null>): Promise<Embedder | null> {
    const e = await embedder
    if (!e) return null
    const size = Math.max(1, this.batch)
    for (;;) {
      if (this.stopped || this.signal.aborted) return e
      if (this.queue.length < size) {
        await new Promise<void>((resolve) => (this.wake = resolve))
        this.wake = null
        continue
      }
      const part = this.queue.splice(0, size)
      const out = await e.embed(
        part.map((c) => c.text),
        this.signal
      )
      part.forEach((c, i) => {
        const vector = out[i]
        if (vector) this.vectors.set(c.id, { text: c.text, vector })
      })
    }
  }
}
