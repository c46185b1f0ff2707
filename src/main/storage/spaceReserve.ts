import { rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { formatBytes, freeBytes } from '../atomicWrite'
import type { ErrorText } from '../errors'

/** The file a writer keeps in the data folder as room to open and free space with. */
export const RESERVE_FILE = 'space.reserve'
/** How much it holds. */
export const RESERVE_BYTES = 1024 * 1024
/** Below this much free space, the disk counts as full for opening. */
const FULL_BELOW = 256 * 1024

/**
 * Room kept in the data folder so a full disk still lets the library open and remove papers.
 * @remarks Opening as a writer needs a few writes (the writer lock, a catalog change or two);
 * removing a paper writes the index manifests before its files are gone. On a full disk each
 * of those fails, so the one command that would free space could not run. A writer therefore
 * keeps {@link RESERVE_BYTES} of real (zero-filled) data in {@link RESERVE_FILE} while the
 * disk has room, and deletes it when it finds the disk full at open, before taking the lock:
 * what it frees is enough to open and remove papers. It is kept again at a later open with
 * room to spare.
 * @returns the notice to give when the reserve was used, else null.
 */
export async function releaseReserveIfFull(root: string): Promise<ErrorText | null> {
  const free = freeBytes(root)
  if (free === null || free >= FULL_BELOW) return null
  const file = join(root, RESERVE_FILE)
  const had = await stat(file).then(
    (s) => s.size,
    () => 0
  )
  if (had === 0) return null
  await rm(file, { force: true })
  return {
    key: 'diskFullReserveUsed',
    params: { folder: root, free: formatBytes(free), size: formatBytes(had) }
  }
}

/** Keeps the reserve again when the disk has room to spare (a writer, once open). */
export async function keepReserve(root: string): Promise<void> {
  const file = join(root, RESERVE_FILE)
  const has = await stat(file).then(
    (s) => s.size >= RESERVE_BYTES,
    () => false
  )
  if (has) return
  const free = freeBytes(root)
  if (free === null || free < RESERVE_BYTES * 3) return
  await writeFile(file, Buffer.alloc(RESERVE_BYTES)).catch(() =>
    rm(file, { force: true }).catch(() => undefined)
  )
}
