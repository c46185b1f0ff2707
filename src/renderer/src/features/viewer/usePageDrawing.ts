import { useLayoutEffect, useState, type RefObject } from 'react'
import { DrawnPages, type DrawnPage } from './drawnPages'
import type { PdfjsDocument, RenderTask } from './pdfjs'

/** A page's drawing: the text layer's spans and their texts, at the scale it was drawn at. */
export interface PageDrawing {
  spans: HTMLElement[]
  items: string[]
  scale: number
}

/**
 * The most bytes of page bitmaps kept off screen, over every paper kept open: 96 MB, about 45
 * pages of a paper fitted to a 1280-pixel window (11 on a 2× screen).
 */
export const DRAWN_PAGES_BUDGET = 96 * 1024 * 1024

/** Pages drawn and scrolled away or left with their paper, for coming back to them at once. */
export const drawnPages = new DrawnPages(DRAWN_PAGES_BUDGET)

/** A canvas and an empty text layer for a page about to be drawn. */
function blankDrawing(): { canvas: HTMLCanvasElement; layer: HTMLElement } {
  const canvas = document.createElement('canvas')
  canvas.setAttribute('aria-hidden', 'true')
  const layer = document.createElement('div')
  layer.className = 'textLayer'
  return { canvas, layer }
}

/**
 * Shows page `number` in `hostRef` while it is `near` the viewport (once nothing more urgent is
 * `defer`ring it): the drawing kept from before when there is one, otherwise a new one of its
 * canvas and text layer; and puts the drawing away when the page moves away or the scale changes.
 * @returns the drawing at `scale` (null until shown; a drawing at another scale is stale, its
 * spans are gone) and whether drawing failed.
 */
export function usePageDrawing(
  doc: PdfjsDocument,
  number: number,
  scale: number,
  near: boolean,
  /** Wait before starting to draw (another page, the cited one, goes first). */
  defer: boolean,
  hostRef: RefObject<HTMLDivElement | null>
): { rendered: PageDrawing | null; failed: boolean } {
  const [rendered, setRendered] = useState<PageDrawing | null>(null)
  const [failed, setFailed] = useState(false)
  // The bitmap is drawn for the screen's pixel ratio: one kept for another screen is not used.
  const resolution = scale * (window.devicePixelRatio || 1)
  // A drawing under way or done is not undone by a wait; only a new one waits, not a kept one.
  const draw = near && (!defer || rendered !== null || drawnPages.has(doc, number, resolution))
  // A layout effect: a kept drawing is back in the page before the browser paints it empty.
  useLayoutEffect(() => {
    const host = hostRef.current
    if (!draw || !host) return
    let live = true
    const kept = drawnPages.take(doc, number, resolution)
    let drawn: DrawnPage | null = kept
    const { canvas, layer } = kept ?? blankDrawing()
    host.replaceChildren(canvas, layer)
    const task: RenderTask = kept
      ? { done: Promise.resolve(kept), cancel: () => {} }
      : doc.render(number, scale, canvas, layer)
    task.done.then(
      // A drawing finished after it was cancelled (the page moved away or the scale changed)
      // must not replace the state: its spans were removed from the text layer.
      (r) => {
        if (!live) return
        drawn = { canvas, layer, spans: r.spans, items: r.items }
        setRendered({ spans: r.spans, items: r.items, scale })
      },
      (e: unknown) => {
        if (live && !(e instanceof Error && /cancel/i.test(e.message + e.name))) setFailed(true)
      }
    )
    return () => {
      live = false
      task.cancel()
      setRendered(null)
      host.replaceChildren()
      if (drawn) {
        // Put away without the passage it was showing: the next citation marks its own.
        for (const span of drawn.spans) span.classList.remove('highlight')
        drawnPages.keep(doc, number, resolution, drawn)
      } else {
        // An unfinished drawing gives its bitmap back at once.
        canvas.width = 0
        canvas.height = 0
      }
    }
  }, [doc, number, scale, resolution, draw, hostRef])
  return { rendered, failed }
}
