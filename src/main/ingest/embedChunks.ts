import type { Chunk } from '../domain'
import { throwIfAborted } from '../errors'
import type { Embedder } from '../search/types'

/** One chunk's vector, as the vector store takes it. */
export interface ChunkVector {
  chunkId: string
  vector: Float32Array
}

/** How {@link embedChunks} runs. */
export interface EmbedChunksOptions {
  /** Texts per embedder call. */
  batch: number
  signal?: AbortSignal
  /** Called with the number of chunks embedded so far (0 first). */
  onProgress?: (done: number) => void
}

/**
 * Embeds chunks one batch per call, in order; cancelling takes effect at the next batch.
 * @remarks One call at a time: the app's embedder computes one batch at a time anyway, and a
 * small batch keeps a cancel quick.
 */
export async function embedChunks(
  embedder: Embedder,
  chunks: readonly Chunk[],
  options: EmbedChunksOptions
): Promise<ChunkVector[]> {
  const size = Math.max(1, options.batch)
  const items: ChunkVector[] = []
  options.onProgress?.(0)
  for (let i = 0; i < chunks.length; i += size) {
    const part = chunks.slice(i, i + size)
    throwIfAborted(options.signal, `Embedding ${part[0]!.paperId}`)
    const out = await embedder.embed(
      part.map((c) => c.text),
      options.signal
    )
    if (out.length !== part.length)
      throw new Error(`embedder returned ${out.length} vectors for ${part.length} texts`)
    part.forEach((c, j) => items.push({ chunkId: c.id, vector: out[j]! }))
    options.onProgress?.(items.length)
  }
  return items
}
