import { cpus, totalmem } from 'node:os'
import {
  INGEST_TUNING_FORMAT,
  type IngestTuningDocument,
  type TuningTrial
} from '../../storage/ingestTuningFormat'
import { moveAside, readVersioned, writeVersioned } from '../../storage/versionedFile'

/** The longest main-thread stall a configuration may cause and still be chosen. */
export const MAX_STALL_MS = 50

/** The batch size used until this machine has been measured (as before tuning existed). */
export const UNTUNED_BATCH = 4

/** What a machine is, for telling whether a saved tuning was measured on this one. */
export interface MachineInfo {
  cpus: number
  cpuModel: string
  totalMemoryMb: number
}

/** This computer. */
export function thisMachine(): MachineInfo {
  const list = cpus()
  return {
    cpus: Math.max(1, list.length),
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    totalMemoryMb: Math.round(totalmem() / 2 ** 20)
  }
}

/** Runs one configuration and says how fast it went and how long the main thread stalled. */
export type TrialRunner = (
  threads: number,
  batchSize: number
) => Promise<{ chunksPerSecond: number; longestStallMs: number }>

/** What {@link IngestTuning.measure} reports. */
export interface TuningResult {
  threads: number
  batchSize: number
  trials: TuningTrial[]
  /** Why this configuration won, for a person. */
  reason: string
}

/**
 * ONNX Runtime's thread count and the embedding batch size, chosen once per machine from
 * measured throughput and remembered in `ingest-tuning.json`.
 * @remarks Until a measurement exists the host's defaults are used (ORT picks its own thread
 * count; batches of {@link UNTUNED_BATCH}). A file from another machine, a damaged file (kept
 * aside) or a newer format (left untouched) all mean "not measured here". Measuring again
 * (a button in the bulk import panel, `researchpal tune-ingest`) replaces the choice.
 */
export class IngestTuning {
  private doc: IngestTuningDocument | null = null
  private newer = false
  private readonly listeners = new Set<() => void>()

  constructor(
    private readonly deps: {
      file: string
      machine?: MachineInfo
      readOnly?: boolean
      log?: (message: string) => void
    }
  ) {}

  private get machine(): MachineInfo {
    return this.deps.machine ?? thisMachine()
  }

  /** Reads the saved choice; a damaged file is kept aside and reported, never silently dropped. */
  async load(): Promise<void> {
    const read = await readVersioned(this.deps.file, INGEST_TUNING_FORMAT)
    this.doc = null
    this.newer = read.state === 'newer'
    if (read.state === 'newer') {
      this.deps.log?.(
        `${this.deps.file} was written by a newer ResearchPal (format ${read.version}); it is left unchanged and the default ingestion settings are used.`
      )
    } else if (read.state === 'unreadable') {
      if (this.deps.readOnly) {
        this.deps.log?.(`${this.deps.file} cannot be read (${read.reason}); using the defaults.`)
      } else {
        const aside = await moveAside(this.deps.file)
        this.deps.log?.(
          `ingest-tuning.json could not be read (${read.reason}); kept it as ${aside}. Ingestion settings will be measured again.`
        )
      }
    } else if (read.state === 'ok') {
      const m = read.data.machine
      const here = this.machine
      if (m.cpus === here.cpus && m.cpuModel === here.cpuModel) this.doc = read.data
      else
        this.deps.log?.(
          `ingest-tuning.json was measured on another machine (${m.cpus} × ${m.cpuModel}); it will be measured again here.`
        )
    }
  }

  /** True when nothing measured on this machine is in force. */
  needsMeasuring(): boolean {
    return this.doc === null && !this.newer
  }

  /** ORT intra-op threads (undefined: ORT's own default, before measuring). */
  threads(): number | undefined {
    return this.doc?.threads
  }

  /** Texts per embedding call. */
  batchSize(): number {
    return this.doc?.batchSize ?? UNTUNED_BATCH
  }

  /** The saved measurement, or null. */
  current(): IngestTuningDocument | null {
    return this.doc
  }

  /** Called after every change of the choice (the embedder restarts with it). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Tries thread counts (1 up to the cores, at most 4) at the untuned batch size, then other
   * batch sizes at the best count, and keeps the fastest whose longest stall is within
   * {@link MAX_STALL_MS}; fewer threads win within 3 % (measurement noise on a busy machine).
   * @remarks Each phase runs its configurations `rounds` times, interleaved, and keeps each
   * one's best throughput and shortest stall: other work on the machine only ever slows a trial
   * down or stalls it, so the best of the repeats is the fairest comparison.
   */
  async measure(embedderId: string, run: TrialRunner, rounds = 2): Promise<TuningResult> {
    const cores = Math.min(4, this.machine.cpus)
    const trials: TuningTrial[] = []
    const phase = async (configs: [number, number][]): Promise<void> => {
      for (let round = 0; round < Math.max(1, rounds); round++) {
        for (const [threads, batchSize] of configs) {
          const r = await run(threads, batchSize)
          this.deps.log?.(
            `ingestion trial: ${threads} thread(s), batch ${batchSize}: ${r.chunksPerSecond.toFixed(1)} chunks/s, longest stall ${r.longestStallMs.toFixed(0)} ms`
          )
          const known = trials.find((t) => t.threads === threads && t.batchSize === batchSize)
          if (!known) trials.push({ threads, batchSize, ...r })
          else {
            known.chunksPerSecond = Math.max(known.chunksPerSecond, r.chunksPerSecond)
            known.longestStallMs = Math.min(known.longestStallMs, r.longestStallMs)
          }
        }
      }
    }
    await phase(Array.from({ length: cores }, (_, i) => [i + 1, UNTUNED_BATCH]))
    const bestThreads = chooseTrial(trials).threads
    await phase([
      [bestThreads, 2],
      [bestThreads, 8]
    ])
    const best = chooseTrial(trials)
    const reason = trials.some((t) => t.longestStallMs <= MAX_STALL_MS)
      ? `fastest measured with the main thread's longest stall ≤ ${MAX_STALL_MS} ms`
      : `no configuration kept stalls ≤ ${MAX_STALL_MS} ms; the one with the shortest stall`
    const doc = {
      machine: { ...this.machine },
      measuredAt: new Date().toISOString(),
      embedderId,
      threads: best.threads,
      batchSize: best.batchSize,
      trials
    }
    if (!this.deps.readOnly && !this.newer) {
      await writeVersioned(this.deps.file, INGEST_TUNING_FORMAT, doc, 2)
    }
    this.doc = { version: 1, ...doc }
    for (const l of this.listeners) l()
    return { threads: best.threads, batchSize: best.batchSize, trials, reason }
  }
}

/** The fastest trial within the stall limit (fewer threads within 3 %), else the least stalling. */
export function chooseTrial(trials: readonly TuningTrial[]): TuningTrial {
  if (trials.length === 0) throw new Error('no trial to choose from')
  const ok = trials.filter((t) => t.longestStallMs <= MAX_STALL_MS)
  if (ok.length === 0) return [...trials].sort((a, b) => a.longestStallMs - b.longestStallMs)[0]!
  const fastest = Math.max(...ok.map((t) => t.chunksPerSecond))
  return [...ok]
    .filter((t) => t.chunksPerSecond >= fastest * 0.97)
    .sort((a, b) => a.threads - b.threads || b.chunksPerSecond - a.chunksPerSecond)[0]!
}
