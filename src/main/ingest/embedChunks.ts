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
  /** Vectors computed earlier by the same embedder, by chunk id; used where the text matches. */
  done?: ReadonlyMap<string, { text: string; vector: Float32Array }>
}

/**
 * Embeds chunks one batch per call, in order; cancelling takes effect at the next batch.
 * @remarks One call at a time: the app's embedder computes one batch at a time anyway, and a
 * small batch keeps a cancel quick. Chunks found in `done` count as embedded from the start.
 */
export async function embedChunks(
  embedder: Embedder,
  chunks: readonly Chunk[],
  options: EmbedChunksOptions
): Promise<ChunkVector[]> {
  const size = Math.max(1, options.batch)
  const vectors = new Map<string, Float32Array>()
  for (const c of chunks) {
    const earlier = options.done?.get(c.id)
    if (earlier && earlier.text === c.text) vectors.set(c.id, earlier.vector)
  }
  const todo = chunks.filter((c) => !vectors.has(c.id))
  options.onProgress?.(chunks.length - todo.length)
  for (let i = 0; i < todo.length; i += size) {
    const part = todo.slice(i, i + size)
    throwIfAborted(options.signal, { key: 'cancelledEmbedding' })
    const out = await embedder.embed(
      part.map((c) => c.text),
      options.signal
    )
    if (out.length !== part.length)
      throw new Error(`embedder returned ${out.length} vectors for ${part.length} texts`)
    part.forEach((c, j) => vectors.set(c.id, out[j]!))
    options.onProgress?.(chunks.length - todo.length + i + part.length)
  }
  return chunks.map((c) => ({ chunkId: c.id, vector: vectors.get(c.id)! }))
}
