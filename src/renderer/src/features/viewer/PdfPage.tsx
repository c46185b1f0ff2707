import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import type { Region } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { Highlight } from '../../store/viewerSlice'
import { findSnippetItems } from './highlightMatch'
import { CSS_PER_PDF_UNIT, type PageSize, type PdfjsDocument } from './pdfjs'

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

/** Where a cited passage lands in the viewer: its top at this fraction of the pane's height. */
const PASSAGE_AT = 0.25

/**
 * Scrolls the viewer so that `el` (a cited passage) starts in the pane's upper third, where the
 * eye goes first, and the page it is on is the one the page box reads (it reads the page at a
 * third of the pane's height).
 */
function bringToUpperThird(el: Element | null | undefined): void {
  const root = el?.closest<HTMLElement>('.viewer-scroll')
  if (!el || !root) return
  const offset = el.getBoundingClientRect().top - root.getBoundingClientRect().top
  root.scrollTop += offset - root.clientHeight * PASSAGE_AT
}

interface Props {
  paperId: string
  doc: PdfjsDocument
  number: number
  scale: number
  size: PageSize
  /** Whether the page is near the viewport (only then is it drawn). */
  near: boolean
  highlight: Highlight | null
  onHighlight: (found: boolean) => void
  /** Find hits on this page (the current one marked), or null. */
  findHits: PageHit[] | null
  /** Bumped when the current find hit should be scrolled into view. */
  findNonce: number
}

/**
 * One page: a placeholder of the right size until it comes near the viewport, then the canvas
 * and the selectable text layer; marks the highlighted snippet's spans, or draws boxes over a
 * cited figure's region or over the OCR'd words of a scanned page (which has no text layer).
 */
export function PdfPage({
  paperId,
  doc,
  number,
  scale,
  size,
  near,
  highlight,
  onHighlight,
  findHits,
  findNonce
}: Props) {
  const fetchOcrWords = useAppStore((s) => s.fetchOcrWords)
  const [ocrHits, setOcrHits] = useState<{ regions: Region[]; nonce: number } | null>(null)
  const boxLayerRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const textRef = useRef<HTMLDivElement>(null)
  // The spans of the drawing at `scale`; a drawing at another scale is stale (its spans are gone).
  const [rendered, setRendered] = useState<{
    spans: HTMLElement[]
    items: string[]
    scale: number
  } | null>(null)
  const [failed, setFailed] = useState(false)
  // The highlight (nonce) and scale it was last scrolled to: a new scale scrolls to it again.
  const scrolledFor = useRef<string | null>(null)
  const findScrolled = useRef<number | null>(null)
  const { t } = useTranslation()

  useEffect(() => {
    const canvas = canvasRef.current
    const text = textRef.current
    if (!near || !canvas || !text) return
    let live = true
    const task = doc.render(number, scale, canvas, text)
    task.done.then(
      // A drawing finished after it was cancelled (the page moved away or the scale changed)
      // must not replace the state: its spans were removed from the text layer.
      (r) => live && setRendered({ ...r, scale }),
      (e: unknown) => {
        if (live && !(e instanceof Error && /cancel/i.test(e.message + e.name))) setFailed(true)
      }
    )
    return () => {
      live = false
      task.cancel()
      setRendered(null)
      // Far-away pages give their bitmap back, so a long paper never holds every page at once.
      canvas.width = 0
      canvas.height = 0
      text.replaceChildren()
    }
  }, [doc, number, scale, near])

  // A figure is highlighted by its region; OCR'd text by the boxes of the words it matches.
  useEffect(() => {
    if (!highlight || highlight.page !== number) return
    if (highlight.region || highlight.kind !== 'ocr') return
    let stale = false
    void fetchOcrWords(paperId, number).then((words) => {
      if (stale) return
      const hits = findSnippetItems(
        words.map((w) => w.text),
        highlight.snippet
      )
      setOcrHits({ regions: hits.map((i) => words[i]!.box), nonce: highlight.nonce })
    })
    return () => {
      stale = true
    }
  }, [highlight, number, paperId, fetchOcrWords])

  const boxes = useMemo(() => {
    if (!highlight || highlight.page !== number) return null
    if (highlight.region) return { regions: [highlight.region], nonce: highlight.nonce }
    if (highlight.kind === 'ocr' && ocrHits?.nonce === highlight.nonce) return ocrHits
    return null
  }, [highlight, number, ocrHits])

  useEffect(() => {
    if (!boxes || !rendered || scrolledFor.current === `${boxes.nonce}@${scale}`) return
    scrolledFor.current = `${boxes.nonce}@${scale}`
    bringToUpperThird(boxLayerRef.current?.firstElementChild)
    onHighlight(boxes.regions.length > 0)
  }, [boxes, rendered, onHighlight, scale])

  useEffect(() => {
    // On a new scale this effect runs before the page is drawn again, with the old drawing's
    // detached spans: scrolling to those does nothing, so wait for the new drawing.
    if (!rendered || rendered.scale !== scale) return
    for (const span of rendered.spans) span.classList.remove('highlight')
    if (!highlight || highlight.page !== number) return
    if (highlight.region || highlight.kind === 'ocr') return
    const hits = findSnippetItems(rendered.items, highlight.snippet)
    const spans = hits.map((i) => rendered.spans[i]).filter((s): s is HTMLElement => !!s)
    for (const span of spans) span.classList.add('highlight')
    if (scrolledFor.current !== `${highlight.nonce}@${scale}`) {
      scrolledFor.current = `${highlight.nonce}@${scale}`
      bringToUpperThird(spans[0])
      onHighlight(spans.length > 0)
    }
  }, [rendered, highlight, number, onHighlight, scale])

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

  const width = Math.floor(size.width * scale)
  const height = Math.floor(size.height * scale)
  return (
    <div
      className="pdf-page"
      data-page-number={number}
      data-rendered={rendered ? 'true' : 'false'}
      style={
        {
          width,
          height,
          '--scale-factor': scale * CSS_PER_PDF_UNIT,
          '--total-scale-factor': scale * CSS_PER_PDF_UNIT,
          '--scale-round-x': '1px',
          '--scale-round-y': '1px'
        } as CSSProperties
      }
    >
      <canvas ref={canvasRef} aria-hidden="true" />
      <div ref={textRef} className="textLayer" />
      <div ref={boxLayerRef} className="box-layer" aria-hidden="true">
        {boxes?.regions.map((r, i) => (
          <div
            key={i}
            className={highlight?.region ? 'region-highlight' : 'ocr-highlight'}
            data-kind={highlight?.kind ?? 'text'}
            style={{
              left: `${r.x * 100}%`,
              top: `${r.y * 100}%`,
              width: `${r.width * 100}%`,
              height: `${r.height * 100}%`
            }}
          />
        ))}
      </div>
      {!rendered && (
        <div className="pdf-page-label">
          {failed ? t('viewer.pageFailed', { page: number }) : number}
        </div>
      )}
    </div>
  )
}
