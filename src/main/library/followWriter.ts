import { stat } from 'node:fs/promises'

/** library.json and its journal (changes between full writes): either changing is a change. */
export async function catalogStamp(file: string): Promise<string> {
  const stamps = await Promise.all(
    [file, file.replace(/\.json$/, '.journal')].map(async (f) => {
      const s = await stat(f).catch(() => null)
      return s ? `${s.ino}:${s.mtimeMs}:${s.size}` : 'none'
    })
  )
  return stamps.join('|')
}

/**
 * Reloads the catalog, then both indexes, when `library.json` or its journal has changed since
 * the last look.
 * @remarks The writer saves a paper's index files before the catalog entry that announces
 * them, each by atomic rename; reading the catalog first therefore never finds a paper whose
 * index files are older than its entry. Concurrent callers share one reload.
 */
export function followWriter(
  catalogFile: string,
  initial: string,
  library: { reload(): Promise<void> },
  indexes: { open(): Promise<unknown> }[]
): () => Promise<void> {
  let seen = initial
  let running: Promise<void> | null = null
  const look = async (): Promise<void> => {
    const now = await catalogStamp(catalogFile)
    if (now === seen) return
    await library.reload()
    await Promise.all(indexes.map((i) => i.open()))
    seen = now
  }
  return () => (running ??= look().finally(() => (running = null)))
}
