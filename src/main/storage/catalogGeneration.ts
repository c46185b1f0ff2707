import { constants } from 'node:fs'
import { copyFile, open, rename, rm } from 'node:fs/promises'

/**
 * Keeps a copy of `file` (just written whole, or read whole at open) as its last good copy
 * `previous`, replacing the one before.
 * @remarks A copy, not a hard link: a program that truncates `library.json` in place would cut a
 * link to it as well. The copy is cloned where the file system can (no extra space until one of
 * them changes), fsynced, and appears by a rename, so a crash leaves either the older copy or
 * the new one, never a torn one. It is a safety copy, not the write itself: when it fails (a full
 * disk) the older copy stays, and the catalog carries on.
 * @returns whether the copy was kept.
 */
export async function keepGeneration(file: string, previous: string): Promise<boolean> {
  // Named as writeFileAtomic names its temp files, so a stray one is removed at the next open.
  const tmp = `${previous}.${process.pid}.0.tmp`
  try {
    await copyFile(file, tmp, constants.COPYFILE_FICLONE)
    const fh = await open(tmp, 'r+')
    try {
      await fh.datasync()
    } finally {
      await fh.close()
    }
    await rename(tmp, previous)
    return true
  } catch {
    await rm(tmp, { force: true }).catch(() => undefined)
    return false
  }
}
