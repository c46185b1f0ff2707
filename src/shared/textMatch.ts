/** A normalized text and, for each of its characters, the item it came from. */
interface Normalized {
  text: string
  owner: number[]
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
  parts.forEach((part, index) => {
    for (const ch of part.normalize('NFKC').toLowerCase()) {
      if (KEEP.test(ch)) {
        text += ch
        owner.push(index)
      }
    }
  })
  return { text, owner }
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
