/**
 * Splits a text's wordpiece ids into windows of at most `maxPieces` each, of even size.
 * @remarks The model reads at most 256 positions ([CLS] and [SEP] included); anything past that
 * would be cut off without a word. Even windows (300 pieces -> 150 + 150, not 254 + 46) keep
 * each window's share of the combined vector fair. An empty text is one empty window.
 */
export function splitWordpieceWindows(ids: readonly number[], maxPieces: number): number[][] {
  if (maxPieces < 1) throw new Error(`maxPieces must be positive, got ${maxPieces}`)
  const count = Math.max(1, Math.ceil(ids.length / maxPieces))
  const windows: number[][] = []
  for (let i = 0; i < count; i++) {
    windows.push(
      ids.slice(Math.floor((i * ids.length) / count), Math.floor(((i + 1) * ids.length) / count))
    )
  }
  return windows
}
