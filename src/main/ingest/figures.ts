import type { Region } from '../../shared/types'
import type { PageFigure } from '../domain'
import { pageLines, type PageLine } from './pageLines'
import type { PdfBox, PdfPageItems } from '../pdf/PdfReader'

/**
 * A caption's opening words: `Figure 3:`, `Fig. 3.`, `Table 2:`, `Table IV.`, `Figure 1 |`.
 * @remarks The label must be followed by `:`, `.` or `|`, so a sentence that merely starts
 * with "Figure 3 shows" or "Table 2 lists" is not taken for a caption.
 */
const CAPTION = /^\s*(Figure|Fig\.|FIGURE|Table|TABLE)\s*(\d{1,3}|[IVX]{1,6})\s*[:.|]/

/** The kind and label of a caption line, or null when the line does not open a caption. */
export function captionLabel(text: string): { kind: 'figure' | 'table'; label: string } | null {
  const m = CAPTION.exec(text)
  if (!m) return null
  const table = m[1]!.toLowerCase() === 'table'
  return { kind: table ? 'table' : 'figure', label: `${table ? 'Table' : 'Figure'} ${m[2]}` }
}

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

/** How far (points) a figure's parts may be apart and still count as one figure. */
const GAP = 24
/** A caption runs on while the next line is this close (times the font size). */
const CAPTION_LINE_GAP = 1.9

/**
 * Finds the figure and table captions on a page and the region each belongs to.
 * @remarks From the text layout first: a table is the block of rows next to its caption (below
 * first, as tables are captioned on top), a figure the space between its caption and the
 * nearest running text, with its labels. Where the layout cannot place one, the reader adds the
 * page's graphics (pdf.js operator positions, see {@link needsGraphics}): the figure is then the
 * cluster of drawn paths and images next to its caption, plus the text inside it. `lineOffsets` maps each line to its start in the cleaned text,
 * so each caption's text is an exact slice of the page text, as every chunk is.
 */
export function detectFigures(
  page: PdfPageItems,
  lines: readonly PageLine[],
  lineOffsets: readonly number[],
  text: string
): PageFigure[] {
  return locate(page, lines, lineOffsets, text).map((f) => f.figure)
}

/**
 * True when a page has a caption whose region the text layout alone cannot place (a figure
 * with no labels and no blank space next to its caption): only then is the page's operator
 * list worth reading, which costs about as much again as its text.
 */
export function needsGraphics(page: PdfPageItems): boolean {
  if (!page.items.some((i) => /^\s*(Figure|Fig\.|FIGURE|Table|TABLE)(\s|$)/.test(i.str))) {
    return false
  }
  const lines = pageLines(page)
  const offsets = lines.map(() => 0)
  return locate({ ...page, graphics: [] }, lines, offsets, '').some((f) => !f.placed)
}

function locate(
  page: PdfPageItems,
  lines: readonly PageLine[],
  lineOffsets: readonly number[],
  text: string
): { figure: PageFigure; placed: boolean }[] {
  const out: PageFigure[] = []
  const seen = new Set<string>()
  const graphics = (page.graphics ?? []).filter((b) => usefulGraphic(b, page))
  const captionLines = new Set<number>()
  const boxes = lines.map(lineBox)
  for (let i = 0; i < lines.length; i++) {
    const found = captionLabel(lines[i]!.text)
    if (!found || lineOffsets[i]! < 0 || seen.has(found.label)) continue
    const last = captionEnd(lines, i)
    for (let j = i; j <= last; j++) captionLines.add(j)
    seen.add(found.label)
    const start = lineOffsets[i]!
    const endLine = nextOffset(lineOffsets, last + 1)
    const end = trimEnd(text, endLine ?? text.length)
    const caption = union(boxes.slice(i, last + 1))
    out.push({ ...found, start, end, region: toRegion(caption, page) }) // region set below
  }
  // Regions are found once every caption is known, so a figure never swallows another caption.
  const captions = [...captionLines].map((i) => boxes[i]!)
  const body = boxes.filter((_, i) => !captionLines.has(i))
  return out.map((f) => {
    const caption = fromRegion(f.region, page)
    const others = captions.filter((b) => !overlaps(b, caption))
    const first = f.kind === 'table' ? 'below' : 'above'
    const second = first === 'above' ? 'below' : 'above'
    const links = f.kind === 'table' ? body : []
    const drawn = graphics.length
      ? nearOrFar(
          caption,
          others,
          (side) => grow(caption, graphics, links, body, others, side, page),
          [first, second]
        )
      : null
    // A table's rows are spaced unevenly (groups, rules), so where it ends is read from its
    // rules when the page's graphics are there; its text block is the fallback.
    const found =
      drawn ??
      (f.kind === 'table'
        ? (textBlock(caption, body, others, 'below', page) ??
          figureSpace(caption, body, others, 'above', page))
        : (figureSpace(caption, body, others, 'above', page) ??
          figureSpace(caption, body, others, 'below', page)))
    return {
      figure: { ...f, region: toRegion(union([caption, found ?? caption]), page) },
      placed: found !== null && f.kind === 'figure'
    }
  })
}

