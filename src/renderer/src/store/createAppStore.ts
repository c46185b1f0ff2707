import { createStore, type StoreApi } from 'zustand/vanilla'
import type { ResearchPalApi } from '../../../shared/contract'
import { createChatSlice } from './chatSlice'
import { createCompareSlice } from './compareSlice'
import { createBibliographyImportSlice } from './bibliographyImportSlice'
import { createImportSlice } from './importSlice'
import { createLabSlice } from './labSlice'
import { createLibrarySlice } from './librarySlice'
import { createMapSlice } from './mapSlice'
import { createOrganizeSlice } from './organizeSlice'
import { createSettingsSlice } from './settingsSlice'
import { createSyncSlice } from './syncSlice'
import { createThreadsSlice } from './threadsSlice'
import type { AppState } from './types'
import { createViewerSlice } from './viewerSlice'

/** The renderer's store. */
export type AppStore = StoreApi<AppState> & {
  /** Subscribes the store to main's pushed events; returns the unsubscribe function. */
  connect: () => () => void
}

/**
 * Builds the one renderer store from its slices over an API.
 * @remarks The API is a parameter (the preload's `window.researchpal` in the app, a fake in
 * tests), so every action can be exercised without Electron.
 */
export function createAppStore(api: ResearchPalApi): AppStore {
  const store = createStore<AppState>()((set, get) => ({
    ...createChatSlice(set, get, api),
    ...createThreadsSlice(set, get, api),
    ...createViewerSlice(set, get, api),
    ...createLibrarySlice(set, get, api),
    ...createOrganizeSlice(set, get, api),
    ...createBibliographyImportSlice(set, get, api),
    ...createSettingsSlice(set, get, api),
    ...createCompareSlice(set, get, api),
    ...createImportSlice(set, get, api),
    ...createMapSlice(set, get, api),
    ...createSyncSlice(set, get, api),
    ...createLabSlice(set, get, api)
  }))
  const connect = (): (() => void) => {
    const offs = [
      api.onChatEvent((e) => store.getState().applyChatEvent(e)),
      api.onIngestProgress((p) => store.getState().applyIngestProgress(p)),
      api.onLibraryChanged(({ collections, ...change }) => {
        store.getState().applyLibraryChanged(change)
        store.getState().applyCollections(collections)
      }),
      api.onLibraryNotice((n) => store.getState().applyLibraryNotice(n)),
      api.onLibraryImportProgress((p) => store.getState().applyLibraryImportProgress(p)),
      api.onCompareProgress((p) => store.getState().applyCompareProgress(p)),
      api.onImportProgress((s) => store.getState().applyImportProgress(s)),
      api.onSyncStatus((s) => store.getState().applySyncStatus(s)),
      api.onLabProgress((p) => store.getState().applyLabProgress(p)),
      api.onDesktopOpen((link) => store.getState().openLink(link))
    ]
    // Links that started the app (or came before the window listened) wait in main until now.
    void api.desktop.ready({}).then((r) => {
      if (r.ok) for (const link of r.value.links) store.getState().openLink(link)
    })
    return () => offs.forEach((off) => off())
  }
  return Object.assign(store, { connect })
}
