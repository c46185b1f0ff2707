import { monitorEventLoopDelay } from 'node:perf_hooks'

/** One event-loop stall seen by {@link StallMonitor}. */
export interface Stall {
  ms: number
  /** What the app was doing (the last stage reported) when the loop stalled. */
  during: string
}

/** What {@link StallMonitor.stop} reports. */
export interface StallReport {
  /** The longest gap between two ticks of a 5 ms interval, minus the 5 ms. */
  longestMs: number
  /** perf_hooks' histogram of the loop delay (10 ms resolution): its max and p99. */
  histogramMaxMs: number
  histogramP99Ms: number
  /** The longest stalls, longest first, with the stage they happened in. */
  worst: Stall[]
  over50ms: number
}

const round = (x: number): number => Math.round(x * 10) / 10

/**
 * Watches the main thread's event loop: a 5 ms interval probe plus monitorEventLoopDelay.
 * @remarks A stall is time the main process could not answer IPC or paint progress; the probe
 * attributes each one to the stage reported through {@link stage} just before it.
 */
export class StallMonitor {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 })
  private readonly stalls: Stall[] = []
  private timer: NodeJS.Timeout | null = null
  private last = 0
  private current = 'idle'

  start(): this {
    this.histogram.enable()
    this.last = performance.now()
    this.timer = setInterval(() => {
      const now = performance.now()
      const late = now - this.last - 5
      if (late > 10) this.stalls.push({ ms: round(late), during: this.current })
      this.last = now
    }, 5)
    return this
  }

  /** Names what the process is doing from now on. */
  stage(name: string): void {
    this.current = name
  }

  /** Stops watching until the next {@link start}, keeping what was seen. */
  pause(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.histogram.disable()
  }

  stop(): StallReport {
    this.pause()
    const worst = [...this.stalls].sort((a, b) => b.ms - a.ms)
    return {
      longestMs: worst[0]?.ms ?? 0,
      histogramMaxMs: round(this.histogram.max / 1e6),
      histogramP99Ms: round(this.histogram.percentile(99) / 1e6),
      worst: worst.slice(0, 8),
      over50ms: worst.filter((s) => s.ms > 50).length
    }
  }
}
