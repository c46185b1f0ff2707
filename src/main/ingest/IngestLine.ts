import { CancelledError } from '../errors'
import { BoundedQueue } from './BoundedQueue'

/** One unit of work on one paper. */
export interface Job {
  paperId: string
  kind: 'ingest' | 'embed'
}

/** A job on its way through the stages, with the one signal that cancels it wherever it is. */
export interface Ticket {
  readonly job: Job
  readonly signal: AbortSignal
}

/** Hands a stage's result to the next stage; waits while that stage's queue is full. */
export type Pass<T> = (item: T) => Promise<void>

/**
 * What the three stages do with a job. Each stage works on one job at a time; a stage that does
 * not call `pass` ends the job there (nothing to do). A throw from any stage ends the job with
 * {@link fail}, called once per job.
 */
export interface StageWork<Read, Embedded> {
  /**
   * Gets the job's text and chunks. It may pass its result before it has finished (the chunks
   * then arrive while the embed stage already works on them); a throw after that still fails it.
   */
  read(ticket: Ticket, pass: Pass<Read>): Promise<void>
  /** Computes the vectors. */
  embed(ticket: Ticket, read: Read, pass: Pass<Embedded>): Promise<void>
  /** Writes the files and indexes and records the outcome. */
  write(ticket: Ticket, embedded: Embedded): Promise<void>
  fail(ticket: Ticket, error: unknown): Promise<void>
  /** Called once a job has left the line, whatever its outcome. */
  settled?(ticket: Ticket): void
}

/** How many jobs may be read (or being read) before the embed stage takes them. */
export const READ_AHEAD = 2

interface Entry<T> {
  ticket: InFlight
  item: T
}

interface InFlight extends Ticket {
  readonly controller: AbortController
  ended: boolean
}

/**
 * Ingestion as three stages joined by bounded queues: read (PDF → text → chunks) → embed →
 * write. Each stage runs one job at a time, so the reader works on the next papers while the
 * embedder computes this one's vectors and the writer stores the previous one's.
 * @remarks "Ahead" is a queue depth: at most {@link READ_AHEAD} jobs wait, read or being read,
 * for the embedder, and one embedded job waits for the writer; a faster stage is held back, so
 * memory stays bounded whatever the batch size. Jobs not yet read wait as ids only. One
 * `AbortSignal` per job cancels it in whichever stage or queue it is.
 */
export class IngestLine<Read, Embedded> {
  private readonly waiting: Job[] = []
  private readonly inFlight = new Set<InFlight>()
  private readonly toEmbed: BoundedQueue<Entry<Read>>
  private readonly toWrite = new BoundedQueue<Entry<Embedded>>(1)
  private reading: Promise<void> | null = null
  private stagesStarted = false
  private idleWaiters: (() => void)[] = []
  private readonly leaveWaiters: (() => void)[] = []
  private finished = 0
  private total = 0

  constructor(
    private readonly work: StageWork<Read, Embedded>,
    private readonly log: (msg: string) => void = () => undefined,
    readAhead: number = READ_AHEAD
  ) {
    this.toEmbed = new BoundedQueue(readAhead)
  }

  /** Queues a job unless the same job is already queued or under way. */
  add(job: Job): boolean {
    const same = (j: Job): boolean => j.paperId === job.paperId && j.kind === job.kind
    if (this.waiting.some(same) || [...this.inFlight].some((t) => same(t.job))) return false
    if (this.busy() === 0) {
      // A new run: progress counts start again (they stay at done = total while idle).
      this.finished = 0
      this.total = 0
    }
    this.waiting.push(job)
    this.total++
    this.startStages()
    this.reading ??= this.readAll().finally(() => {
      this.reading = null
    })
    return true
  }

  /** Jobs finished and jobs seen since the line was last idle. */
  overall(): { done: number; total: number } {
    return { done: this.finished, total: this.total }
  }

  /** True while a job for this paper is queued or under way. */
  has(paperId: string): boolean {
    return (
      this.waiting.some((j) => j.paperId === paperId) ||
      [...this.inFlight].some((t) => t.job.paperId === paperId)
    )
  }