/** A region grown from a caption, and the drawn part of it (its graphics only). */
interface Grown {
  region: Box
  drawing: Box
}

/** How much of the caption's width a region spans (0–1). */
function spanOf(region: Box, caption: Box): number {
  const overlap = Math.min(region.x1, caption.x1) - Math.max(region.x0, caption.x0)
  return Math.max(0, overlap) / Math.max(1, caption.x1 - caption.x0)
}

/**
 * The drawing on the side a caption usually has it (tables captioned on top, figures below),
 * unless it covers under half of the caption's width while the other side's covers most of it.
 * @remarks A float's caption is set to the float's width: in a two-column paper a table across
 * both columns, captioned below, would otherwise take the one-column figure drawn under its
 * caption (DPR's Table 2 took Figure 1 that way).
 */
function nearOrFar(
  caption: Box,
  captions: readonly Box[],
  grown: (side: 'above' | 'below') => Grown | null,
  [first, second]: readonly ['above' | 'below', 'above' | 'below']
): Box | null {
  // Measured on the drawing alone: a table's rows may bridge into the running text beside it.
  const near = grown(first)
  if (near && spanOf(near.drawing, caption) >= 0.5) return near.region
  const far = grown(second)
  if (!near) return far?.region ?? null
  if (!far || spanOf(far.drawing, caption) < 0.8) return near.region
  // A drawing that sits against another caption on that side is that caption's (word2vec's
  // Table 6, captioned on top, just above Table 7's caption).
  const limit =
    second === 'above' ? barrierAbove(caption, captions) : barrierBelow(caption, captions)
  const gap = second === 'above' ? limit - far.drawing.y1 : far.drawing.y0 - limit
  return gap > GAP ? far.region : near.region
}

/**
 * A figure placed from the text layout alone: the space between its caption and the nearest
 * line of running text on one side, with the labels inside it (short lines).
 * @remarks Running text is a line at least 70% as wide as the column's text; a figure's own
 * labels are shorter. Null when there is neither a label nor a blank of 20 points or more.
 */
function figureSpace(
  caption: Box,
  body: readonly Box[],
  captions: readonly Box[],
  side: 'above' | 'below',
  page: PdfPageItems
): Box | null {
  const column = columnOf(caption, page)
  const inColumn = body.filter((b) => b.x1 > column.x0 && b.x0 < column.x1)
  if (inColumn.length === 0) return null
  const textX0 = Math.min(...inColumn.map((b) => b.x0))
  const textX1 = Math.max(...inColumn.map((b) => b.x1))
  const wide = (b: Box): boolean => b.x1 - b.x0 >= (textX1 - textX0) * 0.7
  const limit = side === 'above' ? barrierAbove(caption, captions) : barrierBelow(caption, captions)
  const near = inColumn
    .filter((b) =>
      side === 'above'
        ? b.y0 >= caption.y1 - 2 && b.y1 <= limit
        : b.y1 <= caption.y0 + 2 && b.y0 >= limit
    )
    .sort((a, b) => (side === 'above' ? a.y0 - b.y0 : b.y1 - a.y1))
  const labels: Box[] = []
  let stop: number | null = null
  for (const b of near) {
    if (wide(b)) {
      stop = side === 'above' ? b.y0 - 2 : b.y1 + 2
      break
    }
    labels.push(b)
  }
  const edge = side === 'above' ? caption.y1 : caption.y0
  // Without running text beyond it, the figure reaches its farthest label; with neither, the
  // layout cannot tell (a figure alone at the top of a page): the graphics must.
  let far: number
  if (stop !== null) far = stop
  else if (labels.length) {
    far =
      side === 'above' ? Math.max(...labels.map((b) => b.y1)) : Math.min(...labels.map((b) => b.y0))
  } else return null
  if (labels.length === 0 && Math.abs(far - edge) < 20) return null
  const xs = labels.length ? union([caption, ...labels]) : caption
  return {
    x0: xs.x0,
    x1: xs.x1,
    y0: side === 'above' ? edge : far,
    y1: side === 'above' ? far : edge
  }
}

