import { dominantSize, type PageLine } from './pageLines'

/**
 * The share of the page height, from the top and from the bottom, where running headers,
 * footers and page numbers sit.
 */
const BAND = 0.085

/** Captions can sit at the top of a page and repeat ("Table A3"); they are content. */
const CAPTION = /^(fig(ure)?|tab(le|ela)|quadro|gr[aá]fico|chart|algorithm|algoritmo)\.?\s*\S/i

/**
 * Finds the lines of a paper's pages that are page furniture, not text: running headers and
 * footers, page numbers, watermarks and the line-number column of a draft or a review copy.
 * @remarks Pages are given in reading order. A header or footer is a line in the top or bottom
 * band of the page that an earlier page also had there, digits aside ("Folini et al. 337",
 * "Page 6 of 7"), so the first page keeps its own and no word list is involved. It must not be
 * set larger than the page's text, so a title repeated on a cover page is never lost. A
 * line-number column is a run of number-only lines at one horizontal position that counts up
 * down the page.
 */
export class PageFurniture {
  private readonly seen = new Map<number, Set<string>>()

  /** For each of the page's lines, true when it is furniture and belongs in no chunk. */
  drop(page: number, lines: readonly PageLine[], height: number): boolean[] {
    const drop = lineNumberColumn(lines)
    const body = bodySize(lines)
    const keys = new Set<string>()
    const rest = lines.map((l, i) => ({ l, i })).filter(({ i }) => !drop[i])
    for (const i of [...edgeBlock(rest, height, true), ...edgeBlock(rest, height, false)]) {
      const l = lines[i]!
      const key = bandKey(l.text)
      if (!key || CAPTION.test(l.text.trim())) continue
      keys.add(key)
      if (l.fontSize <= body * 1.25 && this.seenBefore(page, key)) drop[i] = true
    }
    // A watermark ("DRAFT") is set far larger than the text, anywhere, on page after page.
    lines.forEach((l, i) => {
      const key = l.fontSize >= body * 3 ? bandKey(l.text) : ''
      if (!key || drop[i]) return
      keys.add(`mark:${key}`)
      if (this.seenBefore(page, `mark:${key}`)) drop[i] = true
    })
    this.seen.set(page, keys)
    return drop
  }

  private seenBefore(page: number, key: string): boolean {
    for (const [p, keys] of this.seen) if (p < page && keys.has(key)) return true
    return false
  }
}

/**
 * The lines set apart at the top (or bottom) edge of a page: those inside the band whose nearest
 * line further in, among the lines they share horizontal space with, is clearly further than the
 * page's line spacing, or is itself set apart (a footer of two lines). Body text that runs on
 * into the band at its usual spacing is no header, however often its words repeat.
 * @remarks Only lines that overlap horizontally count as neighbours, so a page number out in
 * the margin and a stamp set up the margin ("Downloaded from …") leave each other alone.
 */
function edgeBlock(
  lines: readonly { l: PageLine; i: number }[],
  height: number,
  fromTop: boolean
): number[] {
  if (height <= 0 || lines.length < 2) return []
  const inward = (l: PageLine): number => (fromTop ? height - l.y : l.y)
  const ys = [...new Set(lines.map(({ l }) => Math.round(l.y)))].sort((a, b) => a - b)
  const gaps = ys.slice(1).map((y, k) => y - ys[k]!)
  gaps.sort((a, b) => a - b)
  const pitch = gaps[Math.floor(gaps.length / 2)] ?? 0
  const band = lines
    .filter(({ l }) => inward(l) <= height * BAND)
    .sort((a, b) => inward(b.l) - inward(a.l))
  const apart = new Set<number>()
  for (const { l, i } of band) {
    let nearest: { l: PageLine; i: number } | null = null
    for (const o of lines) {
      if (o.i === i || inward(o.l) <= inward(l) || o.l.x >= l.end || l.x >= o.l.end) continue
      if (!nearest || inward(o.l) < inward(nearest.l)) nearest = o
    }
    const gap = nearest ? inward(nearest.l) - inward(l) : Infinity
    if (gap >= Math.max(pitch * 1.5, l.fontSize * 1.2) || (nearest && apart.has(nearest.i))) {
      apart.add(i)
    }
  }
  return [...apart]
}

/**
 * A band line as compared across pages: case, spaces and numbers aside. Empty for a fragment
 * too short to tell a header by ("2019).") unless it is a bare page number.
 */
function bandKey(text: string): string {
  const bare = /^\s*(\d{1,4}|[ivxlc]{1,7})\s*$/i.test(text)
  if (!bare && (text.match(/\p{L}/gu)?.length ?? 0) < 4) return ''
  return text
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '')
    .replace(/^[ivxlc]+$/, '#') // a roman page number in the front matter
    .replace(/\p{N}+/gu, '#')
}

/** The font size covering most of a page's characters (0 on an empty page). */
function bodySize(lines: readonly PageLine[]): number {
  const weight = new Map<number, number>()
  for (const l of lines) weight.set(l.fontSize, (weight.get(l.fontSize) ?? 0) + l.text.length)
  return dominantSize(weight)
}

/** Lines of a number-only column (at least five, counting up down the page). */
function lineNumberColumn(lines: readonly PageLine[]): boolean[] {
  const drop = lines.map(() => false)
  const columns = new Map<number, number[]>()
  lines.forEach((l, i) => {
    if (!/^\s*\d{1,4}\s*$/.test(l.text)) return
    const x = Math.round(l.x / 4)
    columns.set(x, [...(columns.get(x) ?? []), i])
  })
  for (const members of columns.values()) {
    if (members.length < 5) continue
    const byHeight = [...members].sort((a, b) => lines[b]!.y - lines[a]!.y)
    const values = byHeight.map((i) => Number(lines[i]!.text))
    let rising = 0
    for (let k = 1; k < values.length; k++) if (values[k]! > values[k - 1]!) rising++
    if (rising < (values.length - 1) * 0.8) continue
    for (const i of members) drop[i] = true
  }
  return drop
}
