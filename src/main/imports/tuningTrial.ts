import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UserFacingError } from '../errors'
import type { Embedder, EmbedderProvider } from '../search/types'
import type { IngestConfig, TrialRunner, TrialSample } from './IngestTuning'

/** The part of a library a trial uses: a fresh, empty one in a scratch folder. */
export interface ScratchLibrary {
  addPaths(paths: string[]): Promise<unknown>
  whenIdle(): Promise<void>
  list(): readonly { status: string; chunks: number }[]
  close(): Promise<void>
}

/** What an end-to-end trial ingests and with what. */
export interface IngestionTrialInput {
  /** The sample: a few real PDFs (the first ones of the import). */
  pdfs: readonly string[]
  /** Starts the embedder a configuration describes (the app's worker embedder), model loaded. */
  startEmbedder(config: IngestConfig): Promise<Embedder>
  /**
   * Opens an empty library in `dataDir` that ingests with this embedder and batch size, built
   * as the app builds its own (same reader, stores and settings), announcing to nobody.
   */
  openLibrary(
    dataDir: string,
    embedder: EmbedderProvider,
    batchSize: number
  ): Promise<ScratchLibrary>
  /** Where the scratch libraries are made (a fresh folder per trial, removed after it). */
  scratchDir?: string
}

/**
 * A {@link TrialRunner} that ingests the sample PDFs end to end through the real pipeline with
 * one configuration: its embedder is started, a scratch library is opened, the PDFs are added
 * and the clock runs until the library is idle (extraction, chunking, embedding, every file and
 * index written), while a 5 ms probe watches the main thread's event loop.
 * @remarks The embedder's model is loaded and run once before the clock starts (the app's
 * embedder is loaded before a folder import too). The scratch library is removed afterwards.
 * A sample that indexes no chunk (no text) is `NO_TEXT`.
 */
export function ingestionTrial(input: IngestionTrialInput): TrialRunner {
  let sample: TrialSample = { papers: input.pdfs.length, chunks: 0 }
  const run = async (config: IngestConfig) => {
    const embedder = await input.startEmbedder(config)
    const dir = await mkdtemp(join(input.scratchDir ?? tmpdir(), 'researchpal-ingest-trial-'))
    let library: ScratchLibrary | null = null
    try {
      await embedder.embed(
        Array.from({ length: config.batchSize }, (_, i) => WARM_UP.repeat(4 + i)),
        undefined,
        { priority: 'background' }
      )
      library = await input.openLibrary(dir, providerOf(embedder), config.batchSize)
      const probe = stallProbe()
      const t0 = performance.now()
      await library.addPaths([...input.pdfs])
      await library.whenIdle()
      const seconds = (performance.now() - t0) / 1000
      const longestStallMs = probe.stop()
      const indexed = library.list().filter((p) => p.status === 'indexed')
      const chunks = indexed.reduce((n, p) => n + p.chunks, 0)
      if (chunks === 0) throw new UserFacingError('NO_TEXT', { key: 'noTextToMeasure' })
      sample = { papers: indexed.length, chunks }
      return {
        chunksPerSecond: Math.round((chunks / seconds) * 100) / 100,
        longestStallMs: Math.round(longestStallMs * 10) / 10
      }
    } finally {
      await library?.close().catch(() => undefined)
      await embedder.close().catch(() => undefined)
      await rm(dir, { recursive: true, force: true })
    }
  }
  return Object.assign(run, { sample: () => sample })
}

const WARM_UP =
  'We evaluate the retrieval model on held-out questions and report recall at five, ' +
  'comparing dense and sparse retrieval over the same passages. '

/** A provider that always hands out this one embedder (the trial's own). */
function providerOf(embedder: Embedder): EmbedderProvider {
  return {
    status: () => ({
      state: 'ready',
      id: embedder.id,
      modelDir: null,
      message: 'Embedding model ready (ingestion trial).'
    }),
    current: async () => embedder,
    close: async () => undefined
  }
}

/** The longest gap between ticks of a 5 ms timer, minus the 5 ms, until stopped. */
export function stallProbe(): { stop(): number } {
  let last = performance.now()
  let longest = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longest = Math.max(longest, now - last - 5)
    last = now
  }, 5)
  return {
    stop() {
      clearInterval(timer)
      return Math.max(0, longest)
    }
  }
}
