import type { ErrorText } from '../errors'
import type { SettingsService } from './settingsService'

type KeySettings = Pick<
  SettingsService,
  'apiKey' | 'keyAddress' | 'unconfirmedAddress' | 'keySource'
>

/**
 * The API key the answer models send and the address it may go to, as last read.
 * @remarks The models ask for both on every call and cannot wait on the secret store, so they are
 * read at open and again, through {@link ModelKey.reread}, whenever Settings may have changed
 * them (a key saved, the API address moved, which forgets it, or the file's address confirmed).
 */
export class ModelKey {
  private constructor(
    private readonly settings: KeySettings,
    private key: string | null,
    private address: string | null
  ) {}

  /**
   * Reads the key and its address.
   * @returns it, and the warning to show when `settings.json` names an address the key is not
   * sent to (a planted or synced file never redirects the key), else null.
   */
  static async open(settings: KeySettings): Promise<{ key: ModelKey; notice: ErrorText | null }> {
    const key = new ModelKey(settings, await settings.apiKey(), await settings.keyAddress())
    const ignoredAddress = await settings.unconfirmedAddress()
    if (ignoredAddress === null || key.key === null) return { key, notice: null }
    const text =
      settings.keySource !== 'Settings'
        ? 'keyAddressIgnoredEnv'
        : key.address === null
          ? 'keyAddressIgnoredGoogle'
          : 'keyAddressIgnored'
    const params = {
      address: ignoredAddress,
      keyAddress: key.address ?? '',
      source: settings.keySource
    }
    return { key, notice: { key: text, params } }
  }

  /** The key, or null when there is none. */
  apiKey(): string | null {
    return this.key
  }

  /** Where the key may go (null: Google's endpoint). */
  keyAddress(): string | null {
    return this.address
  }

  /** Reads both again, after Settings changed the key or its address. */
  async reread(): Promise<void> {
    this.key = await this.settings.apiKey()
    this.address = await this.settings.keyAddress()
  }
}
