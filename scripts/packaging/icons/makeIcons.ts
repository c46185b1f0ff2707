import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { drawIcon } from './drawIcon'
import { encodeIcns, encodeIco } from './iconContainers'
import { encodePng } from './pngEncode'

/** Pixel sizes written as `png/<n>x<n>.png` for Linux and used inside the .ico and .icns. */
export const PNG_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256]

/** The icon files electron-builder.yml points at, by path relative to the icons folder. */
export function renderIconFiles(): Map<string, Buffer> {
  const pngs = new Map<number, Buffer>(PNG_SIZES.map((size) => [size, encodePng(drawIcon(size))]))
  const files = new Map<string, Buffer>()
  for (const [size, png] of pngs) files.set(`png/${size}x${size}.png`, png)
  files.set('icon.png', pngs.get(512)!)
  files.set('icon.ico', encodeIco(ICO_SIZES.map((size) => ({ size, png: pngs.get(size)! }))))
  files.set('icon.icns', encodeIcns(pngs))
  return files
}

/** Writes the icons into `dir` (default resources/icons). Run: `npx tsx scripts/packaging/icons/makeIcons.ts`. */
export function writeIconFiles(
  dir = resolve(__dirname, '..', '..', '..', 'resources', 'icons')
): void {
  for (const [name, bytes] of renderIconFiles()) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), bytes)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(__filename)) writeIconFiles()
