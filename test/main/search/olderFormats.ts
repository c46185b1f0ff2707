import { crc32 } from 'node:zlib'

/**
 * Re-frames a `.kw` or `.rpv` file as the formats before checksums wrote it: magic, header
 * length, header JSON at byte 8 (no CRC-32 at byte 8), the same sections after it.
 * @remarks The current formats put a checksum between the length and the header; the older
 * ones (`RPK1`, `RPK2`, `RPV1`) are still read, and tests make them from a current file.
 */
export function withOlderFraming(current: Buffer, magic: string): Buffer {
  const headerLen = current.readUInt32LE(4)
  const align = (n: number): number => (n + 3) & ~3
  const head = Buffer.alloc(align(8 + headerLen))
  head.write(magic, 0, 'latin1')
  head.writeUInt32LE(headerLen, 4)
  current.copy(head, 8, 12, 12 + headerLen)
  return Buffer.concat([head, current.subarray(align(12 + headerLen))])
}

/**
 * Re-frames a current `.kw` file (format 4) as format 3 wrote it: the same framing and checksum,
 * a header without the keyword analysis fields (`analysis`, `ptRows`).
 */
export function asKeywordFormat3(current: Buffer): Buffer {
  const headerLen = current.readUInt32LE(4)
  const align = (n: number): number => (n + 3) & ~3
  const header = JSON.parse(current.toString('utf8', 12, 12 + headerLen)) as Record<string, unknown>
  delete header.analysis
  delete header.ptRows
  const json = Buffer.from(JSON.stringify(header), 'utf8')
  const head = Buffer.alloc(align(12 + json.length))
  head.write('RPK3', 0, 'latin1')
  head.writeUInt32LE(json.length, 4)
  json.copy(head, 12)
  const out = Buffer.concat([head, current.subarray(align(12 + headerLen))])
  out.writeUInt32LE(crc32(out.subarray(12)), 8)
  return out
}
