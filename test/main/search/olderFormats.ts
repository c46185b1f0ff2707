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
