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
 * Embeds chunks one batch per call, as ingestion's background work; cancelling takes effect at
 * the next batch.
 * @remarks As many calls are in flight as the embedder computes at once
 * ({@link Embedder.parallel}: its workers), so every worker has a batch; each further batch is
 * sent when one comes back. A small batch keeps a cancel quick. Chunks found in `done` count as
 * embedded from the start.
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
  const already = chunks.length - todo.length
  options.onProgress?.(already)
  const batches: Chunk[][] = []
  for (let i = 0; i < todo.length; i += size) batches.push(todo.slice(i, i + size))
  let embedded = 0
  await inFlight(batches, embedder.parallel ?? 1, async (part) => {
    throwIfAborted(options.signal, { key: 'cancelledEmbedding' })
    const out = await embedder.embed(
      part.map((c) => c.text),
      options.signal,
      { priority: 'background' }
    )
    if (out.length !== part.length)
      throw new Error(`embedder returned ${out.length} vectors for ${part.length} texts`)
    part.forEach((c, j) => vectors.set(c.id, out[j]!))
    embedded += part.length
    options.onProgress?.(already + embedded)
  })
  return chunks.map((c) => ({ chunkId: c.id, vector: vectors.get(c.id)! }))
}

/**
 * Runs `work` on each item with at most `limit` running at once, starting the next as one ends.
 * The first failure is thrown once the calls already running have settled; nothing new starts
 * after it.
 */
export async function inFlight<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>
): Promise<void> {
  let next = 0
  let failure: { e: unknown } | null = null
  const lane = async (): Promise<void> => {
    while (next < items.length && !failure) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (e) {
        failure ??= { e }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane))
  if (failure) throw (failure as { e: unknown }).e
}
