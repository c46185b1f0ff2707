/**
 * Draws the ResearchPal app icon: a white "R" monogram with an amber citation dot on an indigo
 * rounded square.
 * @remarks Shapes are described in a 1024-unit square and rasterised with 4x4 supersampling at
 * each size, so small icons stay crisp instead of being shrunk from the large one.
 */

/** An RGBA image, 8 bits per channel, rows top to bottom. */
export interface RgbaImage {
  size: number
  data: Uint8Array
}

type Rgb = readonly [number, number, number]

const TOP: Rgb = [79, 70, 229]
const BOTTOM: Rgb = [49, 46, 129]
const WHITE: Rgb = [255, 255, 255]
const AMBER: Rgb = [245, 158, 11]

/** The macOS icon grid leaves a margin; Windows and Linux use the same artwork. */
const TILE = { x: 100, y: 100, size: 824, radius: 185 }
const STROKE = 84
const R = { left: 340, top: 290, bowlX: 520, bowlBottom: 560, bottom: 740 }
const DOT = { x: 728, y: 300, r: 50 }

function inTile(x: number, y: number): boolean {
  const { x: tx, y: ty, size, radius } = TILE
  const cx = Math.min(Math.max(x, tx + radius), tx + size - radius)
  const cy = Math.min(Math.max(y, ty + radius), ty + size - radius)
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2
}

function inLetter(x: number, y: number): boolean {
  const { left, top, bowlX, bowlBottom, bottom } = R
  if (x >= left && x <= left + STROKE && y >= top && y <= bottom) return true
  const outer = (bowlBottom - top) / 2
  const cy = top + outer
  if (
    x >= left &&
    x <= bowlX &&
    ((y >= top && y <= top + STROKE) || (y >= bowlBottom - STROKE && y <= bowlBottom))
  ) {
    return true
  }
  if (x >= bowlX) {
    const d = Math.hypot(x - bowlX, y - cy)
    if (d <= outer && d >= outer - STROKE) return true
  }
  return inLeg(x, y, bottom)
}

/** The diagonal leg: a thick segment from the bowl to the baseline, cut flat at the baseline. */
function inLeg(x: number, y: number, bottom: number): boolean {
  const [ax, ay, bx, by] = [530, 500, 690, bottom]
  if (y > bottom || y < R.bowlBottom - STROKE) return false
  const t = Math.max(
    0,
    Math.min(1, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2))
  )
  return Math.hypot(x - (ax + t * (bx - ax)), y - (ay + t * (by - ay))) <= STROKE / 2
}

function inDot(x: number, y: number): boolean {
  return Math.hypot(x - DOT.x, y - DOT.y) <= DOT.r
}

/** The colour at one point of the 1024-unit square, or null outside the tile. */
function colourAt(x: number, y: number): Rgb | null {
  if (!inTile(x, y)) return null
  if (inDot(x, y)) return AMBER
  if (inLetter(x, y)) return WHITE
  const t = (y - TILE.y) / TILE.size
  return [0, 1, 2].map((i) => TOP[i]! + (BOTTOM[i]! - TOP[i]!) * t) as unknown as Rgb
}

/** Renders the icon at `size` x `size` pixels. */
export function drawIcon(size: number): RgbaImage {
  const samples = 4
  const data = new Uint8Array(size * size * 4)
  const scale = 1024 / size
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0
      let g = 0
      let b = 0
      let covered = 0
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt(
            (px + (sx + 0.5) / samples) * scale,
            (py + (sy + 0.5) / samples) * scale
          )
          if (!c) continue
          r += c[0]
          g += c[1]
          b += c[2]
          covered++
        }
      }
      const o = (py * size + px) * 4
      if (covered === 0) continue
      data[o] = Math.round(r / covered)
      data[o + 1] = Math.round(g / covered)
      data[o + 2] = Math.round(b / covered)
      data[o + 3] = Math.round((covered / samples ** 2) * 255)
    }
  }
  return { size, data }
}
