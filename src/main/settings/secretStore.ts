import type { KeyStorage } from '../../shared/types'

/**
 * Holds the Gemini API key (and the lab library's connection string) outside `settings.json`.
 * @remarks In the app it is encrypted with Electron safeStorage; the CLI reads the
 * `GEMINI_API_KEY` environment variable; tests keep it in memory.
 */
export interface SecretStore {
  get(): Promise<string | null>
  /** Saves the key, or forgets it with null. */
  set(apiKey: string | null): Promise<void>
  /**
   * The API address the key is bound to (null: Google's own endpoint).
   * @remarks Kept with the key, outside `settings.json`: it is the address the person entered
   * or confirmed in Settings, so an address a settings file names by any other route (a copied
   * or synced data folder) never receives the key.
   */
  address(): Promise<string | null>
  /** Binds the key (and one saved later) to an address. */
  setAddress(address: string | null): Promise<void>
  /**
   * The lab library's connection string (issue 36), or null.
   * @remarks It holds the lab's password, so it is kept as the key is, never in a settings file.
   */
  labUrl(): Promise<string | null>
  /** Saves the lab's connection string, or forgets it with null. */
  setLabUrl(url: string | null): Promise<void>
  /** Where the key comes from, for messages ("Settings", "GEMINI_API_KEY"). */
  readonly source: string
  /** How safely a saved key is kept, for the settings dialog to say. */
  storage(): KeyStorage
}

/**
 * What Electron's safeStorage offers, as a {@link KeyStorage}.
 * @remarks On Linux, with no keyring (GNOME Keyring, KWallet) reachable, Chromium falls back to
 * `basic_text`: "encryption" with a password fixed in the source code, which any program of the
 * user can undo. `isEncryptionAvailable()` still says true then, so the backend is asked for by
 * name; `unknown` (not decided yet) is treated as weak too, never as safe.
 */
export function keyStorageOf(
  encryptionAvailable: boolean,
  platform: NodeJS.Platform,
  linuxBackend: string | null
): KeyStorage {
  if (!encryptionAvailable) return 'unavailable'
  if (platform !== 'linux') return 'encrypted'
  return linuxBackend === null || linuxBackend === 'basic_text' || linuxBackend === 'unknown'
    ? 'weak'
    : 'encrypted'
}

/** What the encrypted file holds: the key, the address it is bound to, and the lab's URL. */
export interface StoredSecret {
  key: string | null
  address: string | null
  /** The lab's connection string, when one is saved. */
  lab?: string
}

/**
 * Reads what the encrypted file holds.
 * @remarks Before keys were bound to an address the file held the key alone; such a key is
 * bound to Google's endpoint (an API key never starts with `{`), so a proxy named only in
 * `settings.json` needs confirming in Settings once.
 */
export function parseStoredSecret(text: string): StoredSecret {
  if (text.startsWith('{')) {
    try {
      const v = JSON.parse(text) as Partial<StoredSecret>
      return {
        key: typeof v.key === 'string' ? v.key : null,
        address: typeof v.address === 'string' ? v.address : null,
        ...(typeof v.lab === 'string' && v.lab ? { lab: v.lab } : {})
      }
    } catch {
      // Not the JSON form: the key alone.
    }
  }
  return { key: text, address: null }
}

/** Keeps the key in memory (tests, the e2e harness). */
export class MemorySecretStore implements SecretStore {
  readonly source = 'Settings'
  constructor(
    private key: string | null = null,
    private readonly kind: KeyStorage = 'memory',
    private bound: string | null = null,
    private lab: string | null = null
  ) {}

  storage(): KeyStorage {
    return this.kind
  }

  async get(): Promise<string | null> {
    return this.key
  }

  async set(apiKey: string | null): Promise<void> {
    this.key = apiKey
  }

  async address(): Promise<string | null> {
    return this.bound
  }

  async setAddress(address: string | null): Promise<void> {
    this.bound = address
  }

  async labUrl(): Promise<string | null> {
    return this.lab
  }

  async setLabUrl(url: string | null): Promise<void> {
    this.lab = url
  }
}

/**
 * Reads the key from an environment variable; a key set at run time lasts for the process.
 * @remarks The key is bound to Google's endpoint: an address reaches it only from the same
 * environment (`GEMINI_BASE_URL`, which settings take as the person's own choice), never from
 * the data folder's `settings.json`.
 */
export class EnvSecretStore implements SecretStore {
  readonly source: string
  private override: string | null | undefined
  private bound: string | null = null
  private lab: string | null = null

  constructor(
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly name = 'GEMINI_API_KEY'
  ) {
    this.source = name
  }

  storage(): KeyStorage {
    return 'environment'
  }

  async get(): Promise<string | null> {
    if (this.override !== undefined) return this.override
    const v = this.env[this.name]?.trim()
    return v ? v : null
  }

  async set(apiKey: string | null): Promise<void> {
    this.override = apiKey
  }

  async address(): Promise<string | null> {
    return this.bound
  }

  async setAddress(address: string | null): Promise<void> {
    this.bound = address
  }

  /** A lab URL set at run time lasts for the process (the CLI keeps it in lab.json instead). */
  async labUrl(): Promise<string | null> {
    return this.lab
  }

  async setLabUrl(url: string | null): Promise<void> {
    this.lab = url
  }
}
