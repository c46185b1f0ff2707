import { readFile } from 'node:fs/promises'
import type { IngestTuningInfo } from '../../shared/folderImport'
import { UserFacingError } from '../errors'
import type { PdfReader } from '../pdf/PdfReader'
import type { EmbedderProvider } from '../search/types'
import { WorkerEmbedder } from '../search/embedder/WorkerEmbedder'
import type { WorkerScript } from '../workerScript'
import type { IngestTuning } from './IngestTuning'
import { ingestionTrial, type IngestionTrialInput } from './tuningTrial'

/** About how many pages the trials ingest each time (a few seconds on a 2-core laptop). */
export const SAMPLE_PAGES = 30
/** At most this many PDFs in the sample. */
export const SAMPLE_PDFS = 3

/** What measuring needs: the tuning to update, the model, the reader and some real PDFs. */
export interface MeasureDeps {
  tuning: IngestTuning
  embedder: EmbedderProvider
  reader: PdfReader
  /** Opens a scratch library built as the app's (see {@link IngestionTrialInput.openLibrary}). */
  openLibrary: IngestionTrialInput['openLibrary']
  /** The embedder worker to run (the built one in the app). */
  script?: WorkerScript
  /** Rounds of trials (2: each configuration twice, interleaved). */
  rounds?: number
  /** Where the scratch libraries go (the system's temp folder by default). */
  scratchDir?: string
}

/**
 * Measures this machine's ingestion settings on real PDFs, end to end: a sample of the first
 * PDFs with text (about {@link SAMPLE_PAGES} pages) is ingested through the real pipeline into a
 * scratch library with each configuration (see {@link IngestTuning.measure}). Saves and returns
 * the choice.
 * @remarks MODEL_MISSING when there is no embedding model (nothing to tune: keyword only);
 * NO_TEXT when none of the first PDFs has text; CANCELLED when `signal` stops it (between
 * trials; nothing is saved).
 */
export async function measureIngestion(
  deps: MeasureDeps,
  pdfs: readonly string[],
  signal?: AbortSignal
): Promise<IngestTuningInfo> {
  const embedder = await deps.embedder.current()
  const modelDir = deps.embedder.status().modelDir
  if (!embedder || !modelDir)
    throw new UserFacingError('MODEL_MISSING', { key: 'nothingToMeasure' })
  const sample = await pickSample(deps.reader, pdfs)
  if (sample.length === 0) throw new UserFacingError('NO_TEXT', { key: 'noTextToMeasure' })
  const trial = ingestionTrial({
    pdfs: sample,
    startEmbedder: ({ workers, threads, batchSize }) =>
      WorkerEmbedder.start({
        modelDir,
        script: deps.script,
        options: { workers, threads, batchSize }
      }),
    openLibrary: deps.openLibrary,
    scratchDir: deps.scratchDir
  })
  const result = await deps.tuning.measure(embedder.id, trial, { rounds: deps.rounds, signal })
  return { ...tuningInfo(deps.tuning)!, threads: result.threads, batchSize: result.batchSize }
}

/**
 * The first PDFs (of the first ten) whose text the reader can get, until about
 * {@link SAMPLE_PAGES} pages or {@link SAMPLE_PDFS} files. Reading them also loads the
 * extraction worker, so the first trial does not pay for it.
 */
export async function pickSample(reader: PdfReader, pdfs: readonly string[]): Promise<string[]> {
  const chosen: string[] = []
  let pages = 0
  for (const pdf of pdfs.slice(0, 10)) {
    const bytes = new Uint8Array(await readFile(pdf).catch(() => Buffer.alloc(0)))
    if (bytes.length === 0) continue
    const content = await reader.read(bytes).catch(() => null)
    const hasText = content?.pages.some((p) => p.items.some((i) => i.str.trim() !== ''))
    if (!content || !hasText) continue
    chosen.push(pdf)
    pages += content.pages.length
    if (pages >= SAMPLE_PAGES || chosen.length >= SAMPLE_PDFS) break
  }
  return chosen
}

/** The tuning in force, as the app shows it; null before this machine was measured. */
export function tuningInfo(tuning: IngestTuning): IngestTuningInfo | null {
  const d = tuning.current()
  if (!d) return null
  return {
    workers: d.workers,
    threads: d.threads,
    batchSize: d.batchSize,
    measuredAt: d.measuredAt,
    trials: d.trials.map(({ workers, threads, batchSize, chunksPerSecond, longestStallMs }) => ({
      workers,
      threads,
      batchSize,
      chunksPerSecond,
      longestStallMs
    }))
  }
}
