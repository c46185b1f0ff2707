import type { Chunk } from '../domain'
import { CancelledError } from '../errors'
import type { ExtractedPaper } from './extractPaper'

/** A paper's text and chunks, ready to be written and embedded. */
export interface PreparedPaper {
  extracted: ExtractedPaper
  chunks: Chunk[]
  /** The chunk settings the chunks were cut with (`tokens/overlap`). */
  chunkKey: string
}

type Prepare = (paperId: string, bytes: Uint8Array, signal: AbortSignal) => Promise<PreparedPaper>

/** A paper to prepare ahead, and how to get its PDF (null when it is absent). */
export interface Upcoming {
  paperId: string
  readPdf: () => Promise<Uint8Array | null>
}

interface Pending {
  paperId: string
  controller: AbortController
  result: Promise<PreparedPaper | null>
  progress: { done: number; total: number } | null
  listener: ((done: number, total: number) => void) | null
}

/** How many papers are prepared ahead by default. */
export const PREFETCH_DEPTH = 2

/**
 * Prepares (extracts and chunks) the next papers while the current one is embedded.
 * @remarks Ingestion is bounded by embedding; extraction and chunking of the next papers run in
 * the extraction worker while the current paper's chunks are in the embedder, so they cost no
 * wall time. The worker runs at low priority (it must not slow the embedder), so a paper can
 * take several times its CPU time to prepare: two are kept in preparation, one after the other,
 * so a short paper does not leave the embedder waiting for the next one. Preparing has no side
 * effects, so a wrong guess is simply dropped.
 */
export class Prefetcher {
  /** In the order they are prepared. */
  private pending: Pending[] = []

  constructor(
    private readonly prepare: Prepare,
    private readonly depth: number = PREFETCH_DEPTH
  ) {}

  /**
   * Prepares the first `depth` of `upcoming`, in order and one at a time; keeps those already in
   * preparation and drops the ones no longer expected.
   */
  plan(upcoming: readonly Upcoming[]): void {
    const wanted = upcoming.slice(0, Math.max(0, this.depth))
    const ids = new Set(wanted.map((u) => u.paperId))
    for (const p of this.pending) if (!ids.has(p.paperId)) p.controller.abort(new CancelledError())
    this.pending = this.pending.filter((p) => ids.has(p.paperId))
    for (const u of wanted) {
      if (this.pending.some((p) => p.paperId === u.paperId)) continue
      this.pending.push(this.begin(u, this.pending.at(-1)?.result ?? Promise.resolve(null)))
    }
  }

  /** Called by the reader per page while preparing; forwarded once the paper's job waits. */
  pageRead(paperId: string, done: number, total: number): void {
    const p = this.pending.find((x) => x.paperId === paperId)
    if (!p) return
    p.progress = { done, total }
    p.listener?.(done, total)
  }

  /**
   * The prepared paper if it was prefetched (waiting for it if still running), else null.
   * @remarks A failure while preparing (not a PDF, encrypted...) is thrown here, as if the
   * paper had been read now; the job's cancel also cancels the prefetch. Prefetches queued
   * before this paper are dropped.
   */
  async take(
    paperId: string,
    signal: AbortSignal,
    onPage: (done: number, total: number) => void
  ): Promise<PreparedPaper | null> {
    const at = this.pending.findIndex((x) => x.paperId === paperId)
    if (at < 0) return null
    const p = this.pending[at]!
    // Papers expected before this one did not come first: stop them, this one must not wait.
    for (const skipped of this.pending.slice(0, at)) skipped.controller.abort(new CancelledError())
    this.pending = this.pending.slice(at + 1)
    const cancel = (): void => p.controller.abort(new CancelledError())
    if (signal.aborted) cancel()
    signal.addEventListener('abort', cancel, { once: true })
    p.listener = onPage
    if (p.progress) onPage(p.progress.done, p.progress.total)
    try {
      return await p.result
    } finally {
      signal.removeEventListener('abort', cancel)
    }
  }

  /** Cancels and forgets every prefetch. */
  drop(): void {
    for (const p of this.pending) p.controller.abort(new CancelledError())
    this.pending = []
  }

  // Starts after `previous` settles, so papers are prepared one at a time, in order.
  private begin(u: Upcoming, previous: Promise<unknown>): Pending {
    const controller = new AbortController()
    const entry: Pending = {
      paperId: u.paperId,
      controller,
      progress: null,
      listener: null,
      result: Promise.resolve(null)
    }
    entry.result = previous
      .catch(() => undefined)
      .then(() => (controller.signal.aborted ? null : u.readPdf()))
      .then((bytes) => {
        if (controller.signal.aborted) throw controller.signal.reason
        return bytes ? this.prepare(u.paperId, bytes, controller.signal) : null
      })
    // Failures are reported when the paper's own job takes the result, not here.
    entry.result.catch(() => undefined)
    return entry
  }
}
