import { isAllowedApiAddress, normalizedApiAddress } from '../../shared/apiAddress'
import { UserFacingError, type ErrorText } from '../errors'
import { SETTINGS_FORMAT } from '../storage/settingsFormat'
import { moveAside, readVersioned, writeVersioned } from '../storage/versionedFile'
import {
  DEFAULT_SETTINGS,
  SettingsSchema,
  type PublicSettings,
  type Settings
} from '../../shared/types'
import type { SecretStore } from './secretStore'

/** Environment variables that override settings (CLI, tests, proxies). */
const ENV_OVERRIDES = {
  GEMINI_MODEL: 'model',
  GEMINI_BASE_URL: 'geminiBaseUrl',
  RESEARCHPAL_LLM_BASE_URL: 'localBaseUrl',
  RESEARCHPAL_LLM_MODEL: 'localModel'
} as const

/**
 * Non-secret settings in `settings.json`, plus the API key through a {@link SecretStore}.
 * @remarks Reads are synchronous from memory so hot paths (the agent, ingestion) never wait
 * on disk; writes are atomic. The file ({@link SETTINGS_FORMAT}) holds only what the user
 * changed, so defaults and environment overrides are never frozen into it. An invalid value
 * falls back to its default alone; a file that cannot be read is kept aside.
 */
export class SettingsService {
  private current: Settings = { ...DEFAULT_SETTINGS }
  /** What the user changed (and names from newer versions), as saved. */
  private stored: Record<string, unknown> = {}
  /** What {@link load} found wrong with settings.json, for the user to be told. */
  private damage: ErrorText | null = null
  private keyNeedsReentry = false
  /** Where the Gemini address in force came from: only `settings.json` needs confirming. */
  private addressFrom: 'default' | 'file' | 'person' = 'default'

  constructor(
    private readonly deps: {
      file: string
      secrets: SecretStore
      env?: NodeJS.ProcessEnv
      /** Opened without the data folder's writer lock: never migrates or moves the file. */
      readOnly?: boolean
      log?: (message: string) => void
      /** Set for this process only, over the file and the environment (CLI options). */
      overrides?: Partial<Settings>
    }
  ) {}

