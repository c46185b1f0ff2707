import { chmod, mkdir, readFile, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from '../atomicWrite'
import { UserFacingError } from '../errors'

/** The stored connection's format version. */
const FORMAT = 1

const StoredSchema = z.looseObject({ version: z.number().int(), url: z.string().min(1) })

/** Where a lab connection string comes from. */
export interface LabConnection {
  url: string
  /** True when it comes from RESEARCHPAL_LAB_URL (then `disconnect` cannot forget it). */
  fromEnv: boolean
}

/**
 * Keeps the lab's connection string (it holds a password) out of `settings.json`.
 * @remarks A file of its own, readable by its owner only (0600), beside the library; the
 * environment variable RESEARCHPAL_LAB_URL wins over it (CI, shared machines).
 */
export class LabConnectionFile {
  constructor(
    private readonly file: string,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  async get(): Promise<LabConnection | null> {
    const fromEnv = this.env.RESEARCHPAL_LAB_URL?.trim()
    if (fromEnv) return { url: fromEnv, fromEnv: true }
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw this.unreadable(e)
    }
    let parsed: z.infer<typeof StoredSchema>
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
    return { url: parsed.url, fromEnv: false }
  }

  async set(url: string): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true })
    await writeFileAtomic(this.file, `${JSON.stringify({ version: FORMAT, url }, null, 2)}\n`)
    await chmod(this.file, 0o600)
  }

  async clear(): Promise<void> {
    await rm(this.file, { force: true })
  }

  private unreadable(cause: unknown): UserFacingError {
    const reason = cause instanceof Error ? cause.message.slice(0, 120) : String(cause)
    return new UserFacingError(
      'DATA_DAMAGED',
      { key: 'labConnectionUnreadable', params: { file: this.file, reason } },
      { cause }
    )
  }
}
