import type { LibraryService } from '../library/LibraryService'
import type { OpenContext } from '../openContext'
import { BackgroundSync, syncSettleMs } from './backgroundSync'

/** What opening the sync needs beyond {@link OpenContext}. */
export interface SyncOpenContext extends OpenContext {
  library: LibraryService
}

/**
 * Opens the watched folders and the Zotero link (Settings, or `watch add` / `zotero link`).
 * @remarks Nothing is followed until {@link BackgroundSync.start}: the composition root starts it
 * while the app runs (`syncInBackground`); elsewhere Settings' sync channels say unavailable.
 */
export function openSync(ctx: SyncOpenContext): BackgroundSync {
  const { library } = ctx
  return new BackgroundSync({
    library,
    dataDir: ctx.paths.root,
    notify: (notice) => library.addNotice(notice),
    onStatus: (status) => ctx.events.emit('sync:status', status),
    settleMs: syncSettleMs(ctx.env),
    log: ctx.log
  })
}
