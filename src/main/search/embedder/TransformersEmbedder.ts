import { basename, dirname, join } from 'node:path'
import { throwIfAborted, UserFacingError } from '../../errors'
import type { Embedder } from '../types'
import { keepOnnxRuntimeOffline } from './onnxRuntimeOffline'
import { MODEL_ONNX_FILE, MODEL_REPO, missingModelFiles, sha256File } from './modelFiles'
import { combineUnitVectors, meanPoolRow, normalize } from './pooling'
import { splitWordpieceWindows } from './wordpieceWindows'

/** How a {@link TransformersEmbedder} runs. */
export interface TransformersEmbedderOptions {
  /**
   * Texts per call (the worker embedder's batches), and windows per model run when ORT has more
   * than one thread (see {@link TransformersEmbedder.embed}).
   */
  batchSize?: number
  /** Positions the model reads, [CLS] and [SEP] included (all-MiniLM-L6-v2 was trained on 256). */
  maxWordpieces?: number
  /** ONNX Runtime intra-op threads; ORT's own default when omitted. */
  threads?: number
  /**
   * Let ORT's idle threads spin waiting for work (ORT's default); off unless set.
   * @remarks Spinning threads burn a core between batches, which on a 2-core laptop is the core
   * PDF extraction and the UI need while a library is ingested.
   */
  spinning?: boolean
}

/** Default options: on 2 cores batches of 4-8 ran fastest (~35 chunks/s vs ~31 for 1 and 16). */
export const DEFAULT_EMBEDDER_OPTIONS = { batchSize: 4, maxWordpieces: 256 } as const

type Transformers = typeof import('@huggingface/transformers')
type Extractor = Awaited<ReturnType<Transformers['pipeline']>> & {
  tokenizer: Awaited<ReturnType<Transformers['AutoTokenizer']['from_pretrained']>>
  model: (
    inputs: Record<string, unknown>
  ) => Promise<{ last_hidden_state: { data: Float32Array; dims: number[] } }>
}

/** The special ids framing every window: [CLS] ... [SEP], then [PAD]. */
interface Frame {
  cls: number
  sep: number
  pad: number
}

interface Window {
  text: number
  ids: number[]
}

/**
 * all-MiniLM-L6-v2 (q8) through transformers.js, from a local folder only: mean pooled,
 * normalized, 384 dims; long texts are embedded in wordpiece windows, never truncated.
 * @remarks The only import of `@huggingface/transformers` in main. It runs on the calling
 * thread: the app uses it inside {@link WorkerEmbedder}'s worker.
 */
export class TransformersEmbedder implements Embedder {
  private constructor(
    readonly id: string,
    readonly dims: number,
    readonly modelDir: string,
    private readonly transformers: Transformers,
    private readonly extractor: Extractor,
    private readonly frame: Frame,
    private readonly options: Required<
      Pick<TransformersEmbedderOptions, 'batchSize' | 'maxWordpieces'>
    > &
      Pick<TransformersEmbedderOptions, 'threads'>
  ) {}

