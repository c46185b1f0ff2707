import { readFile, rm } from 'node:fs/promises'
import { safeStorage } from 'electron'
import { writeFileAtomic } from '../atomicWrite'
import { UserFacingError } from '../errors'
import type { KeyStorage } from '../../shared/types'
import { keyStorageOf, type SecretStore } from './secretStore'

/**
 * Keeps the API key encrypted with Electron safeStorage (Keychain, DPAPI, libsecret).
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
    let data: Buffer
    try {
      data = await readFile(this.file)
    } catch {
      return null
    }
    if (!safeStorage.isEncryptionAvailable()) return null
    try {
      return safeStorage.decryptString(data)
    } catch {
      return null
    }
  }

  async set(apiKey: string | null): Promise<void> {
    if (apiKey === null) {
      await rm(this.file, { force: true })
      return
    }
    if (!safeStorage.isEncryptionAvailable()) {
      throw new UserFacingError('INTERNAL', { key: 'noSecureStorage' })
    }
    await writeFileAtomic(this.file, safeStorage.encryptString(apiKey))
  }
}
