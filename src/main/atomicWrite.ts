import { mkdir, open, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { UserFacingError } from './errors'

let counter = 0

/**
 * Writes a file so that readers see either the old content or the new one, never a torn file.
 * @remarks Writes a sibling temp file, fsyncs it, then renames over the target. A failed write
 * (full disk, read-only folder) removes the temp file and throws `DISK_WRITE_FAILED`.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.${process.pid}.${++counter}.tmp`
  try {
    await mkdir(dirname(path), { recursive: true })
    const fh = await open(tmp, 'w')
    try {
      await fh.writeFile(data)
      await fh.sync()
    } finally {
      await fh.close()
    }
    await rename(tmp, path)
  } catch (cause) {
    await rm(tmp, { force: true }).catch(() => undefined)
    throw diskWriteFailed(path, cause)
  }
}

/**
 * `DISK_WRITE_FAILED` for a write to `path` that failed with `cause` (its errno code is the
 * reason); a cause that already says so in words is passed on as it is.
 */
export function diskWriteFailed(path: string, cause: unknown): UserFacingError {
  if (cause instanceof UserFacingError) return cause
  const code = (cause as NodeJS.ErrnoException).code ?? 'unknown'
  return new UserFacingError(
    'DISK_WRITE_FAILED',
    { key: 'saveFailed', params: { file: path, reason: code } },
    { cause }
  )
}
