/** What is left of an import, and what it has done so far (all of it, every run). */
export interface EtaInput {
  leftPapers: number
  leftBytes: number
  /** Active import time so far, ms (pauses and restarts left out). */
  elapsedMs: number
  /** Papers that took work so far (indexed or failed; duplicates cost next to nothing). */
  workedPapers: number
  workedBytes: number
}

/** Papers settled in this run before the recent speed is trusted over the import's average. */
const MIN_RECENT = 5
/** Sizes vary this much (standard deviation / mean) before time per byte is told from per paper. */
const MIN_SIZE_SPREAD = 0.25
/** The recent window: a quarter of the papers settled in this run, within these bounds. */
const WINDOW = { min: 20, max: 200, fraction: 0.25 } as const

/**
 * The time an import has left, from the speed of the papers it settled recently.
 * @remarks A paper's time is partly per paper (the reader, the catalog, the index files) and
 * partly per byte (pages to read, chunks to embed); which part dominates depends on the
 * folder. When the recent papers' sizes vary enough, both are fitted to them (least squares:
 * each paper's time against its size), so a folder of short notes followed by theses is
 * extrapolated from what a byte and a paper each cost; otherwise (similar files, where the two
 * agree anyway) it is the mean of the recent time per paper times the papers left and the
 * recent time per byte times the bytes left.
 * The window is the last quarter of the papers settled in this run (20 to 200): long enough
 * that papers settling in bursts (two in flight) average out, short enough to follow a change
 * of speed (the machine getting busier) within a few dozen papers. Start-up (the model
 * loading, the first paper read alone) is left out by starting the window at the first paper
 * settled in the run; until {@link MIN_RECENT} papers have settled in this run, the import's
 * average over all runs is used.
 */
export class ImportEta {
  private recent: { atMs: number; bytes: number }[] = []

  /** A new run (a start, a resume after pause or restart): recent speed is measured afresh. */
  reset(): void {
    this.recent = []
  }

  /** A paper that took work settled at `atMs` of active import time. */
  settled(atMs: number, bytes: number): void {
    this.recent.push({ atMs, bytes })
    if (this.recent.length > WINDOW.max * 4) this.recent.splice(0, this.recent.length - WINDOW.max)
  }

  /** Seconds left (one decimal), or null while there is nothing to go on. */
  estimate(x: EtaInput): number | null {
    if (x.leftPapers === 0) return 0
    const ms = this.fromRecent(x) ?? this.fromAverage(x)
    return ms === null ? null : Math.round(ms / 100) / 10
  }

  private fromRecent(x: EtaInput): number | null {
    const n = this.recent.length
    if (n < MIN_RECENT) return null
    const size = Math.min(WINDOW.max, Math.max(WINDOW.min, Math.round(n * WINDOW.fraction)))
    const window = this.recent.slice(-Math.min(n, size + 1))
    // Time from the first paper of the window to the last, for the papers after the first.
    const span = window.at(-1)!.atMs - window[0]!.atMs
    const papers = window.length - 1
    const bytes = window.slice(1).reduce((s, r) => s + r.bytes, 0)
    if (span <= 0) return null
    const wide = this.recent.slice(-(WINDOW.max + 1))
    return (
      this.fitted(wide, window, x) ?? this.blend(span / papers, bytes > 0 ? span / bytes : null, x)
    )
  }

  // Time per byte fitted (least squares) to the papers of this run (up to 200, each paper's time
  // being the time since the one before), time per paper then from the recent window's mean, so
  // the level follows the machine while the slope has enough papers to be steady; only when
  // sizes vary enough to tell the two apart, and both come out positive.
  private fitted(
    wide: { atMs: number; bytes: number }[],
    recent: { atMs: number; bytes: number }[],
    x: EtaInput
  ): number | null {
    const times = (w: { atMs: number; bytes: number }[]) =>
      w.slice(1).map((r, i) => ({ dt: r.atMs - w[i]!.atMs, bytes: r.bytes }))
    const all = times(wide)
    const n = all.length
    if (n < WINDOW.min) return null
    const mean = (xs: number[]): number => xs.reduce((s, v) => s + v, 0) / xs.length
    const mb = mean(all.map((p) => p.bytes))
    const mt = mean(all.map((p) => p.dt))
    let cov = 0
    let varB = 0
    for (const p of all) {
      cov += (p.bytes - mb) * (p.dt - mt)
      varB += (p.bytes - mb) ** 2
    }
    if (mb <= 0 || Math.sqrt(varB / n) / mb < MIN_SIZE_SPREAD) return null
    const perByte = cov / varB
    const near = times(recent)
    const perPaper = mean(near.map((p) => p.dt)) - perByte * mean(near.map((p) => p.bytes))
    if (perByte <= 0 || perPaper <= 0) return null
    return perPaper * x.leftPapers + perByte * x.leftBytes
  }

  private fromAverage(x: EtaInput): number | null {
    if (x.workedPapers < 2 || x.elapsedMs <= 0) return null
    const perByte = x.workedBytes > 0 ? x.elapsedMs / x.workedBytes : null
    return this.blend(x.elapsedMs / x.workedPapers, perByte, x)
  }

  private blend(perPaper: number, perByte: number | null, x: EtaInput): number {
    const byPapers = perPaper * x.leftPapers
    return perByte === null ? byPapers : (byPapers + perByte * x.leftBytes) / 2
  }
}