  /** Loads `settings.json` (migrating an older one); NEWER_FORMAT for a newer one. */
  async load(): Promise<void> {
    const read = await readVersioned(this.deps.file, SETTINGS_FORMAT)
    this.stored = {}
    if (read.state === 'newer') {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'newerSettings',
        params: { file: this.deps.file, version: read.version }
      })
    }
    this.damage = null
    if (read.state === 'unreadable' && !this.deps.readOnly) {
      const aside = await moveAside(this.deps.file)
      this.damage = { key: 'settingsUnreadable', params: { reason: read.reason, aside } }
      this.deps.log?.(
        `settings.json could not be read (${read.reason}); kept it as ${aside} and used the defaults`
      )
    }
    if (read.state === 'ok') {
      this.stored = { ...read.data.values }
      if (read.migratedFrom !== null && !this.deps.readOnly) await this.save()
    }
    this.current = this.inForce()
  }

  /** What the last load found wrong with settings.json (kept aside, defaults in force), or null. */
  damaged(): ErrorText | null {
    return this.damage
  }

  /** The settings in force. */
  get(): Settings {
    return this.current
  }

  /** The settings as the renderer may see them: never the key. */
  async getPublic(): Promise<PublicSettings> {
    const hasApiKey = (await this.apiKey()) !== null
    return {
      ...this.current,
      hasApiKey,
      keyStorage: this.deps.secrets.storage(),
      keyNeedsReentry: this.keyNeedsReentry && !hasApiKey,
      keyAddress: await this.keyAddress(),
      unconfirmedAddress: await this.unconfirmedAddress()
    }
  }

  /**
   * The Gemini address the API key is sent to (null: Google's endpoint).
   * @remarks An address from the environment or the command line is the person's own choice
   * for this process; one read from `settings.json` counts only when it is the address the key
   * was entered or confirmed for (kept with the key in the secret store). Otherwise the file's
   * address is ignored for keyed requests: a planted or synced settings file never redirects
   * the key.
   */
  async keyAddress(): Promise<string | null> {
    if (this.addressFrom === 'person') return this.current.geminiBaseUrl
    return this.deps.secrets.address()
  }

  /** The address `settings.json` names that the key is not sent to until confirmed, or null. */
  async unconfirmedAddress(): Promise<string | null> {
    if (this.addressFrom !== 'file') return null
    const bound = await this.deps.secrets.address()
    const named = this.current.geminiBaseUrl
    return normalizedApiAddress(named) === normalizedApiAddress(bound) ? null : named
  }

  /**
   * Binds the key to the address `settings.json` names (the Settings "confirm" action).
   * @remarks `address` must be the one in force, so a dialog showing an older file cannot
   * confirm an address the person did not see.
   */
  async confirmAddress(address: string | null): Promise<PublicSettings> {
    if (normalizedApiAddress(address) !== normalizedApiAddress(this.current.geminiBaseUrl)) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'addressNotInForce',
        params: { address: address ?? '' }
      })
    }
    await this.deps.secrets.setAddress(this.current.geminiBaseUrl)
    return this.getPublic()
  }

  /**
   * Applies a validated partial update and saves what the user changed.
   * @remarks A value set back to its default is forgotten, so it follows future defaults.
   * Changing the API address forgets the saved key (the settings dialog then asks for it again,
   * saying why): the key was entered for one address and is never sent to another without the
   * person typing it again. An address typed here is the person's, so it is bound to the key
   * (and to one saved later); the same address sent back unchanged confirms nothing. An address
   * other than https, or http to this computer, is refused by the schema.
   */
  async update(patch: Partial<Settings>): Promise<PublicSettings> {
    const next = SettingsSchema.parse({ ...this.current, ...patch })
    const typed =
      patch.geminiBaseUrl !== undefined &&
      normalizedApiAddress(next.geminiBaseUrl) !== normalizedApiAddress(this.current.geminiBaseUrl)
    const moved =
      typed &&
      normalizedApiAddress(next.geminiBaseUrl) !==
        normalizedApiAddress(await this.deps.secrets.address())
    if (moved && (await this.apiKey()) !== null) {
      await this.deps.secrets.set(null)
      this.keyNeedsReentry = true
    }
    const stored = { ...this.stored }
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) continue
      if (JSON.stringify(value) === JSON.stringify(DEFAULT_SETTINGS[key as keyof Settings])) {
        delete stored[key]
      } else stored[key] = value
    }
    const previous = this.stored
    this.stored = stored
    try {
      await this.save()
    } catch (e) {
      this.stored = previous
      throw e
    }
    if (typed) await this.deps.secrets.setAddress(next.geminiBaseUrl)
    this.current = this.inForce()
    return this.getPublic()
  }

  // Defaults, then what the user saved (each value checked alone), then the environment.
  private inForce(): Settings {
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS }
    const shape = SettingsSchema.shape
    this.addressFrom = 'default'
    for (const key of Object.keys(shape) as (keyof Settings)[]) {
      if (!(key in this.stored)) continue
      const parsed = shape[key].safeParse(this.stored[key])
      if (parsed.success) {
        merged[key] = parsed.data
        if (key === 'geminiBaseUrl') this.addressFrom = 'file'
      } else this.deps.log?.(`settings.json: ignoring an invalid ${key}; using the default`)
    }
    const env = this.deps.env ?? {}
    const given: [string, keyof Settings, unknown][] = []
    for (const [name, key] of Object.entries(ENV_OVERRIDES)) {
      const v = env[name]?.trim()
      if (!v) continue
      if (key === 'geminiBaseUrl' && !isAllowedApiAddress(v)) {
        throw new UserFacingError('INVALID_INPUT', {
          key: 'envAddressRefused',
          params: { name, value: v.slice(0, 200) }
        })
      }
      given.push([name, key, v])
    }
    for (const [key, v] of Object.entries(this.deps.overrides ?? {})) {
      if (v !== undefined) given.push([`--${key}`, key as keyof Settings, v])
    }
    // A bad value someone typed on purpose is an error that names it, not a silent default.
    for (const [name, key, v] of given) {
      const parsed = shape[key].safeParse(v)
      if (!parsed.success) {
        throw new UserFacingError('INVALID_INPUT', {
          key: 'settingNotUsable',
          params: { name, detail: `: ${parsed.error.issues.map((i) => i.message).join('; ')}` }
        })
      }
      merged[key] = parsed.data
      if (key === 'geminiBaseUrl') this.addressFrom = 'person'
    }
    return SettingsSchema.parse(merged)
  }

  private async save(): Promise<void> {
    await writeVersioned(this.deps.file, SETTINGS_FORMAT, { values: this.stored }, 2)
  }

  /** Saves (or with null forgets) the Gemini API key. */
  async setApiKey(apiKey: string | null): Promise<PublicSettings> {
    await this.deps.secrets.set(apiKey)
    if (apiKey !== null) this.keyNeedsReentry = false
    return this.getPublic()
  }

  /** The Gemini API key, main-process only. */
  async apiKey(): Promise<string | null> {
    return this.deps.secrets.get()
  }

  /** Where the key comes from, for messages. */
  get keySource(): string {
    return this.deps.secrets.source
  }
}
