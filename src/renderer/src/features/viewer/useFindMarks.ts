import { useEffect, useRef } from 'react'
import type { PageDrawing } from './usePageDrawing'

/** A find hit on one page: the pieces of its text spans it covers, and whether it is current. */
export interface PageHit {
  ranges: { item: number; start: number; end: number }[]
  current: boolean
}

/** Puts a span's own text back (without find marks). */
function unmark(span: HTMLElement): void {
  if (span.dataset.text === undefined) return
  span.textContent = span.dataset.text
  delete span.dataset.text
}

/**
 * Rebuilds a text-layer span with its find hits wrapped in `<mark>`s (pieces sorted by start,
 * not overlapping); returns the current hit's mark, if it is in this span.
 */
function markSpan(
  span: HTMLElement,
  pieces: { start: number; end: number; current: boolean }[]
): HTMLElement | null {
  const text = span.dataset.text ?? span.textContent ?? ''
  span.dataset.text = text
  const children: (string | HTMLElement)[] = []
  let at = 0
  let current: HTMLElement | null = null
  for (const piece of pieces) {
    if (piece.start < at) continue
    children.push(text.slice(at, piece.start))
    const el = document.createElement('mark')
    el.className = piece.current ? 'find-current' : 'find-hit'
    el.textContent = text.slice(piece.start, piece.end)
    children.push(el)
    if (piece.current) current = el
    at = piece.end
  }
  children.push(text.slice(at))
  span.replaceChildren(...children)
  return current
}

/**
 * Marks a drawn page's find hits in its text layer, and scrolls the current one into view when
 * the find steps to it (`findNonce`), not when the page is merely drawn again.
 */
export function useFindMarks(
  rendered: PageDrawing | null,
  findHits: PageHit[] | null,
  findNonce: number
): void {
  const findScrolled = useRef<number | null>(null)
  useEffect(() => {
    if (!rendered) return
    for (const span of rendered.spans) unmark(span)
    let current: HTMLElement | null = null
    const bySpan = new Map<number, { start: number; end: number; current: boolean }[]>()
    for (const hit of findHits ?? []) {
      for (const r of hit.ranges) {
        const list = bySpan.get(r.item) ?? []
        list.push({ start: r.start, end: r.end, current: hit.current })
        bySpan.set(r.item, list)
      }
    }
    for (const [item, pieces] of bySpan) {
      const span = rendered.spans[item]
      if (!span) continue
      const mark = markSpan(
        span,
        pieces.sort((a, b) => a.start - b.start)
      )
      current ??= mark
    }
    // Only a new find step scrolls; the page being drawn again as it nears the view does not.
    if (current && findScrolled.current !== findNonce) {
      findScrolled.current = findNonce
      current.scrollIntoView({ block: 'center' })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rendered, findNonce, findHits?.length])
}
