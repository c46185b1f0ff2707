import { open } from 'node:fs/promises'
import { join } from 'node:path'
import { Int8Codec } from './int8Codec'

/** One paper's vectors, flattened for a cheap transfer to a worker. */
export interface PaperVectorsInput {
  /** The folder the index is built in (private to this write). */
  dir: string
  file: string
  paperId: string
  embedderId: string
  dims: number
  chunkIds: string[]
  /** `chunkIds.length * dims` floats, row after row. */
  vectors: Float32Array
}

type Vectra = typeof import('vectra')
let vectra: Promise<Vectra> | null = null

/** Imports vectra once; {@link writeVectraFile} waits for it, a warm-up can start it early. */
export function loadVectra(): Promise<Vectra> {
  vectra ??= import('vectra')
  return vectra
}

/**
 * Builds one paper's Vectra `LocalIndex` (int8 codec) in `dir` and fsyncs its file.
 * @remarks The only import of vectra. Importing it costs ~0.7 s of blocking module evaluation
 * (it loads an NLP model for its BM25 mode), so the app calls this inside a worker thread
 * ({@link WorkerVectraWriter}) and the main thread never pays for it.
 */
export async function writeVectraFile(input: PaperVectorsInput): Promise<void> {
  const { LocalIndex, LocalFileStorage } = await loadVectra()
  const codec = new Int8Codec(input.paperId, input.embedderId, input.dims)
  const index = new LocalIndex(input.dir, input.file, new LocalFileStorage(), codec)
  await index.createIndex({ version: 1, deleteIfExists: true })
  await index.batchInsertItems(
    input.chunkIds.map((id, i) => ({
      id,
      vector: Array.from(input.vectors.subarray(i * input.dims, (i + 1) * input.dims)),
      metadata: {}
    }))
  )
  const fh = await open(join(input.dir, input.file), 'r+')
  try {
    await fh.sync()
  } finally {
    await fh.close()
  }
}
