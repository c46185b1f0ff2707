import type { LayoutLine } from './sections'

/** Words that open a byline or continue an author list, never a subtitle. */
const BYLINE_START = /^(?:by|por|von|par|de|and|e|y|und|et al)\b/i

/**
 * The subtitle printed on the line right under the title, or null.
 * @remarks A person reads a line set smaller than the title, directly beneath it, that continues
 * it in lower case ("Introdução à acessibilidade urbana" / "um guia prático em R") as the
 * title's subtitle. A line opening in a capital is an author, an affiliation or a label; a
 * byline word ("by", "por", "von") opens the authors.
 * @param end The index of the first line after the title block.
 */
export function subtitleBelow(
  lines: readonly LayoutLine[],
  end: number,
  titleSize: number
): string | null {
  const last = lines[end - 1]
  const next = lines[end]
  if (!last || !next) return null
  const text = next.text.trim()
  if (!/^\p{Ll}/u.test(text) || BYLINE_START.test(text) || /@|https?:|www\./.test(text)) return null
  if (text.split(/\s+/).length > 20 || /[.!?]$/.test(text)) return null
  if (next.fontSize >= titleSize - 0.25 || next.fontSize < titleSize * 0.5) return null
  // Set directly beneath: no more than two of its own lines of space between.
  if (
    last.top !== undefined &&
    next.top !== undefined &&
    (next.top - last.top) * 792 > next.fontSize * 3
  )
    return null
  return text
}
