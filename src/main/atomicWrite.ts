import { statfsSync } from 'node:fs'
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
    throw diskWriteFailed(path, cause, data.length)
  }
}

/**
 * `DISK_WRITE_FAILED` for a write to `path` that failed with `cause` (its errno code is the
 * reason); a cause that already says so in words is passed on as it is.
 * @remarks A full disk (ENOSPC, EDQUOT) says where (the folder) and how much is needed: the
 * `bytes` being written, or the space the disk still has when that is more useful.
 */
export function diskWriteFailed(path: string, cause: unknown, bytes?: number): UserFacingError {
  if (cause instanceof UserFacingError) return cause
  const code = (cause as NodeJS.ErrnoException).code ?? 'unknown'
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    const folder = dirname(path)
    const params = {
      file: path,
      folder,
      needed: formatBytes(Math.max(bytes ?? 0, 64 * 1024)),
      free: formatBytes(freeBytes(folder) ?? 0)
    }
    return new UserFacingError('DISK_WRITE_FAILED', { key: 'diskFull', params }, { cause })
  }
  return new UserFacingError(
    'DISK_WRITE_FAILED',
    { key: 'saveFailed', params: { file: path, reason: code } },
    { cause }
  )
}

/** Bytes free to this user on the disk holding `dir`, or null when it cannot be told. */
export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir)
    return s.bavail * s.bsize
  } catch {
    return null
  }
}

/** A size for people: `1.4 MB`, `640 KB`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 ** 3).toFixed(1)} GB`
  if (n >= 1024 * 1024) return `${(n / 1024 ** 2).toFixed(1)} MB`
  return `${Math.ceil(n / 1024)} KB`
}
