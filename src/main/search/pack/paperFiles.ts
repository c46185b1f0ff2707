import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { mapLimit, OPEN_FILES_AT_ONCE } from '../../storage/mapLimit'
import type { FileIdentity } from './PackedStore'
import type { PackedPaper } from './vectorPack'

/** A paper's own file, read and decoded, with the identity a pack compares against. */
export interface PaperFile<T> {
  value: T
  identity: FileIdentity
}

/**
 * Reads the per-paper files `<dir>/<encoded paperId><ext>` of a store at open, a few at a time.
 * @remarks A paper the pack already holds unchanged (same size and mtime) is not read: it is
 * marked in `alive` (one flag per pack paper; null without a pack). A file removed between
 * listing and reading is simply gone; any other failure leaves only that paper out, recorded in
 * `damaged` as `<what> <file>: <reason>`. Shared by the vector store and the keyword index.
 */
export async function readPaperFiles<T extends { paperId: string }>(options: {
  dir: string
  names: readonly string[]
  ext: string
  what: string
  pack: { papers: readonly PackedPaper[]; paperIndex: ReadonlyMap<string, number> } | null
  decode: (bytes: Buffer) => T
  damaged: Map<string, string>
}): Promise<{ alive: Uint8Array | null; loaded: (PaperFile<T> | null)[] }> {
  const { dir, ext, what, pack, decode, damaged } = options
  const alive = pack ? new Uint8Array(pack.papers.length) : null
  const names = options.names.filter((f) => f.endsWith(ext))
  const loaded = await mapLimit(names, OPEN_FILES_AT_ONCE, async (f) => {
    const paperId = decodeURIComponent(f.slice(0, -ext.length))
    const file = join(dir, f)
    try {
      const st = await stat(file)
      const at = pack?.paperIndex.get(paperId)
      const packed = at === undefined ? undefined : pack!.papers[at]!
      if (packed && packed.size === st.size && packed.mtimeMs === st.mtimeMs) {
        alive![at!] = 1
        return null
      }
      const value = decode(await readFile(file))
      if (value.paperId !== paperId) throw new Error(`it holds paper ${value.paperId}`)
      return { value, identity: { size: st.size, mtimeMs: st.mtimeMs } }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        damaged.set(paperId, `${what} ${f}: ${(e as Error).message}`)
      }
      return null
    }
  })
  return { alive, loaded }
}
