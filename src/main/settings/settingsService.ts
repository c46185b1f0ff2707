import { readFile } from 'node:fs/promises'
import {
  API_ADDRESS_RULE,
  isAllowedApiAddress,
  normalizedApiAddress
} from '../../shared/apiAddress'
import { writeFileAtomic } from '../atomicWrite'
import { UserFacingError } from '../errors'
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
 * on disk; writes are atomic. A damaged settings file falls back to defaults field by field.
 */
export class SettingsService {
  private current: Settings = { ...DEFAULT_SETTINGS }
  private keyNeedsReentry = false

  constructor(
    private readonly deps: {
      file: string
      secrets: SecretStore
      env?: NodeJS.ProcessEnv
      /** Set for this process only, over the file and the environment (CLI options). */
      overrides?: Partial<Settings>
    }
  ) {}

  /** Loads `settings.json`; unknown or invalid fields are dropped, missing ones defaulted. */
  async load(): Promise<void> {
    let stored: Record<string, unknown>
    try {
      stored = JSON.parse(await readFile(this.deps.file, 'utf8')) as Record<string, unknown>
    } catch {
      // No file yet, or a damaged one: start from the defaults.
      stored = {}
    }
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS }
    const shape = SettingsSchema.shape
    for (const key of Object.keys(shape) as (keyof Settings)[]) {
      const parsed = shape[key].safeParse(stored[key])
      if (parsed.success) merged[key] = parsed.data
    }
    const env = this.deps.env ?? {}
    const given: [string, keyof Settings, unknown][] = []
    for (const [name, key] of Object.entries(ENV_OVERRIDES)) {
      const v = env[name]?.trim()
      if (!v) continue
      if (key === 'geminiBaseUrl' && !isAllowedApiAddress(v)) {
        throw new UserFacingError(
          'INVALID_INPUT',
          `${name} "${v.slice(0, 200)}" ${API_ADDRESS_RULE}: the API key would be sent there. Fix or unset ${name}.`
        )
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
        throw new UserFacingError(
          'INVALID_INPUT',
          `${name} is not usable: ${parsed.error.issues.map((i) => i.message).join('; ')}`
        )
      }
      merged[key] = parsed.data
    }
    this.current = SettingsSchema.parse(merged)
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
      keyNeedsReentry: this.keyNeedsReentry && !hasApiKey
    }
  }

  /**
   * Applies a validated partial update and saves it.
   * @remarks Changing the API address forgets the saved key (the settings dialog then asks for
   * it again, saying why): the key was entered for one address and is never sent to another
   * without the person typing it again. An address other than https, or http to this computer,
   * is refused by the schema.
   */
  async update(patch: Partial<Settings>): Promise<PublicSettings> {
    const next = SettingsSchema.parse({ ...this.current, ...patch })
    const moved =
      normalizedApiAddress(next.geminiBaseUrl) !== normalizedApiAddress(this.current.geminiBaseUrl)
    if (moved && (await this.apiKey()) !== null) {
      await this.deps.secrets.set(null)
      this.keyNeedsReentry = true
    }
    await writeFileAtomic(this.deps.file, JSON.stringify(next, null, 2))
    this.current = next
    return this.getPublic()
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
