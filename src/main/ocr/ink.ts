import type { PageCanvas } from '../pdf/PdfRenderer'

/**
 * Pages are checked for ink drawn at a quarter of their OCR size (36 dpi): a page of print
 * shows thousands of dark pixels there, a blank verso none, and drawing it costs a few ms.
 */
export const INK_SCALE = 0.5

/** A pixel this much darker than white (0-255 luma) is ink; antialiased print at 36 dpi is. */
const DARK = 96
/** Scanner shadows and punch holes sit in the outer band of a page: it is not looked at. */
const MARGIN = 0.05
/** Fewer dark pixels than this share of the page is a blank page (a speck, a stray mark). */
const MIN_INK = 0.0008

/** The pixels of a 2D canvas context (what @napi-rs/canvas implements). */
interface PixelContext {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray }
}

/** The share of a page's inner area (margins left out) that is dark, from its RGBA pixels. */
export function inkShare(rgba: Uint8ClampedArray, width: number, height: number): number {
  const x0 = Math.floor(width * MARGIN)
  const x1 = Math.ceil(width * (1 - MARGIN))
  const y0 = Math.floor(height * MARGIN)
  const y1 = Math.ceil(height * (1 - MARGIN))
  let dark = 0
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 4
      const luma = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!
      if (luma < 255 - DARK) dark++
    }
  }
  const area = Math.max(1, (x1 - x0) * (y1 - y0))
  return dark / area
}

/** True when a page drawn on white shows ink: something OCR could read. */
export function hasInk(image: PageCanvas): boolean {
  const { data } = (image.context as unknown as PixelContext).getImageData(
    0,
    0,
    image.width,
    image.height
  )
  return inkShare(data, image.width, image.height) >= MIN_INK
}
