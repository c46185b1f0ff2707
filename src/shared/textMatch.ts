/** A normalized text and, for each of its characters, the item it came from. */
interface Normalized {
  text: string
  owner: number[]
  /** For each character, where it starts in its item's own string (UTF-16 index). */
  offset: number[]
}

const KEEP = /[\p{L}\p{N}]/u

/**
 * Lowercases, unfolds ligatures (NFKC) and keeps only letters and digits.
 * @remarks Dropping spaces and hyphens makes matching insensitive to how the PDF splits text
 * into runs, to line-end hyphenation ("atten-" + "tion") and to the cleanup ingestion did.
 */
function normalize(parts: string[]): Normalized {
  let text = ''
  const owner: number[] = []
  const offset: number[] = []
  parts.forEach((part, index) => {
    let at = 0
    for (const original of part) {
      for (const ch of original.normalize('NFKC').toLowerCase()) {
        if (KEEP.test(ch)) {
          text += ch
          owner.push(index)
          offset.push(at)
        }
      }
      at += original.length
    }
  })
  return { text, owner, offset }
}

/** Normalizes one string the way page text is normalized for matching. */
export function normalizeForMatch(text: string): string {
  return normalize([text]).text
}

function range(page: Normalized, from: number, length: number): number[] {
  const items = new Set<number>()
  for (let i = from; i < from + length; i++) items.add(page.owner[i] as number)
  return [...items].sort((a, b) => a - b)
}

/**
 * Finds the text items of a page that hold a snippet; returns their indices (empty: not found).
 * @remarks Tries the whole snippet first; if the page's text differs somewhere inside it, it
 * anchors on the snippet's first and last 60 characters, then on any 40-character window.
 */
export function findSnippetItems(items: string[], snippet: string): number[] {
  const page = normalize(items)
  const snip = normalizeForMatch(snippet)
  if (snip.length === 0 || page.text.length === 0) return []
  const whole = page.text.indexOf(snip)
  if (whole >= 0) return range(page, whole, snip.length)

  const windowAt = (size: number, fromEnd: boolean): number => {
    if (snip.length < size) return -1
    const w = fromEnd ? snip.slice(-size) : snip.slice(0, size)
    return page.text.indexOf(w)
  }
  const head = windowAt(60, false)
  const tail = windowAt(60, true)
  if (head >= 0 && tail >= head && tail + 60 - head <= snip.length * 1.5) {
    return range(page, head, tail + 60 - head)
  }
  const size = Math.min(40, snip.length)
  let first = -1
  let lastEnd = -1
  const starts: number[] = []
  for (let at = 0; at + size <= snip.length; at += Math.max(1, Math.floor(size / 2)))
    starts.push(at)
  starts.push(snip.length - size)
  for (const at of starts) {
    const found = page.text.indexOf(snip.slice(at, at + size))
    if (found < 0) continue
    if (first < 0) first = found
    if (found >= first && found + size - first <= snip.length * 1.5) lastEnd = found + size
  }
  return first >= 0 ? range(page, first, lastEnd - first) : []
}

/** A piece of one text item that a find hit covers: characters `start` to `end` (exclusive). */
export interface ItemRange {
  item: number
  start: number
  end: number
}

/**
 * Every place a search query occurs on a page, as the pieces of text items it covers.
 * @remarks Matched like snippets (case, spaces, hyphens and ligatures ignored), so "ImageNet"
 * finds "Ima-geNet" and a phrase broken across lines.
 */
export function findAllItems(items: string[], query: string): ItemRange[][] {
  const q = normalizeForMatch(query)
  if (!q) return []
  const page = normalize(items)
  const hits: ItemRange[][] = []
  for (let at = page.text.indexOf(q); at >= 0; at = page.text.indexOf(q, at + q.length)) {
    const ranges: ItemRange[] = []
    for (let i = at; i < at + q.length; i++) {
      const item = page.owner[i]!
      const start = page.offset[i]!
      const last = ranges[ranges.length - 1]
      const end = start + (items[item]!.codePointAt(start)! > 0xffff ? 2 : 1)
      if (last && last.item === item) last.end = end
      else ranges.push({ item, start, end })
    }
    hits.push(ranges)
  }
  return hits
}
