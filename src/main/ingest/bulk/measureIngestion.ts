import { readFile } from 'node:fs/promises'
import type { IngestTuningInfo } from '../../../shared/folderImport'
import { UserFacingError } from '../../errors'
import type { PdfReader } from '../PdfReader'
import type { EmbedderProvider } from '../../search/types'
import type { WorkerScript } from '../../workerScript'
import type { IngestTuning } from './IngestTuning'
import { embedderTrial, sampleTexts } from './tuningTrial'

/** What measuring needs: the tuning to update, the model, the reader and some real PDFs. */
export interface MeasureDeps {
  tuning: IngestTuning
  embedder: EmbedderProvider
  reader: PdfReader
  /** The embedder worker to run (the built one in the app). */
  script?: WorkerScript
}

/**
 * Measures this machine's ingestion settings on real PDFs: chunk texts cut from the first PDF
 * with text, embedded by the real embedder worker with each configuration while the reader
 * extracts that PDF over and over beside it (the two compete for the cores as they do when a
 * library is ingested). Saves and returns the choice.
 * @remarks MODEL_MISSING when there is no embedding model (nothing to tune: keyword only).
 */
export async function measureIngestion(
  deps: MeasureDeps,
  pdfs: readonly string[]
): Promise<IngestTuningInfo> {
  const embedder = await deps.embedder.current()
  const modelDir = deps.embedder.status().modelDir
  if (!embedder || !modelDir)
    throw new UserFacingError('MODEL_MISSING', { key: 'nothingToMeasure' })
  let texts: string[] = []
  let bytes: Uint8Array | null = null
  for (const pdf of pdfs.slice(0, 10)) {
    const candidate = new Uint8Array(await readFile(pdf).catch(() => Buffer.alloc(0)))
    const content = await deps.reader.read(candidate.slice()).catch(() => null)
    texts = content ? sampleTexts(content) : []
    if (texts.length) {
      bytes = candidate
      break
    }
  }
  if (!bytes) throw new UserFacingError('NO_TEXT', { key: 'noTextToMeasure' })
  const sample = bytes
  const result = await deps.tuning.measure(
    embedder.id,
    embedderTrial({
      modelDir,
      script: deps.script,
      texts,
      load: () => deps.reader.read(sample.slice())
    })
  )
  return { ...tuningInfo(deps.tuning)!, threads: result.threads, batchSize: result.batchSize }
}

/** The tuning in force, as the app shows it; null before this machine was measured. */
export function tuningInfo(tuning: IngestTuning): IngestTuningInfo | null {
  const d = tuning.current()
  if (!d) return null
  return {
    threads: d.threads,
    batchSize: d.batchSize,
    measuredAt: d.measuredAt,
    trials: d.trials.map(({ threads, batchSize, chunksPerSecond, longestStallMs }) => ({
      threads,
      batchSize,
      chunksPerSecond,
      longestStallMs
    }))
  }
}
