import { CancelledError } from '../errors'

/** One unit of work on one paper. */
export interface Job {
  paperId: string
  kind: 'ingest' | 'embed'
}

/** How a queue runs a job; it must handle its own failures. */
export type JobRunner = (job: Job, signal: AbortSignal) => Promise<void>

/**
 * Runs paper jobs one at a time, in order, with cancel and progress counts.
 * @remarks One at a time keeps memory flat and the event loop responsive; a job that throws is
 * logged and the queue moves on, so one bad paper never stops the others.
 */
export class JobQueue {
  private readonly waiting: Job[] = []
  private running: { job: Job; controller: AbortController } | null = null
  private loop: Promise<void> | null = null
  private finished = 0
  private total = 0

  constructor(
    private readonly run: JobRunner,
    private readonly log: (msg: string) => void = () => undefined
  ) {}

  /** Queues a job unless the same job is already queued or running. */
  add(job: Job): boolean {
    const same = (j: Job): boolean => j.paperId === job.paperId && j.kind === job.kind
    if (this.waiting.some(same) || (this.running && same(this.running.job))) return false
    if (!this.loop) {
      // A new run: progress counts start again (they stay at done = total while idle).
      this.finished = 0
      this.total = 0
    }
    this.waiting.push(job)
    this.total++
    this.loop ??= this.drain().finally(() => {
      this.loop = null
    })
    return true
  }

  /** Jobs finished and jobs seen since the queue was last idle. */
  overall(): { done: number; total: number } {
    return { done: this.finished, total: this.total }
  }

  /** True while a job for this paper is queued or running. */
  has(paperId: string): boolean {
    return this.running?.job.paperId === paperId || this.waiting.some((j) => j.paperId === paperId)
  }

  /**
   * Drops queued jobs and aborts the running one (for one paper, or all); returns the jobs
   * dropped from the queue and whether a running one was aborted.
   */
  cancel(
    paperId?: string,
    reason: unknown = new CancelledError()
  ): { dropped: Job[]; aborted: Job | null } {
    const dropped: Job[] = []
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (paperId === undefined || this.waiting[i]!.paperId === paperId)
        dropped.unshift(...this.waiting.splice(i, 1))
    }
    this.total -= dropped.length
    let aborted: Job | null = null
    if (this.running && (paperId === undefined || this.running.job.paperId === paperId)) {
      aborted = this.running.job
      this.running.controller.abort(reason)
    }
    return { dropped, aborted }
  }

  /** Resolves when nothing is queued or running. */
  async idle(): Promise<void> {
    while (this.loop) await this.loop
  }

  private async drain(): Promise<void> {
    let job: Job | undefined
    while ((job = this.waiting.shift()) !== undefined) {
      const controller = new AbortController()
      this.running = { job, controller }
      try {
        await this.run(job, controller.signal)
      } catch (e) {
        this.log(
          `job ${job.kind} ${job.paperId} failed: ${e instanceof Error ? e.stack : String(e)}`
        )
      } finally {
        this.running = null
        this.finished++
      }
    }
  }
}
