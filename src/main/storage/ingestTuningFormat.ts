import { z } from 'zod'
import type { FileFormat, StoredDocument } from './versionedFile'

/** One configuration tried while measuring: what it did end to end. */
const TrialSchema = z.looseObject({
  /** Embedder workers (each with its own model copy). */
  workers: z.number().int().min(1),
  /** ONNX Runtime intra-op threads per worker. */
  threads: z.number().int().min(1),
  batchSize: z.number().int().min(1),
  /** Chunks of the sample indexed per second, from adding the PDFs to the library being idle. */
  chunksPerSecond: z.number().min(0),
  /** The longest stall of the main thread's event loop during the trial. */
  longestStallMs: z.number().min(0)
})

/**
 * How the choice was measured. `end-to-end`: sample PDFs ingested through the real pipeline
 * (format 2). `embedding-alone`: format 1's trial (a fixed set of texts embedded while a PDF was
 * read over and over beside it), which does not predict ingestion time; such a choice is not
 * used and is measured again.
 */
const BASES = ['end-to-end', 'embedding-alone'] as const

/**
 * `ingest-tuning.json` (format 2): the embedder layout (workers × ONNX Runtime threads) and
 * embedding batch size this machine ingested fastest, and the trials behind the choice.
 * @remarks `machine` says which machine measured it (cores, CPU model, memory); a file measured
 * elsewhere (a data folder copied to another computer) is measured again.
 */
const IngestTuningSchema = z.looseObject({
  version: z.literal(2),
  basis: z.enum(BASES),
  machine: z.looseObject({
    cpus: z.number().int().min(1),
    cpuModel: z.string(),
    totalMemoryMb: z.number().int().min(0)
  }),
  measuredAt: z.string(),
  /** The embedder the trials ran (its id); throughput depends on the model. */
  embedderId: z.string(),
  workers: z.number().int().min(1),
  threads: z.number().int().min(1),
  batchSize: z.number().int().min(1),
  /** What each trial ingested: papers and chunks of the sample (0 for a migrated file). */
  sample: z.looseObject({ papers: z.number().int().min(0), chunks: z.number().int().min(0) }),
  trials: z.array(TrialSchema)
})
/** The tuning document. */
export type IngestTuningDocument = z.infer<typeof IngestTuningSchema>
/** One measured configuration. */
export type TuningTrial = z.infer<typeof TrialSchema>

/** `ingest-tuning.json`. */
export const INGEST_TUNING_FORMAT: FileFormat<IngestTuningDocument> = {
  name: 'ingest-tuning.json',
  version: 2,
  schema: IngestTuningSchema,
  migrations: {
    // 1 -> 2: format 1 measured embedding alone (its trials chose 1 thread where 2 ingest 25 %
    // faster end to end); its trials are dropped and the file says it must be measured again.
    // The old choice is kept only for the record (one worker, its threads and batch).
    1: (doc: StoredDocument) => ({
      ...doc,
      basis: 'embedding-alone',
      workers: 1,
      sample: { papers: 0, chunks: 0 },
      trials: []
    })
  }
}