  /**
   * Drops queued jobs and cancels those under way (for one paper, or all); returns the jobs
   * dropped before they started and those cancelled in a stage (they end through `fail`).
   */
  cancel(paperId?: string): { dropped: Job[]; aborted: Job[] } {
    const dropped: Job[] = []
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (paperId === undefined || this.waiting[i]!.paperId === paperId)
        dropped.unshift(...this.waiting.splice(i, 1))
    }
    this.total -= dropped.length
    const aborted: Job[] = []
    for (const t of this.inFlight) {
      if (paperId !== undefined && t.job.paperId !== paperId) continue
      if (!t.signal.aborted) t.controller.abort(new CancelledError())
      aborted.push(t.job)
    }
    this.wakeIfIdle()
    return { dropped, aborted }
  }

  /** Resolves when nothing is queued or under way. */
  idle(): Promise<void> {
    if (this.busy() === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private busy(): number {
    return this.waiting.length + this.inFlight.size
  }

  private async readAll(): Promise<void> {
    for (;;) {
      const job = this.waiting[0]
      if (!job) return
      // Two jobs of one paper never overlap: the second waits (still queued, still cancellable)
      // for the first to leave the line.
      if ([...this.inFlight].some((t) => t.job.paperId === job.paperId)) {
        await this.oneLeaves()
        continue
      }
      this.waiting.shift()
      const controller = new AbortController()
      const ticket: InFlight = { job, controller, signal: controller.signal, ended: false }
      this.inFlight.add(ticket)
      let passed = false
      await this.run(ticket, () =>
        this.work.read(ticket, async (item) => {
          passed = true
          await this.toEmbed.push({ ticket, item })
        })
      )
      if (!passed) this.end(ticket)
    }
  }

  private startStages(): void {
    if (this.stagesStarted) return
    this.stagesStarted = true
    // Endless loops waiting on their queue: a pending promise keeps no process alive.
    void this.stage(this.toEmbed, async (ticket, item) => {
      let passed = false
      await this.work.embed(ticket, item, async (out) => {
        passed = true
        await this.toWrite.push({ ticket, item: out })
      })
      return passed
    })
    void this.stage(this.toWrite, async (ticket, item) => {
      await this.work.write(ticket, item)
      return false
    })
  }

  private async stage<T>(
    queue: BoundedQueue<Entry<T>>,
    step: (ticket: InFlight, item: T) => Promise<boolean>
  ): Promise<never> {
    for (;;) {
      const { ticket, item } = await queue.take()
      if (ticket.ended) continue
      let passed = false
      await this.run(ticket, async () => {
        // Cancelled while it waited in the queue: it goes no further.
        if (ticket.signal.aborted) throw ticket.signal.reason
        passed = await step(ticket, item)
      })
      if (!passed) this.end(ticket)
    }
  }

  // A throw ends the job through `fail` (once, wherever it happened); the job counts as under
  // way until its failure is recorded.
  private async run(ticket: InFlight, step: () => Promise<void>): Promise<void> {
    try {
      await step()
    } catch (e) {
      if (ticket.ended) return
      ticket.ended = true
      try {
        await this.work.fail(ticket, e)
      } catch (failure) {
        this.log(
          `job ${ticket.job.kind} ${ticket.job.paperId} failed: ${failure instanceof Error ? failure.stack : String(failure)}`
        )
      }
      this.leave(ticket)
    }
  }

  private end(ticket: InFlight): void {
    if (ticket.ended) return
    ticket.ended = true
    this.leave(ticket)
  }

  private leave(ticket: InFlight): void {
    if (!this.inFlight.delete(ticket)) return
    this.finished++
    try {
      this.work.settled?.(ticket)
    } catch (e) {
      this.log(`after job ${ticket.job.kind} ${ticket.job.paperId}: ${String(e)}`)
    }
    for (const w of this.leaveWaiters.splice(0)) w()
    this.wakeIfIdle()
  }

  private oneLeaves(): Promise<void> {
    return new Promise((resolve) => this.leaveWaiters.push(resolve))
  }

  private wakeIfIdle(): void {
    if (this.busy() > 0) return
    for (const w of this.idleWaiters.splice(0)) w()
  }
}
