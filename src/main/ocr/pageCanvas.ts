import { createCanvas, type Canvas } from '@napi-rs/canvas'
import type { Region } from '../../shared/types'
import type { PageCanvas, PageCanvasFactory } from '../pdf/PdfRenderer'

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

/**
 * The canvas of a page drawn with {@link napiCanvas}, encoded as PNG; with `region` (fractions
 * of the page) only that part of it.
 */
export function pngOf(page: PageCanvas, region?: Region): Uint8Array {
  const canvas = page.canvas as Canvas
  if (!region) return new Uint8Array(canvas.toBuffer('image/png'))
  const x = Math.floor(region.x * page.width)
  const y = Math.floor(region.y * page.height)
  const w = Math.max(1, Math.min(page.width - x, Math.ceil(region.width * page.width)))
  const h = Math.max(1, Math.min(page.height - y, Math.ceil(region.height * page.height)))
  const crop = createCanvas(w, h)
  crop.getContext('2d').drawImage(canvas, x, y, w, h, 0, 0, w, h)
  return new Uint8Array(crop.toBuffer('image/png'))
}