function lineBox(l: PageLine): Box {
  const size = Math.max(1, l.fontSize)
  return { x0: l.x, y0: l.y - size * 0.25, x1: Math.max(l.end, l.x + 1), y1: l.y + size * 0.85 }
}

// The caption's own lines: the opening line and those following it closely, at most 10.
function captionEnd(lines: readonly PageLine[], i: number): number {
  let last = i
  for (let j = i + 1; j < lines.length && j <= i + 10; j++) {
    const prev = lines[j - 1]!
    const l = lines[j]!
    const size = Math.max(prev.fontSize, 1)
    const drop = prev.y - l.y
    if (drop <= 0 || drop > size * CAPTION_LINE_GAP) break
    if (Math.abs(l.fontSize - lines[i]!.fontSize) > 1.5) break
    if (captionLabel(l.text)) break
    last = j
  }
  return last
}

function nextOffset(offsets: readonly number[], from: number): number | null {
  for (let j = from; j < offsets.length; j++) if (offsets[j]! >= 0) return offsets[j]!
  return null
}

function trimEnd(text: string, end: number): number {
  while (end > 0 && /\s/.test(text[end - 1]!)) end--
  return end
}

// Page-sized rectangles (backgrounds, frames) and specks say nothing about where a figure is.
function usefulGraphic(b: PdfBox, page: PdfPageItems): boolean {
  const w = b.x1 - b.x0
  const h = b.y1 - b.y0
  if (w > page.width * 0.95 && h > page.height * 0.9) return false
  return w >= 3 || h >= 3
}

/**
 * Grows a region from the caption towards one side: graphics within {@link GAP} of what is
 * already in, horizontally over the caption's column, until another caption or a page edge.
 * @remarks `links` (a table's text lines) may bridge two graphics: the rows between a table's
 * rules are further apart than any gap inside a drawing. A region needs one graphic at least.
 */
function grow(
  caption: Box,
  graphics: readonly Box[],
  links: readonly Box[],
  body: readonly Box[],
  captions: readonly Box[],
  side: 'above' | 'below',
  page: PdfPageItems
): Grown | null {
  const column = columnOf(caption, page)
  const limit = side === 'above' ? barrierAbove(caption, captions) : barrierBelow(caption, captions)
  const onSide = (g: Box): boolean =>
    g.x1 > column.x0 - 2 &&
    g.x0 < column.x1 + 2 &&
    (side === 'above'
      ? g.y0 >= caption.y1 - 4 && g.y1 <= limit
      : g.y1 <= caption.y0 + 4 && g.y0 >= limit)
  const isGraphic = new Set(graphics)
  let region: Box | null = null
  let drawing: Box | null = null
  let edge = side === 'above' ? caption.y1 : caption.y0
  // One pass, nearest first: the edge only moves away from the caption, so once the nearest
  // remaining part is out of reach, all the rest are (pages of plots have thousands of paths).
  const distance = (g: Box): number => (side === 'above' ? g.y0 - edge : edge - g.y1)
  const parts = [...graphics.filter(onSide), ...links.filter(onSide)].sort((a, b) =>
    side === 'above' ? a.y0 - b.y0 : b.y1 - a.y1
  )
  for (const g of parts) {
    const d = distance(g)
    if (d > GAP) break
    if (d > (isGraphic.has(g) ? GAP : 14)) continue
    region = region ? union([region, g]) : g
    if (isGraphic.has(g)) drawing = drawing ? union([drawing, g]) : g
    edge = side === 'above' ? Math.max(edge, g.y1) : Math.min(edge, g.y0)
  }
  if (!region || !drawing) return null
  // Text inside the drawing (labels, legends, table cells) is part of it.
  const inside = body.filter((b) => containedIn(b, region!, 3))
  return { region: union([region, ...inside]), drawing }
}

