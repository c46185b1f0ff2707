/**
 * A token bucket: `burst` requests at once, refilled at `perSecond`.
 * @remarks One bucket for the whole server: every caller is on this computer, and the limit is
 * there so a runaway script loop cannot starve the app of its two cores.
 */
export class RateLimiter {
  private tokens: number
  private last: number

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now()
  ) {
    this.tokens = burst
    this.last = now()
  }

  /** Takes one request's token: 0 when allowed, else the seconds until one is there. */
  take(): number {
    const t = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond)
    this.last = t
    if (this.tokens >= 1) {
      this.tokens -= 1
      return 0
    }
    return (1 - this.tokens) / this.perSecond
  }
}
