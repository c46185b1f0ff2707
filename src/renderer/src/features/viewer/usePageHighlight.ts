import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { Region } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'
import type { Highlight } from '../../store/viewerSlice'
import { findSnippetItems } from './highlightMatch'
import type { PageDrawing } from './usePageDrawing'

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

/** Boxes drawn over a page: a cited figure's region, or the OCR'd words a snippet matches. */
export interface HighlightBoxes {
  regions: Region[]
  nonce: number
}

/** What the highlight hooks need to know of one page. */
interface PageHighlightInput {
  paperId: string
  number: number
  scale: number
  highlight: Highlight | null
  rendered: PageDrawing | null
  onHighlight: (found: boolean) => void
  boxLayerRef: RefObject<HTMLDivElement | null>
}

/** The boxes of this page's highlight: a figure's region, or the OCR'd words it matches. */
function useHighlightBoxes(
  paperId: string,
  number: number,
  highlight: Highlight | null
): HighlightBoxes | null {
  const fetchOcrWords = useAppStore((s) => s.fetchOcrWords)
  const [ocrHits, setOcrHits] = useState<HighlightBoxes | null>(null)
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
  return useMemo(() => {
    if (!highlight || highlight.page !== number) return null
    if (highlight.region) return { regions: [highlight.region], nonce: highlight.nonce }
    if (highlight.kind === 'ocr' && ocrHits?.nonce === highlight.nonce) return ocrHits
    return null
  }, [highlight, number, ocrHits])
}

/**
 * The cited passage on one page: marks its text-layer spans (or draws boxes over a figure's
 * region or OCR'd words), lands it in the pane's upper third once per citation and scale, and
 * says whether it was found.
 * @returns the boxes to draw over the page, if the highlight is drawn as boxes.
 */
export function usePageHighlight({
  paperId,
  number,
  scale,
  highlight,
  rendered,
  onHighlight,
  boxLayerRef
}: PageHighlightInput): HighlightBoxes | null {
  const boxes = useHighlightBoxes(paperId, number, highlight)
  // The highlight (nonce) and scale it was last scrolled to: a new scale scrolls to it again.
  const scrolledFor = useRef<string | null>(null)

  useEffect(() => {
    if (!boxes || !rendered || scrolledFor.current === `${boxes.nonce}@${scale}`) return
    scrolledFor.current = `${boxes.nonce}@${scale}`
    bringToUpperThird(boxLayerRef.current?.firstElementChild)
    onHighlight(boxes.regions.length > 0)
  }, [boxes, rendered, onHighlight, scale, boxLayerRef])

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

  return boxes
}
