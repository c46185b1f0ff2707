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

interface Pending {
  paperId: string
  controller: AbortController
  result: Promise<PreparedPaper | null>
  progress: { done: number; total: number } | null
  listener: ((done: number, total: number) => void) | null
}

/**
 * Prepares (extracts and chunks) the next paper while the current one is embedded.
 * @remarks Ingestion is bounded by embedding; extraction and chunking of paper N+1 run in the
 * extraction worker while paper N's chunks are in the embedder, so they cost no wall time. At
 * most one paper is held; preparing has no side effects, so a wrong guess is simply dropped.
 */
export class Prefetcher {
  private pending: Pending | null = null

  constructor(private readonly prepare: Prepare) {}

  /** Starts preparing `paperId` (replacing any other prefetch); no-op when its PDF is absent. */
  start(paperId: string, readPdf: () => Promise<Uint8Array | null>): void {
    if (this.pending?.paperId === paperId) return
    this.drop()
    const controller = new AbortController()
    const entry: Pending = {
      paperId,
      controller,
      progress: null,
      listener: null,
      result: Promise.resolve(null)
    }
    entry.result = readPdf().then((bytes) =>
      bytes ? this.prepare(paperId, bytes, controller.signal) : null
    )
    // Failures are reported when the paper's own job takes the result, not here.
    entry.result.catch(() => undefined)
    this.pending = entry
  }

  /** Called by the reader per page while preparing; forwarded once the paper's job waits. */
  pageRead(paperId: string, done: number, total: number): void {
    const p = this.pending
    if (p?.paperId !== paperId) return
    p.progress = { done, total }
    p.listener?.(done, total)
  }

  /**
   * The prepared paper if it was prefetched (waiting for it if still running), else null.
   * @remarks A failure while preparing (not a PDF, encrypted...) is thrown here, as if the
   * paper had been read now; the job's cancel also cancels the prefetch.
   */
  async take(
    paperId: string,
    signal: AbortSignal,
    onPage: (done: number, total: number) => void
  ): Promise<PreparedPaper | null> {
    const p = this.pending
    if (!p || p.paperId !== paperId) {
      this.drop()
      return null
    }
    this.pending = null
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

  /** Cancels and forgets the prefetch in flight. */
  drop(): void {
    this.pending?.controller.abort(new CancelledError())
    this.pending = null
  }
}
