import { useEffect, useState, type RefObject } from 'react'
import type { PdfjsDocument } from './pdfjs'

/** A page's drawing: the text layer's spans and their texts, at the scale it was drawn at. */
export interface PageDrawing {
  spans: HTMLElement[]
  items: string[]
  scale: number
}

/**
 * Draws page `number` into the canvas and the text layer while it is `near` the viewport (once
 * nothing more urgent is `defer`ring it), and gives the drawing back (its bitmap and spans) when it moves away or the scale changes.
 * @returns the drawing at `scale` (null until drawn; a drawing at another scale is stale, its
 * spans are gone) and whether drawing failed.
 */
export function usePageDrawing(
  doc: PdfjsDocument,
  number: number,
  scale: number,
  near: boolean,
  /** Wait before starting to draw (another page, the cited one, goes first). */
  defer: boolean,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  textRef: RefObject<HTMLDivElement | null>
): { rendered: PageDrawing | null; failed: boolean } {
  const [rendered, setRendered] = useState<PageDrawing | null>(null)
  const [failed, setFailed] = useState(false)
  // A drawing under way or done is not undone by a wait; only a new one waits.
  const draw = near && (!defer || rendered !== null)
  useEffect(() => {
    const canvas = canvasRef.current
    const text = textRef.current
    if (!draw || !canvas || !text) return
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
  }, [doc, number, scale, draw, canvasRef, textRef])
  return { rendered, failed }
}
