import { cpus, totalmem } from 'node:os'
import {
  INGEST_TUNING_FORMAT,
  type IngestTuningDocument,
  type TuningTrial
} from '../storage/ingestTuningFormat'
import { throwIfAborted } from '../errors'
import { moveAside, readVersioned, writeVersioned } from '../storage/versionedFile'

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

/** One embedder layout and batch size. */
export interface IngestConfig {
  /** Embedder workers, each with its own copy of the model. */
  workers: number
  /** ONNX Runtime intra-op threads per worker. */
  threads: number
  batchSize: number
}

/** What one trial measured: end-to-end ingestion speed of the sample, and the UI's worst stall. */
export interface TrialMeasure {
  chunksPerSecond: number
  longestStallMs: number
}

/**
 * Runs one configuration end to end and says how fast it went and how long the main thread
 * stalled; `sample` (when given) says what the trials ingested, recorded with the choice.
 */
export type TrialRunner = ((config: IngestConfig) => Promise<TrialMeasure>) & {
  sample?: () => TrialSample
}

/** What {@link IngestTuning.measure} reports. */
export interface TuningResult extends IngestConfig {
  trials: TuningTrial[]
  /** Why this configuration won, for a person. */
  reason: string
}

/** What the trials ingested, recorded with the choice. */
export interface TrialSample {
  papers: number
  chunks: number
}

/** Batch sizes tried at the best layout after the layouts were compared at {@link UNTUNED_BATCH}. */
export const OTHER_BATCHES = [2, 8] as const

/**
 * The layouts compared: workers × threads per worker, never more threads than cores (at most 4
 * counted): 1×1, 1×2, 2×1 on two cores; 1×1, 1×2, 1×4, 2×1, 2×2, 4×1 on four.
 */
export function candidateLayouts(cpus: number): { workers: number; threads: number }[] {
  const cores = Math.max(1, Math.min(4, cpus))
  const counts = [...new Set([1, 2, cores])].filter((n) => n <= cores)
  const out: { workers: number; threads: number }[] = []
  for (const workers of counts)
    for (const threads of counts) if (workers * threads <= cores) out.push({ workers, threads })
  return out.sort((a, b) => a.workers - b.workers || a.threads - b.threads)
}

