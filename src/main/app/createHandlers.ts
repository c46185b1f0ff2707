import { chatHandlers, type ChatHandlerDeps } from '../chat/handlers'
import { compareHandlers, type CompareHandlerDeps } from '../compare/handlers'
import { graphHandlers, type GraphHandlerDeps } from '../graph/handlers'
import { importHandlers, type ImportHandlerDeps } from '../imports/handlers'
import { labHandlers, type LabHandlerDeps } from '../lab/handlers'
import { libraryHandlers, type LibraryHandlerDeps } from '../library/handlers'
import { searchHandlers, type SearchHandlerDeps } from '../search/handlers'
import { apiServerHandlers, type ApiServerHandlerDeps } from '../server/handlers'
import { settingsHandlers, type SettingsHandlerDeps } from '../settings/handlers'
import { syncHandlers, type SyncHandlerDeps } from '../sync/handlers'
import { combine } from '../ipc/combine'
import { Grants } from '../ipc/grants'
import type { Handlers } from '../ipc/router'
import { appHandlers, type AppHandlerDeps } from './handlers'

export type { FilePicker } from '../ipc/filePicker'
export type { LibraryPort } from '../library/handlers'
export type { AgentPort, ConversationPort } from '../chat/handlers'
export type { FolderImportPort } from '../imports/handlers'
export type { LocalModelsPort } from '../settings/handlers'

/** Everything the IPC handlers call: the union of what each feature's handlers need. */
export type HandlerDeps = AppHandlerDeps &
  ApiServerHandlerDeps &
  SettingsHandlerDeps &
  LibraryHandlerDeps &
  ImportHandlerDeps &
  SyncHandlerDeps &
  GraphHandlerDeps &
  SearchHandlerDeps &
  ChatHandlerDeps &
  CompareHandlerDeps &
  LabHandlerDeps

/**
 * Binds every channel of the contract to the services: each feature's handlers, combined.
 * @remarks `library:addPaths` and the import channels only accept paths the user chose in a
 * dialog this session (one {@link Grants} for all of them), so a compromised renderer cannot
 * make main read arbitrary paths. The `Handlers` type makes a channel without a handler an error.
 */
export function createHandlers(deps: HandlerDeps): Handlers {
  const grants = new Grants()
  return combine(
    appHandlers(deps),
    apiServerHandlers(deps),
    settingsHandlers(deps),
    libraryHandlers(deps, grants),
    importHandlers(deps, grants),
    syncHandlers(deps, grants),
    graphHandlers(deps),
    searchHandlers(deps),
    chatHandlers(deps),
    compareHandlers(deps),
    labHandlers(deps)
  )
}
