/** A page drawn off screen: its canvas and text layer, detached, ready to be put back. */
export interface DrawnPage {
  canvas: HTMLCanvasElement
  layer: HTMLElement
  /** The text layer's spans, one per text item, and each item's text (aligned). */
  spans: HTMLElement[]
  items: string[]
}

interface Entry {
  owner: object
  page: DrawnPage
  bytes: number
}

/** What a drawn page's bitmap costs: four bytes a pixel. */
function bitmapBytes(page: DrawnPage): number {
  return page.canvas.width * page.canvas.height * 4
}

/** Gives a canvas's bitmap back to the browser. */
function release(page: DrawnPage): void {
  page.canvas.width = 0
  page.canvas.height = 0
}

/**
 * Pages drawn before and scrolled away (or left with their paper), kept so that coming back to
 * them shows them at once instead of drawing them again: the canvas with its bitmap and the
 * text layer with its spans, exactly as they were.
 * @remarks Bounded by the bytes of the bitmaps kept (`budget`), least recently put away let go
 * first; a page on screen is taken out, so it is never counted twice nor let go under the
 * reader's eyes. Keyed by the document (its owner), the page and the scale it was drawn at: a
 * page drawn again at another scale replaces its older drawing.
 */
export class DrawnPages {
  private readonly entries = new Map<string, Entry>()
  private readonly owners = new WeakMap<object, number>()
  private nextOwner = 0
  private used = 0

  constructor(private readonly budget: number) {}

  /** The bytes of the bitmaps kept now. */
  get bytes(): number {
    return this.used
  }

  /** Whether page `number` of `owner` drawn at `scale` is kept. */
  has(owner: object, number: number, scale: number): boolean {
    return this.entries.has(this.key(owner, number, scale))
  }

  /** Takes page `number` of `owner` drawn at `scale` out of the kept ones, if it is kept. */
  take(owner: object, number: number, scale: number): DrawnPage | null {
    const key = this.key(owner, number, scale)
    const entry = this.entries.get(key)
    if (!entry) return null
    this.entries.delete(key)
    this.used -= entry.bytes
    return entry.page
  }

  /** Keeps a page put away; a drawing too big for the budget is let go at once. */
  keep(owner: object, number: number, scale: number, page: DrawnPage): void {
    const prefix = `${this.ownerId(owner)}/${number}@`
    for (const [key, entry] of this.entries) if (key.startsWith(prefix)) this.drop(key, entry)
    const bytes = bitmapBytes(page)
    if (bytes > this.budget) return release(page)
    this.entries.set(this.key(owner, number, scale), { owner, page, bytes })
    this.used += bytes
    for (const [key, entry] of this.entries) {
      if (this.used <= this.budget) break
      this.drop(key, entry)
    }
  }

  /** Lets go every page of a document that was closed. */
  forget(owner: object): void {
    for (const [key, entry] of this.entries) if (entry.owner === owner) this.drop(key, entry)
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key)
    this.used -= entry.bytes
    release(entry.page)
  }

  private ownerId(owner: object): number {
    let id = this.owners.get(owner)
    if (id === undefined) this.owners.set(owner, (id = this.nextOwner++))
    return id
  }

  private key(owner: object, number: number, scale: number): string {
    return `${this.ownerId(owner)}/${number}@${scale}`
  }
}
