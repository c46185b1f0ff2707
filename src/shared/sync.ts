import { z } from 'zod'
import { AppErrorSchema } from './errors'

/**
 * The kinds of change a sync reports, in the order a summary names them.
 * @remarks `settling` (a file still being written) is said on the command line only: Settings
 * is sent finished passes, without it ({@link SETTLED_CHANGE_KINDS}).
 */
export const SYNC_CHANGE_KINDS = [
  'new',
  'updated',
  'moved',
  'restored',
  'missing',
  'trashed',
  'duplicate',
  'failed',
  'noPdf',
  'settling'
] as const
/** One kind of change. */
export type SyncChangeKind = (typeof SYNC_CHANGE_KINDS)[number]

/** The kinds of change a finished pass reports: all but `settling`, in the summary's order. */
export const SETTLED_CHANGE_KINDS = SYNC_CHANGE_KINDS.filter(
  (k): k is Exclude<SyncChangeKind, 'settling'> => k !== 'settling'
)

/** One change of the last sync, as Settings lists it. */
export const SyncChangeInfoSchema = z.object({
  /** `new`, `updated`, `moved`, `restored`, `missing`, `trashed`, `duplicate`, `failed`, `noPdf`. */
  kind: z.string(),
  source: z.enum(['folder', 'zotero']),
  file: z.string().nullable(),
  paperId: z.string().nullable(),
  title: z.string().nullable()
})
/** One change of a sync. */
export type SyncChangeInfo = z.infer<typeof SyncChangeInfoSchema>

/** Watched folders and the Zotero link as Settings shows them (`sync:status`). */
export const SyncStatusSchema = z.object({
  /** False where they cannot be changed here (a read-only window, a sync file from a newer app). */
  available: z.boolean(),
  paused: z.boolean(),
  /** A pass is running now. */
  running: z.boolean(),
  folders: z.array(
    z.object({
      path: z.string(),
      /** Polled rather than followed by file-system events (network and cloud folders). */
      poll: z.boolean(),
      lastSyncAt: z.string().nullable(),
      /** PDFs found there, and those of them gone since (their papers kept, flagged). */
      files: z.number().int(),
      missing: z.number().int()
    })
  ),
  zotero: z
    .object({
      dir: z.string(),
      /** Collections followed; empty: the whole library. */
      collections: z.array(z.string()),
      lastSyncAt: z.string().nullable(),
      items: z.number().int(),
      trashed: z.number().int()
    })
    .nullable(),
  /** The last pass that changed something: when, how many of each kind, the first changes. */
  lastRun: z
    .object({
      at: z.string(),
      counts: z.record(z.string(), z.number().int()),
      changes: z.array(SyncChangeInfoSchema)
    })
    .nullable(),
  /** Why the last pass failed (its text says what to do); null when it went through. */
  error: AppErrorSchema.nullable()
})
/** Watched folders and the Zotero link as Settings shows them. */
export type SyncStatus = z.infer<typeof SyncStatusSchema>
