import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** What `writeFileAtomic` names its temp files: `<target>.<pid>.<n>.tmp`. */
const TEMP = /\.\d+\.\d+\.tmp$/

/**
 * Removes temp files a crashed or failed write left behind (up to a half-copied 200 MB PDF).
 * @remarks Only the writer calls this, holding the data folder's lock, so no other process can
 * be in the middle of writing one of them. Returns the paths removed.
 */
export async function removeStrayTemps(folders: readonly string[]): Promise<string[]> {
  const removed: string[] = []
  for (const dir of folders) {
    let names: string[]
    try {
      names = await readdir(dir)
    } catch {
      continue
    }
    for (const name of names) {
      if (!TEMP.test(name)) continue
      await rm(join(dir, name), { force: true })
      removed.push(join(dir, name))
    }
  }
  return removed
}