/**
 * The embedder layout (workers × ONNX Runtime threads) and the embedding batch size, chosen once
 * per machine from measured END-TO-END ingestion time and remembered in `ingest-tuning.json`.
 * @remarks Until a measurement exists the host's defaults are used (one worker, ORT's own thread
 * count, batches of {@link UNTUNED_BATCH}). A file from another machine, a damaged file (kept
 * aside), a newer format (left untouched) or format 1's embedding-alone measurement all mean
 * "not measured here". Measuring again (a button in the bulk import panel,
 * `researchpal tune-ingest`) replaces the choice.
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
      if (read.data.basis !== 'end-to-end')
        this.deps.log?.(
          `ingest-tuning.json holds an older measurement of embedding alone (${read.data.threads} thread(s)), which does not predict ingestion time; it will be measured again end to end.`
        )
      else if (m.cpus === here.cpus && m.cpuModel === here.cpuModel) this.doc = read.data
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

  /** Embedder workers (1 before measuring). */
  workers(): number {
    return this.doc?.workers ?? 1
  }

  /** ORT intra-op threads per worker (undefined: ORT's own default, before measuring). */
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
   * Runs every candidate layout ({@link candidateLayouts}) at the untuned batch size, then
   * {@link OTHER_BATCHES} at the best layout, and keeps the fastest end to end whose longest
   * stall is within {@link MAX_STALL_MS} (see {@link chooseTrial}).
   * @remarks The layouts run `rounds` times, interleaved, and each keeps its best throughput and
   * shortest stall: other work on the machine only ever slows a trial down or stalls it, so the
   * best of the repeats is the fairest comparison. `signal` stops it between trials (CANCELLED;
   * the choice in force is kept). The other batch sizes run once each (to keep
   * the measurement short): one of them must beat the untuned batch's best to be chosen.
   */
  async measure(
    embedderId: string,
    run: TrialRunner,
    options: { rounds?: number; signal?: AbortSignal } = {}
  ): Promise<TuningResult> {
    const rounds = Math.max(1, options.rounds ?? 2)
    const trials: TuningTrial[] = []
    const phase = async (configs: IngestConfig[], times: number): Promise<void> => {
      for (let round = 0; round < times; round++) {
        for (const config of configs) {
          // Stopped between trials (the app came back into use): nothing is saved.
          throwIfAborted(options.signal)
          const r = await run(config)
          this.deps.log?.(
            `ingestion trial: ${config.workers} worker(s) × ${config.threads} thread(s), batch ${config.batchSize}: ${r.chunksPerSecond.toFixed(1)} chunks/s end to end, longest stall ${r.longestStallMs.toFixed(0)} ms`
          )
          const known = trials.find((t) => sameConfig(t, config))
          if (!known) trials.push({ ...config, ...r })
          else {
            known.chunksPerSecond = Math.max(known.chunksPerSecond, r.chunksPerSecond)
            known.longestStallMs = Math.min(known.longestStallMs, r.longestStallMs)
          }
        }
      }
    }
    await phase(
      candidateLayouts(this.machine.cpus).map((l) => ({ ...l, batchSize: UNTUNED_BATCH })),
      rounds
    )
    const layout = chooseTrial(trials)
    await phase(
      OTHER_BATCHES.map((batchSize) => ({
        workers: layout.workers,
        threads: layout.threads,
        batchSize
      })),
      1
    )
    const best = chooseTrial(trials)
    const reason = trials.some((t) => t.longestStallMs <= MAX_STALL_MS)
      ? `fastest end to end with the main thread's longest stall ≤ ${MAX_STALL_MS} ms`
      : `no configuration kept stalls ≤ ${MAX_STALL_MS} ms (other work on the machine); the fastest within 25 % of the shortest stall`
    const chosen = { workers: best.workers, threads: best.threads, batchSize: best.batchSize }
    const doc = {
      basis: 'end-to-end' as const,
      machine: { ...this.machine },
      measuredAt: new Date().toISOString(),
      embedderId,
      ...chosen,
      sample: { ...(run.sample?.() ?? { papers: 0, chunks: 0 }) },
      trials
    }
    if (!this.deps.readOnly && !this.newer) {
      await writeVersioned(this.deps.file, INGEST_TUNING_FORMAT, doc, 2)
    }
    this.doc = { version: 2, ...doc }
    for (const l of this.listeners) l()
    return { ...chosen, trials, reason }
  }
}

function sameConfig(a: IngestConfig, b: IngestConfig): boolean {
  return a.workers === b.workers && a.threads === b.threads && a.batchSize === b.batchSize
}

/**
 * The fastest trial whose longest stall is within {@link MAX_STALL_MS}. Within 3 % of the
 * fastest (measurement noise) the fewest threads in all win, then the fewest workers (less
 * memory).
 * @remarks When even the least stalling trial went over the limit, the stalls are the machine's
 * (other programs keeping the main thread off the cores), not a configuration's: the limit
 * becomes that least stall plus 25 %, so the choice still goes by speed among those that stall
 * no more than the machine does anyway.
 */
export function chooseTrial(trials: readonly TuningTrial[]): TuningTrial {
  if (trials.length === 0) throw new Error('no trial to choose from')
  const floor = Math.min(...trials.map((t) => t.longestStallMs))
  const limit = Math.max(MAX_STALL_MS, floor * 1.25)
  const ok = trials.filter((t) => t.longestStallMs <= limit)
  const fastest = Math.max(...ok.map((t) => t.chunksPerSecond))
  return [...ok]
    .filter((t) => t.chunksPerSecond >= fastest * 0.97)
    .sort(
      (a, b) =>
        a.workers * a.threads - b.workers * b.threads ||
        a.workers - b.workers ||
        b.chunksPerSecond - a.chunksPerSecond
    )[0]!
}
