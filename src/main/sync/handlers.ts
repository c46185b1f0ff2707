import type { syncChannels } from '../../shared/syncChannels'
import type { HandlerSlice } from '../ipc/combine'
import type { FilePicker } from '../ipc/filePicker'
import type { Grants } from '../ipc/grants'
import type { BackgroundSync } from './backgroundSync'

/** What the sync channels need. */
export interface SyncHandlerDeps {
  filePicker: FilePicker
  /** Watched folders and the Zotero link (see `sync/backgroundSync.ts`). */
  sync: Pick<
    BackgroundSync,
    | 'status'
    | 'addFolder'
    | 'removeFolder'
    | 'linkZotero'
    | 'unlinkZotero'
    | 'setPaused'
    | 'syncNow'
  >
}

/** The handlers of the sync channels; a Zotero folder must have been chosen in the dialog. */
export function syncHandlers(
  deps: SyncHandlerDeps,
  grants: Grants
): HandlerSlice<keyof typeof syncChannels> {
  return {
    'sync:status': () => deps.sync.status(),
    'sync:addFolder': async ({ poll }) => {
      const folder = await deps.filePicker.pickFolder?.('watch')
      return folder ? deps.sync.addFolder(folder, { poll }) : deps.sync.status()
    },
    'sync:removeFolder': ({ path }) => deps.sync.removeFolder(path),
    'sync:linkZotero': ({ folder, collections }) =>
      deps.sync.linkZotero(grants.chosen(folder, 'sync:linkZotero'), collections),
    'sync:unlinkZotero': () => deps.sync.unlinkZotero(),
    'sync:setPaused': ({ paused }) => deps.sync.setPaused(paused),
    'sync:now': () => deps.sync.syncNow()
  }
}
