import type { ApiServerStatus } from '../../../shared/apiServer'
import type { AppError } from '../../../shared/errors'
import type {
  AppInfo,
  LocalModelTest,
  McpConfig,
  PublicSettings,
  Settings
} from '../../../shared/types'
import type { SliceCreator } from './types'

/** The settings panel's state. */
export interface SettingsSlice {
  settings: {
    values: PublicSettings | null
    info: AppInfo | null
    open: boolean
    saving: boolean
    error: AppError | null
    /** The local server's model list, as last refreshed (null: not asked yet). */
    localModels: string[] | null
    localModelsError: AppError | null
    /** The Settings "Test" button's last outcome. */
    localTest: { running: boolean; result: LocalModelTest | null; error: AppError | null }
    /** How MCP clients start the server on this library, or why it is not known. */
    mcp: { config: McpConfig | null; error: AppError | null }
    /** The local HTTP API; `status.token` is set only in the answer to switching it on. */
    apiServer: { status: ApiServerStatus | null; error: AppError | null; busy: boolean }
  }
  loadSettings: () => Promise<void>
  /** Asks the local server (at `baseUrl`, default the saved one) for its models. */
  refreshLocalModels: (baseUrl?: string) => Promise<void>
  /** Sends one short request to the chosen local model. */
  testLocalModel: () => Promise<void>
  /** Fetches the MCP client configuration that Settings shows. */
  loadMcpConfig: () => Promise<void>
  /** Asks main whether the local HTTP API runs (the token is not in it). */
  loadApiServer: () => Promise<void>
  /** Switches the local HTTP API on (on `port`, else the saved one) or off. */
  setApiServer: (enabled: boolean, port?: number) => Promise<void>
  updateSettings: (change: Partial<Settings>) => Promise<boolean>
  /** Saves the key in main (null forgets it); the renderer keeps only `hasApiKey`. */
  setApiKey: (apiKey: string | null) => Promise<boolean>
  /** Lets the key go to the Gemini address the settings file names (shown as unconfirmed). */
  confirmAddress: (address: string | null) => Promise<boolean>
  openSettings: (open: boolean) => void
}

/** Creates the settings slice. */
export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get, api) => {
  const update = (change: Partial<SettingsSlice['settings']>): void =>
    set({ settings: { ...get().settings, ...change } })

  return {
    settings: {
      values: null,
      info: null,
      open: false,
      saving: false,
      error: null,
      localModels: null,
      localModelsError: null,
      localTest: { running: false, result: null, error: null },
      mcp: { config: null, error: null },
      apiServer: { status: null, error: null, busy: false }
    },
    refreshLocalModels: async (baseUrl) => {
      const result = await api.localModel.list(baseUrl ? { baseUrl } : {})
      update(
        result.ok
          ? { localModels: result.value.models, localModelsError: null }
          : { localModels: [], localModelsError: result.error }
      )
    },
    testLocalModel: async () => {
      update({ localTest: { running: true, result: null, error: null } })
      const result = await api.localModel.test({})
      update({
        localTest: result.ok
          ? { running: false, result: result.value, error: null }
          : { running: false, result: null, error: result.error }
      })
    },
    loadMcpConfig: async () => {
      const r = await api.app.mcpConfig({})
      update({ mcp: r.ok ? { config: r.value, error: null } : { config: null, error: r.error } })
    },
    loadApiServer: async () => {
      const r = await api.apiServer.status({})
      update({
        apiServer: r.ok
          ? { status: r.value, error: null, busy: false }
          : { status: get().settings.apiServer.status, error: r.error, busy: false }
      })
    },
    setApiServer: async (enabled, port) => {
      update({ apiServer: { ...get().settings.apiServer, error: null, busy: true } })
      const r = await api.apiServer.set(port === undefined ? { enabled } : { enabled, port })
      if (r.ok) update({ apiServer: { status: r.value, error: null, busy: false } })
      else {
        const now = await api.apiServer.status({})
        update({
          apiServer: {
            status: now.ok ? now.value : get().settings.apiServer.status,
            error: r.error,
            busy: false
          }
        })
      }
    },
    loadSettings: async () => {
      const [values, info] = await Promise.all([api.settings.get({}), api.app.info({})])
      update({
        values: values.ok ? values.value : get().settings.values,
        info: info.ok ? info.value : get().settings.info,
        error: !values.ok ? values.error : !info.ok ? info.error : null
      })
    },
    updateSettings: async (change) => {
      update({ saving: true, error: null })
      const result = await api.settings.update(change)
      update(
        result.ok ? { saving: false, values: result.value } : { saving: false, error: result.error }
      )
      return result.ok
    },
    setApiKey: async (apiKey) => {
      update({ saving: true, error: null })
      const result = await api.settings.setApiKey({ apiKey })
      update(
        result.ok ? { saving: false, values: result.value } : { saving: false, error: result.error }
      )
      return result.ok
    },
    confirmAddress: async (address) => {
      update({ saving: true, error: null })
      const result = await api.settings.confirmAddress({ address })
      update(
        result.ok ? { saving: false, values: result.value } : { saving: false, error: result.error }
      )
      return result.ok
    },
    openSettings: (open) => update({ open, error: null })
  }
}
