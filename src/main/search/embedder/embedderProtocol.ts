import type { TransformersEmbedderOptions } from './TransformersEmbedder'

/** The embedder worker's methods (see WorkerClient). */
export type EmbedderApi = {
  embed: { input: { texts: string[] }; output: Float32Array[] }
  count: { input: { texts: string[] }; output: number[] }
  close: { input: null; output: null }
}

/** What the worker reports once its model is loaded. */
export interface EmbedderInfo {
  id: string
  dims: number
}

/** The worker's `workerData`: which model to load and how. */
export interface WorkerInit {
  modelDir: string
  options: TransformersEmbedderOptions
}