// A table set without rules: the run of lines next to the caption, up to a wide gap.
function textBlock(
  caption: Box,
  body: readonly Box[],
  captions: readonly Box[],
  side: 'above' | 'below',
  page: PdfPageItems
): Box | null {
  const column = columnOf(caption, page)
  const limit = side === 'above' ? barrierAbove(caption, captions) : barrierBelow(caption, captions)
  const near = body
    .filter((b) => b.x1 > column.x0 && b.x0 < column.x1)
    .filter((b) =>
      side === 'above'
        ? b.y0 >= caption.y1 - 2 && b.y1 <= limit
        : b.y1 <= caption.y0 + 2 && b.y0 >= limit
    )
    .sort((a, b) => (side === 'above' ? a.y0 - b.y0 : b.y1 - a.y1))
  let edge = side === 'above' ? caption.y1 : caption.y0
  const kept: Box[] = []
  for (const b of near) {
    const gap = side === 'above' ? b.y0 - edge : edge - b.y1
    if (gap > 14) break
    kept.push(b)
    edge = side === 'above' ? Math.max(edge, b.y1) : Math.min(edge, b.y0)
  }
  return kept.length ? union(kept) : null
}

// A caption in one half of a two-column page belongs to that column; a wide one spans the page.
function columnOf(caption: Box, page: PdfPageItems): { x0: number; x1: number } {
  const mid = page.width / 2
  if (caption.x1 <= mid + 10) return { x0: 0, x1: mid }
  if (caption.x0 >= mid - 10) return { x0: mid, x1: page.width }
  return { x0: 0, x1: page.width }
}

function barrierAbove(caption: Box, captions: readonly Box[]): number {
  const above = captions.filter((c) => c.y0 >= caption.y1 && hOverlap(c, caption))
  return Math.min(...above.map((c) => c.y0), Infinity)
}

function barrierBelow(caption: Box, captions: readonly Box[]): number {
  const below = captions.filter((c) => c.y1 <= caption.y0 && hOverlap(c, caption))
  return Math.max(...below.map((c) => c.y1), -Infinity)
}

function hOverlap(a: Box, b: Box): boolean {
  return a.x1 > b.x0 && a.x0 < b.x1
}

function overlaps(a: Box, b: Box): boolean {
  return hOverlap(a, b) && a.y1 > b.y0 && a.y0 < b.y1
}

function containedIn(b: Box, r: Box, slack: number): boolean {
  return (
    b.x0 >= r.x0 - slack && b.x1 <= r.x1 + slack && b.y0 >= r.y0 - slack && b.y1 <= r.y1 + slack
  )
}

function union(boxes: readonly Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1))
  }
}

/** A PDF-space box as fractions of the page from its top-left corner, clamped to the page. */
export function toRegion(b: Box, page: { width: number; height: number }): Region {
  const clamp = (v: number): number => Math.min(1, Math.max(0, v))
  const x0 = clamp(b.x0 / page.width)
  const x1 = clamp(b.x1 / page.width)
  const top = clamp(1 - b.y1 / page.height)
  const bottom = clamp(1 - b.y0 / page.height)
  return { x: x0, y: top, width: Math.max(0, x1 - x0), height: Math.max(0, bottom - top) }
}

function fromRegion(r: Region, page: { width: number; height: number }): Box {
  return {
    x0: r.x * page.width,
    x1: (r.x + r.width) * page.width,
    y1: (1 - r.y) * page.height,
    y0: (1 - r.y - r.height) * page.height
  }
}
