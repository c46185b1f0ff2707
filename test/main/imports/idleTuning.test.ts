import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CancelledError } from '../../../src/main/errors'
import {
  IDLE_BEFORE_MEASURING_MS,
  IdleTuning,
  type IdleTuningDeps
} from '../../../src/main/imports/IdleTuning'

/** A machine not measured yet, a model, two PDFs; the measurement ends when told to. */
function setup(over: Partial<IdleTuningDeps> = {}) {
  const state = {
    measured: false,
    ingesting: false,
    model: true,
    pdfs: ['/lib/b.pdf', '/lib/a.pdf']
  }
  const calls: { pdfs: readonly string[]; signal: AbortSignal; finish(): void }[] = []
  const log: string[] = []
  const idle = new IdleTuning({
    needsMeasuring: () => !state.measured,
    canMeasure: () => state.model,
    ingesting: () => state.ingesting,
    pdfs: () => state.pdfs,
    measure: (pdfs, signal) =>
      new Promise<void>((resolve, reject) => {
        const call = {
          pdfs,
          signal,
          finish() {
            state.measured = true
            resolve()
          }
        }
        calls.push(call)
        // As IngestTuning.measure does: stops at the next trial once the signal is aborted.
        signal.addEventListener('abort', () => reject(new CancelledError()))
      }),
    log: (m) => log.push(m),
    ...over
  })
  return { idle, state, calls, log }
}

const minute = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(IDLE_BEFORE_MEASURING_MS)
}

describe('IdleTuning: measuring ingestion settings while the app is left alone', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('measures once after a quiet minute, on the library’s own PDFs, and never again', async () => {
    const { idle, calls, log } = setup()
    idle.start()
    await vi.advanceTimersByTimeAsync(IDLE_BEFORE_MEASURING_MS - 1)
    expect(calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.map((c) => c.pdfs)).toEqual([['/lib/b.pdf', '/lib/a.pdf']])
    expect(idle.measuring()).toBe(true)
    calls[0]!.finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(idle.measuring()).toBe(false)
    expect(log.at(-1)).toMatch(/measured/)
    // Measured: later quiet minutes measure nothing.
    idle.activity()
    await minute()
    await minute()
    expect(calls).toHaveLength(1)
  })

  it('starts the wait again whenever the user does something', async () => {
    const { idle, calls } = setup()
    idle.start()
    await vi.advanceTimersByTimeAsync(50_000)
    idle.activity() // a question
    await vi.advanceTimersByTimeAsync(50_000)
    expect(calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(1)
  })

  it('stops a measurement when the app is used, and tries again at the next quiet minute', async () => {
    const { idle, calls, log } = setup()
    idle.start()
    await minute()
    expect(calls).toHaveLength(1)
    idle.activity()
    expect(calls[0]!.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(idle.measuring()).toBe(false)
    expect(log.at(-1)).toMatch(/postponed/)
    await minute()
    expect(calls).toHaveLength(2)
    expect(calls[1]!.signal.aborted).toBe(false)
  })

  it('waits while papers are being added; does nothing without a model or without PDFs', async () => {
    const adding = setup()
    adding.state.ingesting = true
    adding.idle.start()
    await minute()
    expect(adding.calls).toHaveLength(0)
    adding.state.ingesting = false
    await minute()
    expect(adding.calls).toHaveLength(1)

    const noModel = setup()
    noModel.state.model = false
    noModel.idle.start()
    await minute()
    expect(noModel.calls).toHaveLength(0)

    const empty = setup()
    empty.state.pdfs = []
    empty.idle.start()
    await minute()
    expect(empty.calls).toHaveLength(0)
    // Papers added later: the activity that added them starts the wait.
    empty.state.pdfs = ['/lib/new.pdf']
    empty.idle.activity()
    await minute()
    expect(empty.calls.map((c) => c.pdfs)).toEqual([['/lib/new.pdf']])
  })

  it('does not retry a measurement that failed (the defaults stay, the reason is logged)', async () => {
    const measure = vi.fn(async () => {
      throw new Error('none of the PDFs has text')
    })
    const { idle, log } = setup({ measure })
    idle.start()
    await minute()
    expect(measure).toHaveBeenCalledTimes(1)
    expect(log.at(-1)).toMatch(/failed; the defaults stay: .*none of the PDFs has text/)
    idle.activity()
    await minute()
    expect(measure).toHaveBeenCalledTimes(1)
  })

  it('stop() (a folder import about to measure) ends a running measurement and waits for it', async () => {
    const { idle, calls } = setup()
    idle.start()
    await minute()
    const stopped = idle.stop()
    expect(calls[0]!.signal.aborted).toBe(true)
    await stopped
    expect(idle.measuring()).toBe(false)
    // Nothing is waiting to start behind the folder import's back.
    await minute()
    expect(calls).toHaveLength(1)
    await idle.close()
  })
})