  /** Loads the model in `modelDir`; throws `MODEL_MISSING` with a readable reason if it cannot. */
  static async load(
    modelDir: string,
    options: TransformersEmbedderOptions = {}
  ): Promise<TransformersEmbedder> {
    const missing = missingModelFiles(modelDir)
    if (missing.length > 0) {
      throw new UserFacingError('MODEL_MISSING', {
        key: 'embedderFilesMissing',
        params: { dir: modelDir, files: missing.join(', ') }
      })
    }
    // On the main thread (tests, the bench) this reaches the runtime; in the worker, main did it.
    keepOnnxRuntimeOffline()
    const transformers = await import('@huggingface/transformers')
    const { env, pipeline } = transformers
    // Strictly local: nothing may reach for the network or write a cache.
    env.allowRemoteModels = false
    env.allowLocalModels = true
    env.useFSCache = false
    env.localModelPath = dirname(modelDir)
    let extractor: Extractor
    try {
      extractor = (await pipeline('feature-extraction', basename(modelDir), {
        dtype: 'q8',
        device: 'cpu',
        local_files_only: true,
        session_options: {
          ...(options.threads ? { intraOpNumThreads: options.threads, interOpNumThreads: 1 } : {}),
          extra: { session: { intra_op: { allow_spinning: options.spinning ? '1' : '0' } } }
        }
      })) as unknown as Extractor
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause)
      throw new UserFacingError(
        'MODEL_MISSING',
        { key: 'embedderUnloadable', params: { dir: modelDir, detail: reason } },
        { cause }
      )
    }
    const hash = await sha256File(join(modelDir, MODEL_ONNX_FILE))
    const framing = extractor.tokenizer.encode('')
    if (framing.length !== 2)
      throw new Error(`expected [CLS] [SEP] around a text, got ${framing.join(',')}`)
    const frame = { cls: framing[0]!, sep: framing[1]!, pad: extractor.tokenizer.pad_token_id ?? 0 }
    const probe = await TransformersEmbedder.run(extractor, transformers, frame, [[]])
    const settings = { ...DEFAULT_EMBEDDER_OPTIONS, ...definedOnly(options) }
    return new TransformersEmbedder(
      `${MODEL_REPO}@q8-${hash.slice(0, 12)}`,
      probe[0]!.length,
      modelDir,
      transformers,
      extractor,
      frame,
      settings
    )
  }

  /**
   * One vector per text; a text's windows are embedded and combined.
   * @remarks With one ORT thread each window is its own model run: nothing is padded and the
   * matrices stay small, which on the 2-core bench machine took about a fifth less CPU per chunk
   * than runs of 4 windows (`bench/ingest.ts`, 1 thread). With more threads the windows go in
   * runs of `batchSize`, sorted by length, so the threads share each matrix product.
   */
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const windows: Window[] = []
    texts.forEach((text, i) => {
      for (const ids of splitWordpieceWindows(
        this.wordpieces(text),
        this.options.maxWordpieces - 2
      )) {
        windows.push({ text: i, ids })
      }
    })
    // Similar lengths in one batch waste less on padding.
    const order = windows
      .map((_, i) => i)
      .sort((a, b) => windows[a]!.ids.length - windows[b]!.ids.length)
    const vectors: Float32Array[] = new Array(windows.length)
    const perRun = this.options.threads === 1 ? 1 : this.options.batchSize
    for (let start = 0; start < order.length; start += perRun) {
      throwIfAborted(signal, { key: 'cancelledEmbedding' })
      const batch = order.slice(start, start + perRun)
      const out = await TransformersEmbedder.run(
        this.extractor,
        this.transformers,
        this.frame,
        batch.map((w) => windows[w]!.ids)
      )
      batch.forEach((w, j) => (vectors[w] = out[j]!))
    }
    const perText: Float32Array[][] = texts.map(() => [])
    windows.forEach((w, i) => perText[w.text]!.push(vectors[i]!))
    return perText.map(combineUnitVectors)
  }

  /** Wordpieces per text, special tokens excluded; more than `maxWordpieces - 2` means windows. */
  countWordpieces(texts: string[]): number[] {
    return texts.map((t) => this.wordpieces(t).length)
  }

  async close(): Promise<void> {
    await (this.extractor as { dispose?: () => Promise<void> }).dispose?.()
  }

  private wordpieces(text: string): number[] {
    return this.extractor.tokenizer.encode(text, { add_special_tokens: false })
  }

  /** One model call: [CLS] ids [SEP], padded, mean pooled and normalized per row. */
  private static async run(
    extractor: Extractor,
    transformers: Transformers,
    frame: Frame,
    rows: number[][]
  ): Promise<Float32Array[]> {
    const seq = Math.max(...rows.map((r) => r.length)) + 2
    const ids = new BigInt64Array(rows.length * seq).fill(BigInt(frame.pad))
    const mask = new BigInt64Array(rows.length * seq)
    rows.forEach((row, r) => {
      const full = [frame.cls, ...row, frame.sep]
      full.forEach((id, t) => {
        ids[r * seq + t] = BigInt(id)
        mask[r * seq + t] = 1n
      })
    })
    const dims = [rows.length, seq]
    const { Tensor } = transformers
    const output = await extractor.model({
      input_ids: new Tensor('int64', ids, dims),
      attention_mask: new Tensor('int64', mask, dims),
      token_type_ids: new Tensor('int64', new BigInt64Array(rows.length * seq), dims)
    })
    const hidden = output.last_hidden_state
    const width = hidden.dims[2]!
    return rows.map((_, r) => normalize(meanPoolRow(hidden.data, r, seq, width, mask)))
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}
