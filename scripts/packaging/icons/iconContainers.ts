/** One PNG image at its pixel size, to be placed in an icon container. */
export interface SizedPng {
  size: number
  png: Buffer
}

/**
 * A Windows .ico holding PNG images (supported since Windows Vista).
 * @remarks A 256 px image is written with width/height 0, as the format requires.
 */
export function encodeIco(images: readonly SizedPng[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  const entries: Buffer[] = []
  let offset = 6 + 16 * images.length
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16)
    entry[0] = size >= 256 ? 0 : size
    entry[1] = size >= 256 ? 0 : size
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(png.length, 8)
    entry.writeUInt32LE(offset, 12)
    entries.push(entry)
    offset += png.length
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)])
}

/** The PNG-based .icns element types, by pixel size (Retina types reuse the larger image). */
export const ICNS_TYPES: ReadonlyArray<readonly [string, number]> = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['icp6', 64],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024]
]

/** A macOS .icns with one PNG element per type in {@link ICNS_TYPES}. */
export function encodeIcns(pngBySize: ReadonlyMap<number, Buffer>): Buffer {
  const elements = ICNS_TYPES.map(([type, size]) => {
    const png = pngBySize.get(size)
    if (!png) throw new Error(`no ${size} px image for icns element ${type}`)
    const head = Buffer.alloc(8)
    head.write(type, 0, 'ascii')
    head.writeUInt32BE(png.length + 8, 4)
    return Buffer.concat([head, png])
  })
  const head = Buffer.alloc(8)
  head.write('icns', 0, 'ascii')
  head.writeUInt32BE(8 + elements.reduce((n, e) => n + e.length, 0), 4)
  return Buffer.concat([head, ...elements])
}
