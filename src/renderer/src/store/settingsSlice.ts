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

/** The settings dialog's sections, in the order of its side list. */
export const SETTINGS_SECTIONS = [
  'answers',
  'localModel',
  'general',
  'connections',
  'sync',
  'lab'
] as const
/** One section of the settings dialog. */
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]

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
    /**
     * The dialog's edits not saved yet: only the fields that differ from the saved values.
     * @remarks One Save for every form field: an edit is kept here (across the dialog's
     * sections) until Save sends it, or Discard drops it; closing asks first.
     */
    draft: Partial<Settings>
    /** The section shown (a pill that opens Settings opens the section it is about). */
    section: SettingsSection
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
  /** Edits the dialog's form: kept as unsaved until {@link SettingsSlice.saveSettings}. */
  editSettings: (change: Partial<Settings>) => void
  /** Saves the form's edits in one update (and reloads the local models if the address moved). */
  saveSettings: () => Promise<boolean>
  /** Drops the form's unsaved edits. */
  discardSettings: () => void
  /** Saves the key in main (null forgets it); the renderer keeps only `hasApiKey`. */
  setApiKey: (apiKey: string | null) => Promise<boolean>
  /** Lets the key go to the Gemini address the settings file names (shown as unconfirmed). */
  confirmAddress: (address: string | null) => Promise<boolean>
  /** Opens (at `section`, else the first) or closes the dialog; closing drops the draft. */
  openSettings: (open: boolean, section?: SettingsSection) => void
  /** Shows one section of the dialog. */
  showSettingsSection: (section: SettingsSection) => void
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
      apiServer: { status: null, error: null, busy: false },
      draft: {},
      section: 'answers'
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
    ...formActions(get, update),
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
    // Closing drops the draft: the dialog asks to save or discard before it closes.
    openSettings: (open, section) =>
      update(
        open
          ? { open, error: null, section: section ?? 'answers' }
          : { open, error: null, draft: {} }
      ),
    showSettingsSection: (section) => update({ section })
  }
}

/** Whether two settings values are the same (lists compared item by item). */
function same(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((x, i) => x === b[i])
    : a === b
}

/** The form's actions: edit (kept as a draft), save the draft in one update, discard it. */
function formActions(
  get: () => SettingsSlice,
  update: (change: Partial<SettingsSlice['settings']>) => void
): Pick<SettingsSlice, 'editSettings' | 'saveSettings' | 'discardSettings'> {
  return {
    editSettings: (change) => {
      const saved = get().settings.values
      const draft: Partial<Settings> = { ...get().settings.draft }
      for (const [key, value] of Object.entries(change) as [keyof Settings, unknown][]) {
        // Back to the saved value: no longer an unsaved change.
        if (saved && same(saved[key], value)) delete draft[key]
        else (draft as Record<string, unknown>)[key] = value
      }
      update({ draft })
    },
    saveSettings: async () => {
      const draft = get().settings.draft
      if (Object.keys(draft).length === 0) return true
      const change = Object.fromEntries(
        Object.entries(draft).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
      ) as Partial<Settings>
      const saved = await get().updateSettings(change)
      if (!saved) return false
      update({ draft: {} })
      if ('localBaseUrl' in change) void get().refreshLocalModels()
      return true
    },
    discardSettings: () => update({ draft: {}, error: null })
  }
}
