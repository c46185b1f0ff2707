import { z } from 'zod'
import type { FileFormat } from './versionedFile'

/**
 * Where one file of a folder import stands.
 * - `queued`: not looked at yet.
 * - `adding`: its sha256 is recorded and it is being added (written before the add, so a restart
 *   that finds this sha in the catalog knows the paper is this job's, not an older duplicate).
 * - `added`: in the library and being indexed by it (`paperId`).
 * - `done`, `duplicate`, `failed`: final.
 */
export const IMPORT_ITEM_STATES = [
  'queued',
  'adding',
  'added',
  'done',
  'duplicate',
  'failed'
] as const

const ImportItemSchema = z.looseObject({
  path: z.string(),
  bytes: z.number().int().min(0),
  state: z.enum(IMPORT_ITEM_STATES),
  sha256: z.string().nullable(),
  paperId: z.string().nullable(),
  /** For `failed`: the error code; for `duplicate`: null. */
  code: z.string().nullable(),
  /** Why it failed, or which paper it duplicates, for the end summary (English: logs, CLI). */
  message: z.string().nullable(),
  /**
   * The same message in main's catalog (`errors.<key>`) and its values, so the summary is said
   * in the user's language. Optional: manifests written before it (and a paper error stored
   * without a key) show `message` as it is.
   */
  key: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional()
})

/**
 * `imports/folder-import.json` (format 1): the folder import in progress (or last finished), so a
 * restart resumes it where it stopped and no file is added or indexed twice. An item's `key` and
 * `params` were added later as optional fields (an older format-1 file reads as before).
 */
const ImportJobSchema = z.looseObject({
  version: z.literal(1),
  id: z.string(),
  folder: z.string(),
  createdAt: z.string(),
  state: z.enum(['running', 'paused', 'finished', 'cancelled']),
  /** Milliseconds spent running (not paused, not quit) before the current session. */
  activeMs: z.number().min(0),
  finishedAt: z.string().nullable(),
  items: z.array(ImportItemSchema)
})
/** The job document. */
export type ImportJobDocument = z.infer<typeof ImportJobSchema>
/** One file of the job. */
export type ImportItem = z.infer<typeof ImportItemSchema>

/** The folder-import manifest; no older versions yet. */
export const IMPORT_JOB_FORMAT: FileFormat<ImportJobDocument> = {
  name: 'folder-import.json',
  version: 1,
  schema: ImportJobSchema,
  migrations: {}
}
