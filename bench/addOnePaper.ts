import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { openBenchLibrary, type BenchDeps, type BenchLibrary } from './benchLibrary'
import { quantile } from './retrievalEval'
import { StallMonitor, type StallReport } from './stallMonitor'

const r2 = (x: number): number => Math.round(x * 100) / 100

/** Adding one real paper through LibraryService, to an empty library and to a full one. */
export interface AddOnePaper {
  paper: string
  chunks: number
  emptyMs: number[]
  fullMs: number[]
  ratio: number
  longestStallMs: number
  stallAtFull: StallReport
}

async function addTimed(
  lib: BenchLibrary,
  pdf: string,
  monitor?: StallMonitor
): Promise<{ ms: number; chunks: number }> {
  // Ids only: copying 12,500 records (list()) would be the bench's own ~50 ms stall at 1M.
  const before = new Set(lib.library.paperIds())
  monitor?.stage('adding')
  const t0 = performance.now()
  await lib.library.addPaths([pdf])
  await lib.library.whenIdle()
  const ms = performance.now() - t0
  const addedId = lib.library.paperIds().find((id) => !before.has(id))
  const added = addedId === undefined ? undefined : lib.library.byId(addedId)
  if (!added || added.status !== 'indexed') {
    throw new Error(`adding ${pdf} did not index it: ${added?.error?.message ?? 'no record'}`)
  }
  await lib.library.remove(added.id)
  return { ms, chunks: added.chunks }
}

/**
 * Times `reps` adds of the same PDF to fresh empty libraries and to the full library, alternating.
 * @remarks The whole add counts (copy, sha256, extraction, chunking, both stores, catalog
 * writes, embedding); the paper is removed again after each add at full size.
 */
export async function addOnePaper(opts: {
  pdf: string
  full: BenchLibrary
  emptyRoot: string
  deps: BenchDeps
  reps: number
}): Promise<AddOnePaper> {
  if (opts.reps < 1) throw new Error('reps must be at least 1')
  const emptyMs: number[] = []
  const fullMs: number[] = []
  let chunks = 0
  const monitor = new StallMonitor()
  for (let i = 0; i < opts.reps; i++) {
    const root = join(opts.emptyRoot, String(i))
    await mkdir(root, { recursive: true })
    const empty = await openBenchLibrary(root, opts.deps)
    const e = await addTimed(empty, opts.pdf)
    await empty.close()
    emptyMs.push(r2(e.ms))
    // Stalls are watched only while adding to the full library, across all its adds.
    monitor.start()
    const f = await addTimed(opts.full, opts.pdf, monitor)
    monitor.pause()
    fullMs.push(r2(f.ms))
    chunks = f.chunks
  }
  const stall = monitor.stop()
  return {
    paper: opts.pdf,
    chunks,
    emptyMs,
    fullMs,
    ratio: r2(quantile(fullMs, 0.5) / quantile(emptyMs, 0.5)),
    longestStallMs: stall.longestMs,
    stallAtFull: stall
  }
}
