/** What the cache needs of an open document: a way to let it go. */
export interface Closable {
  destroy(): Promise<void>
}

/**
 * The last few papers opened in the viewer, kept open, so switching back to one (a chip of
 * another paper, then back) shows it without fetching and parsing its PDF again.
 * @remarks Keyed by the paper and its file's hash: a paper whose PDF was attached or replaced
 * since opens afresh. A failed open is not kept. The least recently used one is destroyed when
 * a new one comes in; the one on screen is always the most recent, so it is never the one let go.
 */
export class DocumentCache<T extends Closable> {
  private readonly entries = new Map<string, Promise<T>>()

  constructor(private readonly size = 3) {}

  /** The open document for `key`, opened with `open` if it is not kept. */
  get(key: string, open: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key)
    if (kept) {
      this.entries.delete(key)
      this.entries.set(key, kept)
      return kept
    }
    const opening = open()
    this.entries.set(key, opening)
    opening.catch(() => {
      if (this.entries.get(key) === opening) this.entries.delete(key)
    })
    while (this.entries.size > this.size) {
      const [oldest, doc] = this.entries.entries().next().value as [string, Promise<T>]
      this.entries.delete(oldest)
      void doc.then((d) => d.destroy()).catch(() => undefined)
    }
    return opening
  }

  /** Whether `key` is kept (open or opening). */
  has(key: string): boolean {
    return this.entries.has(key)
  }
}
