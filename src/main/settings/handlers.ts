import type { LocalModelList, LocalModelTest } from '../../shared/types'
import type { settingsChannels } from '../../shared/settingsChannels'
import type { HandlerSlice } from '../ipc/combine'
import type { SettingsService } from './settingsService'

/** What the handlers need of the local model settings. */
export interface LocalModelsPort {
  list(baseUrl?: string): Promise<LocalModelList>
  test(): Promise<LocalModelTest>
}

/** What the settings channels need. */
export interface SettingsHandlerDeps {
  settings: SettingsService
  localModels: LocalModelsPort
  /**
   * Called after a change that can move the key or its address: saving one, moving the API
   * address (which forgets it), or confirming the address settings.json names.
   */
  keyChanged?: () => Promise<void>
}

/** The handlers of the settings channels (`settings:*`, `localModel:*`). */
export function settingsHandlers(
  deps: SettingsHandlerDeps
): HandlerSlice<keyof typeof settingsChannels> {
  const thenRereadKey = async <T>(change: Promise<T>): Promise<T> => {
    const out = await change
    await deps.keyChanged?.()
    return out
  }
  return {
    'settings:get': () => deps.settings.getPublic(),
    'settings:update': (patch) => thenRereadKey(deps.settings.update(patch)),
    'settings:setApiKey': ({ apiKey }) => thenRereadKey(deps.settings.setApiKey(apiKey)),
    'settings:confirmAddress': ({ address }) =>
      thenRereadKey(deps.settings.confirmAddress(address)),
    'localModel:list': ({ baseUrl }) => deps.localModels.list(baseUrl),
    'localModel:test': () => deps.localModels.test()
  }
}
