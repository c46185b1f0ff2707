import { createHash } from 'node:crypto'
import type { Settings } from '../../shared/types'

/** Texts embedded per call; small batches measured fastest for MiniLM on CPU. */
export const DEFAULT_EMBED_BATCH = 4

/**
 * Names the chunker and its parameters, recorded per paper like the embedder id: a paper cut by
 * other parameters is re-chunked when the library opens.
 */
export function chunkerIdOf(settings: Pick<Settings, 'chunkTokens' | 'chunkOverlap'>): string {
  return `cl100k-window:${settings.chunkTokens}/${settings.chunkOverlap}`
}

/** The sha256 of a PDF, hex. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}
