import { z } from 'zod'
import { SyncStatusSchema } from './sync'
import { ImportPath } from './importChannels'
import { Empty } from './channelSchemas'

/** The sync channels: watched folders and the Zotero link. */
export const syncChannels = {
  /** Watched folders and the Zotero link (Settings): what is followed, the last sync. */
  'sync:status': { input: Empty, output: SyncStatusSchema },
  /** Opens the folder dialog and watches the folder chosen (nothing when cancelled). */
  'sync:addFolder': {
    input: z.object({ poll: z.boolean().optional() }).strict(),
    output: SyncStatusSchema
  },
  /** Stops watching a folder; its papers stay. */
  'sync:removeFolder': {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: SyncStatusSchema
  },
  /** Follows a Zotero data folder chosen with `library:pickImport` (read-only). */
  'sync:linkZotero': {
    input: z
      .object({ folder: ImportPath, collections: z.array(z.string().min(1).max(500)).max(1000) })
      .strict(),
    output: SyncStatusSchema
  },
  /** Ends the Zotero link; its papers stay. */
  'sync:unlinkZotero': { input: Empty, output: SyncStatusSchema },
  /** Pauses or resumes following the folders and Zotero. */
  'sync:setPaused': { input: z.object({ paused: z.boolean() }).strict(), output: SyncStatusSchema },
  /** One catch-up pass now; answers once it is done. */
  'sync:now': { input: Empty, output: SyncStatusSchema }
} as const

/** The sync events. */
export const syncEvents = {
  /** Watched folders and the Zotero link changed, or a sync pass started or ended. */
  'sync:status': SyncStatusSchema
} as const
