/**
 * Holds the Gemini API key outside `settings.json`.
 * @remarks In the app it is encrypted with Electron safeStorage; the CLI reads the
 * `GEMINI_API_KEY` environment variable; tests keep it in memory.
 */
export interface SecretStore {
  get(): Promise<string | null>
  /** Saves the key, or forgets it with null. */
  set(apiKey: string | null): Promise<void>
  /** Where the key comes from, for messages ("Settings", "GEMINI_API_KEY"). */
  readonly source: string
}

/** Keeps the key in memory (tests, the e2e harness). */
export class MemorySecretStore implements SecretStore {
  readonly source = 'Settings'
  constructor(private key: string | null = null) {}

  async get(): Promise<string | null> {
    return this.key
  }

  async set(apiKey: string | null): Promise<void> {
    this.key = apiKey
  }
}

/** Reads the key from an environment variable; a key set at run time lasts for the process. */
export class EnvSecretStore implements SecretStore {
  readonly source: string
  private override: string | null | undefined

  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly name = 'GEMINI_API_KEY'
  ) {
    this.source = name
  }

  async get(): Promise<string | null> {
    if (this.override !== undefined) return this.override
    const v = this.env[this.name]?.trim()
    return v ? v : null
  }

  async set(apiKey: string | null): Promise<void> {
    this.override = apiKey
  }
}
