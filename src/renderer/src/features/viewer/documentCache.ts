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
  /** The documents whose opening finished, by key, for a synchronous look. */
  private readonly opened = new Map<string, T>()

  constructor(
    private readonly size = 3,
    /** Told of each document let go, so what was kept of it goes too. */
    private readonly onDrop: (doc: T) => void = () => {}
  ) {}

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
    opening.then(
      (d) => {
        if (this.entries.get(key) === opening) this.opened.set(key, d)
      },
      () => {
        if (this.entries.get(key) === opening) this.entries.delete(key)
      }
    )
    while (this.entries.size > this.size) {
      const [oldest, doc] = this.entries.entries().next().value as [string, Promise<T>]
      this.entries.delete(oldest)
      this.opened.delete(oldest)
      void doc
        .then((d) => {
          this.onDrop(d)
          return d.destroy()
        })
        .catch(() => undefined)
    }
    return opening
  }

  /**
   * The document for `key` if it is kept and finished opening, without waiting.
   * @remarks Lets a paper switched back to be shown in the very first frame, with no "Opening…"
   * in between.
   */
  peek(key: string): T | undefined {
    return this.opened.get(key)
  }

  /** Whether `key` is kept (open or opening). */
  has(key: string): boolean {
    return this.entries.has(key)
  }
}
