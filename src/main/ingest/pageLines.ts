import type { PdfPageItems, PdfTextItem } from '../pdf/PdfReader'

/** One visual line of a page, assembled from text items. */
export interface PageLine {
  text: string
  /** The font size covering most of the line's characters, in points. */
  fontSize: number
  x: number
  y: number
  /** Where the line's last item ends, in points from the left edge. */
  end: number
}

/**
 * Groups a page's text items into lines, in content-stream order.
 * @remarks Stream order follows columns in LaTeX output, which reading order needs. A line ends
 * at an explicit end-of-line mark, a vertical jump of more than half a glyph (superscripts stay
 * on their line) or a jump back to the left. Gaps wider than a fifth of the font size become a
 * space (two when wider than 1.5 em), because many PDFs position words instead of writing spaces.
 */
export function pageLines(page: PdfPageItems): PageLine[] {
  const lines: PageLine[] = []
  let cur: {
    parts: string[]
    sizes: Map<number, number>
    x: number
    y: number
    size: number
    end: number
  } | null = null
  let breakPending = false

  const flush = (): void => {
    if (!cur) return
    const text = cur.parts.join('')
    if (text.trim()) {
      lines.push({ text, fontSize: dominantSize(cur.sizes), x: cur.x, y: cur.y, end: cur.end })
    }
    cur = null
  }

  for (const it of page.items) {
    if (it.str === '') {
      if (it.hasEOL) breakPending = true
      continue
    }
    if (cur && (breakPending || startsNewLine(cur, it))) flush()
    breakPending = false
    if (!cur) {
      cur = { parts: [], sizes: new Map(), x: it.x, y: it.y, size: it.fontSize, end: it.x }
    } else {
      cur.parts.push(gapText(cur, it))
    }
    cur.parts.push(it.str)
    const key = Math.round(it.fontSize * 2) / 2
    cur.sizes.set(key, (cur.sizes.get(key) ?? 0) + it.str.trim().length)
    cur.end = it.x + it.width
    if (it.fontSize >= cur.size * 0.9) cur.y = it.y
    cur.size = Math.max(cur.size, it.fontSize)
    if (it.hasEOL) breakPending = true
  }
  flush()
  return lines
}

function startsNewLine(cur: { y: number; size: number; end: number }, it: PdfTextItem): boolean {
  const size = Math.max(cur.size, it.fontSize, 1)
  if (Math.abs(it.y - cur.y) > size * 0.6) return true
  return it.x < cur.end - size * 2
}

// Wide gaps (separate columns of names, table cells) become two spaces so callers can split.
function gapText(cur: { parts: string[]; end: number; size: number }, it: PdfTextItem): string {
  const last = cur.parts[cur.parts.length - 1] ?? ''
  if (/\s$/.test(last) || /^\s/.test(it.str)) return ''
  const gap = it.x - cur.end
  const size = Math.max(cur.size, it.fontSize)
  return gap > size * 1.5 ? '  ' : gap > size * 0.2 ? ' ' : ''
}

/** The size with the most characters (the larger one on a tie); 0 when there is none. */
export function dominantSize(sizes: ReadonlyMap<number, number>): number {
  let best = 0
  let bestCount = -1
  for (const [size, count] of sizes) {
    if (count > bestCount || (count === bestCount && size > best)) {
      best = size
      bestCount = count
    }
  }
  return best
}
