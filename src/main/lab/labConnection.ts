import { chmod, mkdir, readFile, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../atomicWrite'
import { UserFacingError } from '../errors'
import type { KeyStorage } from '../../shared/types'

/** The stored connection's format version. */
const FORMAT = 1

const StoredSchema = z.looseObject({ version: z.number().int(), url: z.string().min(1).optional() })
type Stored = z.infer<typeof StoredSchema>

/** Where a lab connection string comes from. */
export interface LabConnection {
  url: string
  /** True when it comes from RESEARCHPAL_LAB_URL (then `disconnect` cannot forget it). */
  fromEnv: boolean
}

/** Keeps a lab connection string: the secret store, or (where there is none) a 0600 file. */
export interface LabConnectionStore {
  get(): Promise<LabConnection | null>
  set(url: string): Promise<void>
  clear(): Promise<void>
}

/** What of the app's secret store the lab uses (src/main/settings/secretStore.ts). */
export interface LabSecrets {
  labUrl(): Promise<string | null>
  setLabUrl(url: string | null): Promise<void>
  /** How it keeps secrets: `environment` and `unavailable` cannot keep one across runs. */
  storage(): KeyStorage
}

/**
 * Where this library keeps its lab connection: the secret store when it can keep one across
 * runs, else the 0600 file.
 * @remarks The CLI's store reads the environment only (there is no Electron safeStorage outside
 * the app), and without OS encryption the app cannot keep a secret; refusing to connect then
 * would leave those people no lab at all.
 */
export function labConnectionStore(
  file: string,
  secrets: LabSecrets | undefined,
  env: NodeJS.ProcessEnv = process.env
): LabConnectionStore {
  const legacy = new LabConnectionFile(file, env)
  const kind = secrets?.storage()
  if (!secrets || kind === 'environment' || kind === 'unavailable') return legacy
  return new SecretLabConnection(secrets, legacy, env)
}

/**
 * Keeps the lab's connection string (it holds a password) in a file of its own, readable by its
 * owner only (0600), beside the library.
 * @remarks Where no secret store can keep it (the CLI, which has no Electron safeStorage; a
 * system without encryption), and the file an older app wrote that {@link SecretLabConnection}
 * moves into the secret store. RESEARCHPAL_LAB_URL wins over it (CI, shared machines).
 */
export class LabConnectionFile implements LabConnectionStore {
  constructor(
    readonly file: string,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  async get(): Promise<LabConnection | null> {
    const fromEnv = labUrlFromEnv(this.env)
    if (fromEnv) return fromEnv
    const url = (await this.read())?.url
    return url ? { url, fromEnv: false } : null
  }

  async set(url: string): Promise<void> {
    await this.write({ version: FORMAT, url })
  }

  async clear(): Promise<void> {
    await rm(this.file, { force: true })
  }

  /**
   * Takes the URL out of the file, keeping any other field; the file goes when nothing is left.
   * @remarks Called only once the URL is safe elsewhere, so it is never lost.
   */
  async dropUrl(): Promise<void> {
    const stored = await this.read()
    if (!stored) return
    const { url: _url, version: _version, ...rest } = stored
    if (Object.keys(rest).length === 0) await this.clear()
    else await this.write({ version: FORMAT, ...rest })
  }

  /** The file's fields, or null when there is none; DATA_DAMAGED (file untouched) when unreadable. */
  async read(): Promise<Stored | null> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw this.unreadable(e)
    }
    let parsed: Stored
    try {
      parsed = StoredSchema.parse(JSON.parse(text))
    } catch (e) {
      throw this.unreadable(e)
    }
    if (parsed.version > FORMAT) {
      throw new UserFacingError('NEWER_FORMAT', {
        key: 'labConnectionUnreadable',
        params: { file: this.file, reason: `format ${parsed.version} is newer than this app's` }
      })
    }
    return parsed
  }

  private async write(stored: Stored): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true })
    await writeFileAtomic(this.file, `${JSON.stringify(stored, null, 2)}\n`)
    await chmod(this.file, 0o600)
  }

  private unreadable(cause: unknown): UserFacingError {
    // V8 quotes the first characters of bad JSON in its message: a pasted URL's password must not show.
    const reason = (cause instanceof Error ? cause.message : String(cause))
      .replace(/\/\/[^@/\s]*@/g, '//…@')
      .slice(0, 120)
    return new UserFacingError(
      'DATA_DAMAGED',
      { key: 'labConnectionUnreadable', params: { file: this.file, reason } },
      { cause }
    )
  }
}

/**
 * Keeps the lab's connection string in the app's secret store (with the Gemini key), never in
 * a file.
 * @remarks On first use it moves the URL of a `lab.json` an older app wrote into the secret
 * store, then takes it out of the file, so nobody loses their connection. A damaged `lab.json`
 * is named and left as it is; a URL saved since wins over it.
 */
export class SecretLabConnection implements LabConnectionStore {
  constructor(
    private readonly secrets: LabSecrets,
    private readonly legacy: LabConnectionFile,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  async get(): Promise<LabConnection | null> {
    const fromEnv = labUrlFromEnv(this.env)
    if (fromEnv) return fromEnv
    const saved = await this.secrets.labUrl()
    if (saved) return { url: saved, fromEnv: false }
    const old = (await this.legacy.read())?.url
    if (!old) return null
    await this.secrets.setLabUrl(old)
    await this.legacy.dropUrl()
    return { url: old, fromEnv: false }
  }

  async set(url: string): Promise<void> {
    await this.secrets.setLabUrl(url)
    // A URL an older app left in lab.json must not linger beside the saved one.
    await this.legacy.dropUrl().catch(() => undefined)
  }

  async clear(): Promise<void> {
    await this.secrets.setLabUrl(null)
    await this.legacy.dropUrl().catch(() => undefined)
  }
}

function labUrlFromEnv(env: NodeJS.ProcessEnv): LabConnection | null {
  const url = env.RESEARCHPAL_LAB_URL?.trim()
  return url ? { url, fromEnv: true } : null
}
