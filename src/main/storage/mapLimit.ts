/**
 * Maps over items with at most `limit` calls in flight, keeping the order of the results.
 * @remarks Opening a library reads one file per paper; starting all of them at once runs out
 * of file descriptors past a few thousand papers (EMFILE: 25,000 index files of a 12,500-paper
 * library against a limit of 20,000 here, 256 by default on macOS), which then look damaged.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>
): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!, i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

/** How many index files a store reads at once when it opens. */
export const OPEN_FILES_AT_ONCE = 64
