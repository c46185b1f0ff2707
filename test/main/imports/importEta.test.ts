import { describe, expect, it } from 'vitest'
import { ImportEta } from '../../../src/main/imports/importEta'

/** A deterministic random number generator (mulberry32), so the sequences are the same each run. */
function rng(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

interface Run {
  /** Each paper's size, bytes. */
  bytes: number[]
  /** When each paper settled, ms of active import time (as the import sees it: 100 ms polls). */
  at: number[]
}

/**
 * An import as the folder import sees it: each paper costs a fixed part and a part per byte,
 * times noise (other work on the machine), `slowdown(i)` (a cost that grows, a busier machine)
 * and a start-up before the first (the model loading); papers settle in order and are seen at
 * the next 100 ms poll, so fast papers arrive in bursts.
 */
function simulate(options: {
  n: number
  size: (r: () => number) => number
  fixedMs: number
  msPerMB: number
  startupMs?: number
  slowdown?: (i: number) => number
  seed?: number
}): Run {
  const r = rng(options.seed ?? 7)
  const bytes: number[] = []
  const at: number[] = []
  let t = options.startupMs ?? 15_000
  for (let i = 0; i < options.n; i++) {
    const b = options.size(r)
    const cost = (options.fixedMs + (options.msPerMB * b) / 1e6) * (0.6 + 0.8 * r())
    t += cost * (options.slowdown?.(i) ?? 1)
    bytes.push(b)
    at.push(Math.ceil(t / 100) * 100)
  }
  return { bytes, at }
}

/** Predicted / actual time left when `fraction` of the papers had settled. */
function ratioAt(run: Run, fraction: number, resetAt: number | null = null): number {
  const eta = new ImportEta()
  const k = Math.round(run.bytes.length * fraction)
  const end = run.at.at(-1)!
  for (let i = 0; i < k; i++) {
    if (i === resetAt) eta.reset()
    eta.settled(run.at[i]!, run.bytes[i]!)
  }
  const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0)
  const predicted = eta.estimate({
    leftPapers: run.bytes.length - k,
    leftBytes: sum(run.bytes.slice(k)),
    elapsedMs: run.at[k - 1]!,
    workedPapers: k,
    workedBytes: sum(run.bytes.slice(0, k))
  })
  expect(predicted).not.toBeNull()
  return (predicted! * 1000) / (end - run.at[k - 1]!)
}

const CHECKPOINTS = [0.05, 0.1, 0.25, 0.5, 0.75, 0.9]
const within = (lo: number, hi: number) => (x: number) => x >= lo && x <= hi

describe('the folder import ETA', () => {
  it('is right within 25 % from 5 % on for a thousand similar small PDFs, start-up included', () => {
    // As the bench's folder: 2-page PDFs of ~60 KB, ~1.6 s each on a loaded 2-core machine.
    const run = simulate({
      n: 1000,
      size: (r) => 55_000 + 10_000 * r(),
      fixedMs: 1200,
      msPerMB: 6000,
      startupMs: 25_000
    })
    const ratios = CHECKPOINTS.map((f) => ratioAt(run, f))
    expect(ratios.every(within(0.8, 1.25)), `ratios ${ratios.join(', ')}`).toBe(true)
  })

  it('weighs papers and bytes: a folder of 4-page notes and 60-page theses stays within 35 %', () => {
    // Sizes log-uniform from 40 KB to 6 MB, in folder order (no sorting by size).
    const run = simulate({
      n: 600,
      size: (r) => 40_000 * 150 ** r(),
      fixedMs: 700,
      msPerMB: 2500,
      seed: 11
    })
    const ratios = CHECKPOINTS.map((f) => ratioAt(run, f))
    expect(ratios.every(within(0.65, 1.35)), `ratios ${ratios.join(', ')}`).toBe(true)
  })

  it('stays within a factor of 2 when the folder holds short notes first and theses after', () => {
    // notes/ (40-200 KB) sort before theses/ (1-6 MB): speed per paper and per byte both change
    // half-way: bytes alone predict 4x too much early on, papers alone 7x too little (this
    // run measured 1.5-1.6x before the switch with the fit).
    let i = 0
    const run = simulate({
      n: 600,
      size: (r) => (i++ < 300 ? 40_000 + 160_000 * r() : 1e6 + 5e6 * r()),
      fixedMs: 700,
      msPerMB: 1500,
      seed: 13
    })
    const ratios = CHECKPOINTS.map((f) => ratioAt(run, f))
    expect(ratios.every(within(0.5, 2)), `ratios ${ratios.join(', ')}`).toBe(true)
  })

  it('stays within 35 % when each paper costs a little more as the library grows (+30 % over the run)', () => {
    const run = simulate({
      n: 1000,
      size: (r) => 55_000 + 10_000 * r(),
      fixedMs: 1200,
      msPerMB: 6000,
      slowdown: (i) => 1 + (0.3 * i) / 1000,
      seed: 3
    })
    const ratios = CHECKPOINTS.map((f) => ratioAt(run, f))
    expect(ratios.every(within(0.65, 1.35)), `ratios ${ratios.join(', ')}`).toBe(true)
  })

  it('follows a machine that gets twice as busy within a hundred papers', () => {
    const run = simulate({
      n: 1000,
      size: (r) => 55_000 + 10_000 * r(),
      fixedMs: 1200,
      msPerMB: 6000,
      slowdown: (i) => (i < 500 ? 1 : 2),
      seed: 5
    })
    // Right after the change it cannot know; 100 papers later it has followed it.
    expect(ratioAt(run, 0.6)).toBeGreaterThan(0.8)
    expect(ratioAt(run, 0.6)).toBeLessThan(1.25)
    expect(ratioAt(run, 0.75)).toBeGreaterThan(0.85)
  })

  it('after a restart, uses the whole import until this run has a speed of its own', () => {
    const run = simulate({
      n: 1000,
      size: (r) => 55_000 + 10_000 * r(),
      fixedMs: 1200,
      msPerMB: 6000,
      seed: 9
    })
    // Killed at 400 and started again: the first papers of the new run come from the average.
    expect(within(0.7, 1.4)(ratioAt(run, 0.402, 400))).toBe(true)
    expect(within(0.8, 1.25)(ratioAt(run, 0.45, 400))).toBe(true)
  })

  it('says nothing before two papers, and 0 when nothing is left', () => {
    const eta = new ImportEta()
    const left = { leftPapers: 10, leftBytes: 1e6, elapsedMs: 5000, workedBytes: 1e5 }
    expect(eta.estimate({ ...left, workedPapers: 1 })).toBeNull()
    expect(eta.estimate({ ...left, workedPapers: 2 })).toBeGreaterThan(0)
    expect(eta.estimate({ ...left, leftPapers: 0, leftBytes: 0, workedPapers: 5 })).toBe(0)
  })
})
