import { z } from 'zod'
import type { FileFormat } from './versionedFile'

/** One configuration tried while measuring: what it did end to end. */
const TrialSchema = z.looseObject({
  threads: z.number().int().min(1),
  batchSize: z.number().int().min(1),
  chunksPerSecond: z.number().min(0),
  /** The longest stall of the main thread's event loop during the trial. */
  longestStallMs: z.number().min(0)
})

/**
 * `ingest-tuning.json` (format 1): the ONNX Runtime thread count and embedding batch size this
 * machine measured fastest, and the trials behind the choice.
 * @remarks `machine` says which machine measured it (cores, CPU model, memory); a file measured
 * elsewhere (a data folder copied to another computer) is measured again.
 */
const IngestTuningSchema = z.looseObject({
  version: z.literal(1),
  machine: z.looseObject({
    cpus: z.number().int().min(1),
    cpuModel: z.string(),
    totalMemoryMb: z.number().int().min(0)
  }),
  measuredAt: z.string(),
  /** The embedder the trials ran (its id); throughput depends on the model. */
  embedderId: z.string(),
  threads: z.number().int().min(1),
  batchSize: z.number().int().min(1),
  trials: z.array(TrialSchema)
})
/** The tuning document. */
export type IngestTuningDocument = z.infer<typeof IngestTuningSchema>
/** One measured configuration. */
export type TuningTrial = z.infer<typeof TrialSchema>

/** `ingest-tuning.json`; no older versions yet. */
export const INGEST_TUNING_FORMAT: FileFormat<IngestTuningDocument> = {
  name: 'ingest-tuning.json',
  version: 1,
  schema: IngestTuningSchema,
  migrations: {}
}
