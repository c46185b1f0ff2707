import type { ErrorText } from '../../errors'
import type { TransformersEmbedderOptions } from './TransformersEmbedder'

/** What the main thread sends to the embedder worker. */
export type WorkerRequest =
  | { type: 'embed'; requestId: number; texts: string[] }
  | { type: 'count'; requestId: number; texts: string[] }
  | { type: 'close'; requestId: number }

/** What the embedder worker answers. */
export type WorkerResponse =
  | { type: 'ready'; id: string; dims: number }
  | { type: 'vectors'; requestId: number; vectors: Float32Array[] }
  | { type: 'counts'; requestId: number; counts: number[] }
  | { type: 'closed'; requestId: number }
  | { type: 'failed'; requestId: number | null; error: WorkerError }

/** An error carried across the thread boundary (Error objects lose their class on the way). */
export interface WorkerError {
  message: string
  /** Set for a UserFacingError, so it is rebuilt with the same code. */
  code: string | null
  /** The message's catalog entry, so it can still be translated on this side. */
  text?: ErrorText
  stack?: string
}

/** The worker's `workerData`: which model to load and how. */
export interface WorkerInit {
  modelDir: string
  options: TransformersEmbedderOptions
}
