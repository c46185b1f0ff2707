import type { IngestProgress, Paper } from '../../../shared/types'

/** One paper's latest ingestion progress. */
export interface PaperProgress {
  stage: IngestProgress['stage']
  done: number
  total: number
  /** True while scanned pages are being read by OCR (done/total count those pages). */
  ocr?: boolean
  /** The title the PDF gives, once its text is read (the record has it only when indexed). */
  title?: string
}

/**
 * The papers indexed together since the queue was last idle, when the first started, and when
 * the batch last moved (its latest progress or change of a paper).
 */
export interface IngestBatch {
  ids: string[]
  startedAt: number
  at: number
}

/** True while a paper is on its way to the index (not done, failed, or kept without a PDF). */
export function inWork(paper: Paper): boolean {
  return paper.status !== 'indexed' && paper.status !== 'error' && paper.status !== 'metadata'
}

/**
 * The batch after a change of the papers or their progress at `now`: every paper in work joins
 * it; it ends (null) when no paper is in work any more.
 */
export function nextBatch(
  batch: IngestBatch | null,
  papers: readonly Paper[],
  now: number
): IngestBatch | null {
  const working = papers.filter(inWork).map((p) => p.id)
  if (working.length === 0) return null
  const ids = batch ? batch.ids : []
  const added = working.filter((id) => !ids.includes(id))
  return {
    ids: added.length ? [...ids, ...added] : ids,
    startedAt: batch?.startedAt ?? now,
    at: now
  }
}

/** How far a batch is: the one count the header and the batch bar both show. */
export interface BatchCounts {
  /** Papers of the batch no longer in work (indexed, failed or removed). */
  done: number
  total: number
  /** Papers still in work: `total - done`, the header's "n indexing". */
  working: number
  /** The batch's share done, counting the pages read and passages embedded of papers in work. */
  fraction: number
  /** Seconds left at the pace so far; null until there is a pace to go by. */
  etaSeconds: number | null
}

/** A paper in work's share done: reading its text is the first half, embedding the second. */
function paperFraction(progress: PaperProgress | undefined): number {
  if (!progress || progress.total <= 0) return 0
  const f = Math.min(1, Math.max(0, progress.done / progress.total))
  if (progress.stage === 'extracting') return f / 2
  if (progress.stage === 'embedding') return 0.5 + f / 2
  return 0
}

/** Below this share done or this time spent, a pace says nothing yet. */
const MIN_FRACTION = 0.05
const MIN_ELAPSED_MS = 3000

/**
 * The batch's counts from the papers' statuses and progress in the store; the time left is the
 * pace from its start to its latest progress.
 * @remarks Derived from the same papers the header counts, so the two always agree; main's own
 * queue count also counts papers this window never listed (a queue that started before it).
 */
export function batchCounts(lib: {
  papers: readonly Paper[]
  progress: Readonly<Record<string, PaperProgress>>
  batch: IngestBatch | null
}): BatchCounts | null {
  if (!lib.batch) return null
  const inBatch = new Set(lib.batch.ids)
  const working = lib.papers.filter((p) => inWork(p) && inBatch.has(p.id))
  if (working.length === 0) return null
  const total = lib.batch.ids.length
  const done = total - working.length
  const units = done + working.reduce((n, p) => n + paperFraction(lib.progress[p.id]), 0)
  const fraction = Math.min(1, units / total)
  const elapsed = lib.batch.at - lib.batch.startedAt
  const etaSeconds =
    fraction >= MIN_FRACTION && elapsed >= MIN_ELAPSED_MS
      ? Math.round(((elapsed / fraction) * (1 - fraction)) / 1000)
      : null
  return { done, total, working: working.length, fraction, etaSeconds }
}
