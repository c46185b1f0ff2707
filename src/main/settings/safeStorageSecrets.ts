import { readFile, rm } from 'node:fs/promises'
import { safeStorage } from 'electron'
import { writeFileAtomic } from '../atomicWrite'
import { UserFacingError } from '../errors'
import type { KeyStorage } from '../../shared/types'
import { keyStorageOf, parseStoredSecret, type SecretStore, type StoredSecret } from './secretStore'

/**
 * Keeps the API key encrypted with Electron safeStorage (Keychain, DPAPI, libsecret), together
 * with the API address it was entered or confirmed for.
 * @remarks The key never leaves main once saved; the renderer only learns `hasApiKey`.
 */
export class SafeStorageSecretStore implements SecretStore {
  readonly source = 'Settings'

  constructor(private readonly file: string) {}

  storage(): KeyStorage {
    const available = safeStorage.isEncryptionAvailable()
    const backend =
      process.platform === 'linux' && available ? safeStorage.getSelectedStorageBackend() : null
    return keyStorageOf(available, process.platform, backend)
  }

  async get(): Promise<string | null> {
    return (await this.read()).key
  }

  async set(apiKey: string | null): Promise<void> {
    await this.write({ ...(await this.read()), key: apiKey })
  }

  async address(): Promise<string | null> {
    return (await this.read()).address
  }

  async setAddress(address: string | null): Promise<void> {
    await this.write({ ...(await this.read()), address })
  }

  async labUrl(): Promise<string | null> {
    return (await this.read()).lab ?? null
  }

  async setLabUrl(url: string | null): Promise<void> {
    const { lab: _old, ...rest } = await this.read()
    await this.write(url ? { ...rest, lab: url } : rest)
  }

  private async read(): Promise<StoredSecret> {
    let data: Buffer
    try {
      data = await readFile(this.file)
    } catch {
      return { key: null, address: null }
    }
    if (!safeStorage.isEncryptionAvailable()) return { key: null, address: null }
    try {
      return parseStoredSecret(safeStorage.decryptString(data))
    } catch {
      return { key: null, address: null }
    }
  }

  private async write(secret: StoredSecret): Promise<void> {
    // Without encryption no key can be saved, so an address alone binds nothing.
    const available = safeStorage.isEncryptionAvailable()
    if (secret.key === null && !secret.lab && (secret.address === null || !available)) {
      await rm(this.file, { force: true })
      return
    }
    if (!available) {
      throw new UserFacingError('INTERNAL', { key: 'noSecureStorage' })
    }
    await writeFileAtomic(this.file, safeStorage.encryptString(JSON.stringify(secret)))
  }
}
