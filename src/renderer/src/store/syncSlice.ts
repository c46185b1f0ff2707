import type { AppError } from '../../../shared/errors'
import type { SyncStatus } from '../../../shared/sync'
import type { ZoteroOverview } from '../../../shared/imports'
import type { SliceCreator } from './types'

/** Settings' watched folders and Zotero link. */
export interface SyncSlice {
  sync: {
    status: SyncStatus | null
    /** A call is on its way (the buttons wait). */
    busy: boolean
    error: AppError | null
    /** A Zotero data folder chosen, its collections shown to pick from before linking. */
    zoteroDraft: { folder: string; overview: ZoteroOverview } | null
  }
  loadSync: () => Promise<void>
  applySyncStatus: (status: SyncStatus) => void
  addWatchedFolder: (poll: boolean) => Promise<void>
  removeWatchedFolder: (path: string) => Promise<void>
  setSyncPaused: (paused: boolean) => Promise<void>
  syncNow: () => Promise<void>
  /** Opens the Zotero folder dialog and reads the collections of the folder chosen. */
  chooseZoteroToLink: () => Promise<void>
  linkZotero: (collections: string[]) => Promise<void>
  cancelZoteroLink: () => void
  unlinkZotero: () => Promise<void>
}

/** The sync slice. */
export const createSyncSlice: SliceCreator<SyncSlice> = (set, get, api) => {
  const update = (change: Partial<SyncSlice['sync']>): void =>
    set({ sync: { ...get().sync, ...change } })
  const act = async (
    call: () => Promise<{ ok: true; value: SyncStatus } | { ok: false; error: AppError }>
  ): Promise<void> => {
    update({ busy: true, error: null })
    const r = await call()
    if (r.ok) update({ status: r.value, busy: false })
    else update({ error: r.error, busy: false })
  }
  return {
    sync: { status: null, busy: false, error: null, zoteroDraft: null },
    loadSync: async () => {
      const r = await api.sync.status({})
      if (r.ok) update({ status: r.value })
      else update({ error: r.error })
    },
    applySyncStatus: (status) => update({ status }),
    addWatchedFolder: (poll) => act(() => api.sync.addFolder(poll ? { poll } : {})),
    removeWatchedFolder: (path) => act(() => api.sync.removeFolder({ path })),
    setSyncPaused: (paused) => act(() => api.sync.setPaused({ paused })),
    syncNow: () => act(() => api.sync.now({})),
    chooseZoteroToLink: async () => {
      update({ busy: true, error: null })
      const picked = await api.library.pickImport({ kind: 'zotero' })
      if (!picked.ok) return update({ error: picked.error, busy: false })
      if (!picked.value.path) return update({ busy: false })
      const folder = picked.value.path
      const overview = await api.library.zoteroCollections({ folder })
      if (overview.ok) update({ zoteroDraft: { folder, overview: overview.value }, busy: false })
      else update({ error: overview.error, busy: false })
    },
    linkZotero: async (collections) => {
      const draft = get().sync.zoteroDraft
      if (!draft) return
      await act(() => api.sync.linkZotero({ folder: draft.folder, collections }))
      if (!get().sync.error) update({ zoteroDraft: null })
    },
    cancelZoteroLink: () => update({ zoteroDraft: null }),
    unlinkZotero: () => act(() => api.sync.unlinkZotero({}))
  }
}
