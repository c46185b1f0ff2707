import { z } from 'zod'

/** One file an import could not add, or found already in the library. */
export const FolderImportEntrySchema = z.object({
  file: z.string(),
  /** The error code (failures) or `DUPLICATE`. */
  code: z.string(),
  message: z.string(),
  paperId: z.string().nullable()
})

/** Where a folder import stands: counts, speed, ETA and, once finished, the summary. */
export const FolderImportStatusSchema = z.object({
  jobId: z.string(),
  folder: z.string(),
  state: z.enum(['running', 'pausing', 'paused', 'finished', 'cancelled']),
  total: z.number().int(),
  /** Indexed by this import. */
  indexed: z.number().int(),
  duplicates: z.number().int(),
  failed: z.number().int(),
  /** Being added or indexed right now. */
  inFlight: z.number().int(),
  queued: z.number().int(),
  /** Seconds spent running (pauses and time the app was closed excluded). */
  elapsedSeconds: z.number(),
  papersPerSecond: z.number(),
  /** Seconds until the import is done at the speed so far; null until it can be estimated. */
  etaSeconds: z.number().nullable(),
  /** Failures (with reasons) and duplicates (naming the paper they duplicate), in file order. */
  failures: z.array(FolderImportEntrySchema),
  duplicateFiles: z.array(FolderImportEntrySchema)
})
/** A folder import's progress and summary. */
export type FolderImportStatus = z.infer<typeof FolderImportStatusSchema>
/** One failed or duplicate file. */
export type FolderImportEntry = z.infer<typeof FolderImportEntrySchema>

/** The thread count and batch size ingestion uses on this machine, and how they were chosen. */
export const IngestTuningInfoSchema = z.object({
  /** Embedder workers, each with `threads` ONNX Runtime threads. */
  workers: z.number().int(),
  threads: z.number().int(),
  batchSize: z.number().int(),
  measuredAt: z.string(),
  trials: z.array(
    z.object({
      workers: z.number().int(),
      threads: z.number().int(),
      batchSize: z.number().int(),
      chunksPerSecond: z.number(),
      longestStallMs: z.number()
    })
  )
})
/** The ingestion tuning in force. */
export type IngestTuningInfo = z.infer<typeof IngestTuningInfoSchema>
