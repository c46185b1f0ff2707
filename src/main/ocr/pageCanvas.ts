import { createCanvas, type Canvas } from '@napi-rs/canvas'
import type { PageCanvas, PageCanvasFactory } from '../ingest/PdfjsReader'

/**
 * Canvases for drawing PDF pages in Node, on @napi-rs/canvas (prebuilt binaries in its npm
 * packages; pdf.js uses the same package for its own scratch canvases).
 * @remarks The only @napi-rs/canvas import.
 */
export const napiCanvas: PageCanvasFactory = {
  create(width: number, height: number): PageCanvas {
    const canvas = createCanvas(width, height)
    return { width, height, canvas, context: canvas.getContext('2d') }
  }
}

/** The canvas of a page drawn with {@link napiCanvas}, encoded as PNG. */
export function pngOf(page: PageCanvas): Uint8Array {
  const canvas = page.canvas as Canvas
  return new Uint8Array(canvas.toBuffer('image/png'))
}
