import type { AppError } from '../../../shared/errors'
import type { Paper } from '../../../shared/types'
import { isUserFacing, toAppError, UserFacingError } from '../../errors'
import type { Catalog } from '../Catalog'
import { mergeMetadata } from '../metadataMerge'
import type { ArxivEntry } from './arxivApi'
import type { OnlineMetadata } from './OnlineMetadata'

/** What a refresh did. */
export interface RefreshOutcome {
  /** Papers whose details changed. */
  updated: string[]
  /** Papers still to ask, because the network or a rate limit stopped the run. */
  waiting: number
  /** Why the run stopped early (OFFLINE, RATE_LIMITED...), or null. */
  stoppedBy: AppError | null
}

/** Waits before asking again after being offline. */
export const OFFLINE_RETRY_MS = 60_000

/**
 * Fills papers' details from arXiv and Crossref (OpenAlex as fallback), keeping each field's
 * source; a hand edit is never replaced. Offline, the papers wait and are asked again later.
 */
export class MetadataRefresher {
  private readonly waiting = new Set<string>()
  private running: Promise<RefreshOutcome> | null = null
  private timer: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly deps: {
      catalog: Catalog
      online: OnlineMetadata
      changed: () => void
      log?: (m: string) => void
    }
  ) {}

  /** Queues papers for the next automatic run, and starts it. */
  schedule(paperIds: string[]): void {
    for (const id of paperIds) this.waiting.add(id)
    if (!this.running && !this.timer) void this.run()
  }

  /** Asks the registries about these papers (all with an arXiv id or DOI when none given). */
  async refresh(paperIds?: string[], force = true): Promise<RefreshOutcome> {
    const ids =
      paperIds ??
      this.deps.catalog
        .list()
        .filter((p) => p.arxivId || p.doi)
        .map((p) => p.id)
    for (const id of ids) this.waiting.add(id)
    return this.run(force)
  }

  /** arXiv's candidates for a title. */
  searchTitle(title: string): Promise<ArxivEntry[]> {
    return this.deps.online.searchTitle(title)
  }

  /** Stops the retry timer. */
  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private run(force = false): Promise<RefreshOutcome> {
    if (this.running) return this.running
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    const run = this.drain(force).finally(() => {
      this.running = null
    })
    this.running = run
    return run
  }

  private async drain(force: boolean): Promise<RefreshOutcome> {
    const updated: string[] = []
    for (const id of [...this.waiting]) {
      if (this.closed) break
      const p = this.deps.catalog.get(id)
      if (!p || (!p.arxivId && !p.doi) || (!force && p.onlineCheckedAt)) {
        this.waiting.delete(id)
        continue
      }
      try {
        if (await this.refreshOne(p)) updated.push(id)
        this.waiting.delete(id)
      } catch (e) {
        if (
          isUserFacing(e, 'OFFLINE') ||
          isUserFacing(e, 'RATE_LIMITED') ||
          isUserFacing(e, 'TIMEOUT')
        ) {
          const wait =
            e.retryAfterSeconds !== undefined ? e.retryAfterSeconds * 1000 : OFFLINE_RETRY_MS
          this.retryIn(wait)
          if (updated.length) this.deps.changed()
          return { updated, waiting: this.waiting.size, stoppedBy: toAppError(e) }
        }
        // The registries do not understand this paper: leave it, say so in the log.
        this.waiting.delete(id)
        this.deps.log?.(
          `online metadata for ${id} failed: ${e instanceof Error ? e.message : String(e)}`
        )
        if (!(e instanceof UserFacingError)) throw e
      }
    }
    if (updated.length) this.deps.changed()
    return { updated, waiting: this.waiting.size, stoppedBy: null }
  }

  private async refreshOne(p: Paper): Promise<boolean> {
    const found = await this.deps.online.lookup({ arxivId: p.arxivId, doi: p.doi })
    let current = this.deps.catalog.get(p.id) ?? p
    let changed = false
    for (const { source, values } of found) {
      const change = mergeMetadata(current, values, source)
      if (Object.keys(change).length) {
        current = await this.deps.catalog.update(p.id, change)
        changed = true
      }
    }
    await this.deps.catalog.update(p.id, { onlineCheckedAt: new Date().toISOString() })
    return changed
  }

  private retryIn(ms: number): void {
    if (this.closed || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.run()
    }, ms)
    // A waiting retry never keeps the CLI or a test process alive.
    this.timer.unref()
  }
}
