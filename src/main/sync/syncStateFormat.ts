import { z } from 'zod'
import type { FileFormat } from '../storage/versionedFile'

/**
 * Where one file of a watched folder stands.
 * - `adding`: its sha256 is recorded and the library is being asked to add it (written before
 *   the add, as the folder import's manifest does, so a restart after kill -9 finds the paper by
 *   its sha256 rather than adding or reporting it twice).
 * - `synced`: in the library as `paperId` (new, or a duplicate of a paper already there).
 * - `failed`: the library could not read it (`message`); tried again when the file changes.
 * - `missing`: gone from the folder; its paper is flagged "file missing" and kept.
 */
export const SYNC_FILE_STATES = ['adding', 'synced', 'failed', 'missing'] as const

const SyncFileSchema = z.looseObject({
  size: z.number().int().min(0),
  mtimeMs: z.number(),
  sha256: z.string().nullable(),
  paperId: z.string().nullable(),
  state: z.enum(SYNC_FILE_STATES),
  message: z.string().nullable().default(null)
})
/** One file of a watched folder as the sync state records it. */
export type SyncFile = z.infer<typeof SyncFileSchema>

const WatchedFolderSchema = z.looseObject({
  path: z.string(),
  /** Poll instead of file-system events (network and cloud-synced folders). */
  poll: z.boolean().default(false),
  addedAt: z.string(),
  lastSyncAt: z.string().nullable().default(null),
  /** Keyed by absolute path. */
  files: z.record(z.string(), SyncFileSchema).default({})
})
/** A watched folder with what was last seen in it. */
export type WatchedFolder = z.infer<typeof WatchedFolderSchema>

/**
 * Where one item of the linked Zotero library stands: `adding` (its PDF's sha256 recorded before
 * the add), `synced`, `noPdf` (no PDF on disk: kept as a metadata-only paper, `paperId`, and its PDF
 * looked for on each pass),
 * `failed`, `trashed` (gone from Zotero's live items: its paper is flagged, never removed).
 */
export const ZOTERO_ITEM_STATES = ['adding', 'synced', 'noPdf', 'failed', 'trashed'] as const

const ZoteroItemStateSchema = z.looseObject({
  state: z.enum(ZOTERO_ITEM_STATES),
  paperId: z.string().nullable(),
  sha256: z.string().nullable(),
  title: z.string().nullable(),
  /** What Zotero said last (fields, tags, collections), to see what changed there. */
  fingerprint: z.string(),
  /** The Zotero collections (full names) the item was in, as last synced. */
  collections: z.array(z.string()).default([]),
  tags: z.array(z.string()).default([]),
  /** Its notes as last synced (absent in a state written before notes were followed). */
  notes: z.array(z.string()).optional()
})
/** One linked Zotero item as the sync state records it. */
export type ZoteroItemState = z.infer<typeof ZoteroItemStateSchema>

const ZoteroLinkSchema = z.looseObject({
  dir: z.string(),
  /** Collections followed (full names); empty: the whole library. */
  collections: z.array(z.string()).default([]),
  linkedAt: z.string(),
  lastSyncAt: z.string().nullable().default(null),
  items: z.record(z.string(), ZoteroItemStateSchema).default({})
})
/** The live Zotero link. */
export type ZoteroLink = z.infer<typeof ZoteroLinkSchema>

/** What one change of a sync was, for the user (English text in `message`, keyed for i18n). */
const SyncChangeSchema = z.looseObject({
  kind: z.string(),
  source: z.enum(['folder', 'zotero']),
  file: z.string().nullable(),
  paperId: z.string().nullable(),
  title: z.string().nullable()
})
/** One change of a sync. */
export type SyncChange = z.infer<typeof SyncChangeSchema>

const SyncRunSchema = z.looseObject({
  at: z.string(),
  counts: z.record(z.string(), z.number().int().min(0)),
  changes: z.array(SyncChangeSchema)
})
/** The last sync: when, how many of each change, and the changes. */
export type SyncRun = z.infer<typeof SyncRunSchema>

const SyncStateSchema = z.looseObject({
  version: z.literal(1),
  paused: z.boolean().default(false),
  folders: z.array(WatchedFolderSchema).default([]),
  zotero: ZoteroLinkSchema.nullable().default(null),
  lastRun: SyncRunSchema.nullable().default(null)
})
/** `sync/sync-state.json`. */
export type SyncStateDocument = z.infer<typeof SyncStateSchema>

/**
 * `sync/sync-state.json` (format 1): the watched folders with each file's size, mtime and
 * sha256, the Zotero link with each item's last-seen fields, and the last sync's changes.
 * Unknown fields are kept; later versions add numbered migrations here.
 */
export const SYNC_STATE_FORMAT: FileFormat<SyncStateDocument> = {
  name: 'sync-state.json',
  version: 1,
  schema: SyncStateSchema,
  migrations: {}
}

/** An empty state (no folders, no link). */
export function emptySyncState(): SyncStateDocument {
  return { version: 1, paused: false, folders: [], zotero: null, lastRun: null }
}
