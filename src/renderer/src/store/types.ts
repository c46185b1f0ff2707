import type { ResearchPalApi } from '../../../shared/contract'
import type { ChatSlice } from './chatSlice'
import type { CompareSlice } from './compareSlice'
import type { BibliographyImportSlice } from './bibliographyImportSlice'
import type { ImportSlice } from './importSlice'
import type { LabSlice } from './labSlice'
import type { LibrarySlice } from './librarySlice'
import type { MapSlice } from './mapSlice'
import type { OrganizeSlice } from './organizeSlice'
import type { SettingsSlice } from './settingsSlice'
import type { SyncSlice } from './syncSlice'
import type { ThreadsSlice } from './threadsSlice'
import type { ViewerSlice } from './viewerSlice'

/** The whole renderer state: the slices merged into one store. */
export type AppState = ChatSlice &
  ThreadsSlice &
  ViewerSlice &
  LibrarySlice &
  OrganizeSlice &
  BibliographyImportSlice &
  SettingsSlice &
  CompareSlice &
  ImportSlice &
  MapSlice &
  SyncSlice &
  LabSlice

/** Zustand's `set` for the merged state. */
export type SetState = (
  partial: Partial<AppState> | ((state: AppState) => Partial<AppState>)
) => void
/** Zustand's `get` for the merged state. */
export type GetState = () => AppState

/**
 * Builds one slice from the store's `set`/`get` and the API it talks to.
 * @remarks Slices receive the API explicitly (never `window`), so tests pass a fake one.
 */
export type SliceCreator<S> = (set: SetState, get: GetState, api: ResearchPalApi) => S
