import { join } from 'node:path'
import { IngestTuning, thisMachine } from '../src/main/imports/IngestTuning'
import { measureIngestion } from '../src/main/imports/measureIngestion'
import type { PdfReader } from '../src/main/pdf/PdfReader'
import { embedderWorkerScript } from '../src/main/search/embedder/embedderWorkerScript'
import { openBenchLibrary } from './benchLibrary'
import type { ReaderKind } from './benchReader'
import { benchWorkers } from './benchWorkers'
import { endToEndInChild, type EmbedSettings } from './endToEndChild'
import type { EndToEnd } from './ingestBench'

/** One end-to-end run at one setting, summarised. */
export interface ThreadRun {
  workers: number
  threads: number | 'ORT default'
  batchSize: number
  seconds: number
  chunksPerSecond: number
  longestStallMs: number
  /** The most embedding calls running at once (one per worker kept busy). */
  batchesInFlight: number
  indexed: number
  chunks: number
}

/** What {@link ingestThreads} reports. */
export interface IngestThreadsReport {
  papers: number
  /** 1 worker × 1 thread, 1 worker × 2 threads, 2 workers × 1 thread, and the app's choice. */
  runs: { one: ThreadRun; two: ThreadRun; twoWorkers: ThreadRun; auto: ThreadRun }
  auto: {
    workers: number
    threads: number
    batchSize: number
    measureSeconds: number
    trials: {
      workers: number
      threads: number
      batchSize: number
      chunksPerSecond: number
      longestStallMs: number
    }[]
    /** What each trial ingested end to end. */
    sample: { papers: number; chunks: number }
  }
  note: string
}

/** What the thread runs need (the bench entry's script, its model and workers, the corpus). */
export interface IngestThreadsOptions {
  script: string
  root: string
  modelDir: string
  workerDir: string | null
  readerKind: ReaderKind
  reader: PdfReader
  pdfs: readonly string[]
  texts: readonly string[]
  quick: boolean
  log: (m: string) => void
}

/**
 * End-to-end chunks/s for 1 and 2 ONNX Runtime threads (one embedder worker), for two workers
 * of one thread each, and for the configuration the app chooses itself ("auto":
 * measureIngestion, the app's own end-to-end trials on the first PDFs, then that configuration),
 * each in a fresh process through the real LibraryService.
 */
export async function ingestThreads(options: IngestThreadsOptions): Promise<IngestThreadsReport> {
  const { script, root, modelDir, workerDir, readerKind, pdfs } = options
  const run = (name: string, embed: EmbedSettings): ThreadRun => {
    options.log(
      `end to end, ${embed.workers ?? 1} worker(s) × ${embed.threads ?? 'default'} thread(s), batch ${embed.batchSize}: ${pdfs.length} paper(s)`
    )
    const r: EndToEnd = endToEndInChild(
      script,
      join(root, `threads-${name}`),
      modelDir,
      workerDir,
      readerKind,
      pdfs,
      embed
    )
    return {
      workers: embed.workers ?? 1,
      threads: embed.threads ?? 'ORT default',
      batchSize: embed.batchSize,
      seconds: r.seconds,
      chunksPerSecond: r.chunksPerSecond,
      longestStallMs: r.stall.longestMs,
      batchesInFlight: r.batchesInFlight,
      indexed: r.indexed,
      chunks: r.chunks
    }
  }
  const one = run('1', { workers: 1, threads: 1, batchSize: 4 })
  const two = run('2', { workers: 1, threads: 2, batchSize: 4 })
  const twoWorkers = run('2x1', { workers: 2, threads: 1, batchSize: 4 })
  options.log('measuring ingestion settings as the app does (measureIngestion, end to end)')
  const tuning = new IngestTuning({ file: join(root, 'ingest-tuning.json'), log: options.log })
  await tuning.load()
  const provider = benchWorkers.embedderProvider(join(root, 'provider'), modelDir, workerDir)
  const m0 = performance.now()
  try {
    await measureIngestion(
      {
        tuning,
        embedder: provider,
        reader: options.reader,
        script: workerDir ? embedderWorkerScript(workerDir) : undefined,
        rounds: options.quick ? 1 : 2,
        openLibrary: async (dir, embedder, batchSize) => {
          const lib = await openBenchLibrary(dir, {
            reader: options.reader,
            embedder,
            workerDir,
            embedBatchSize: batchSize
          })
          return {
            addPaths: (files) => lib.library.addPaths(files),
            whenIdle: () => lib.library.whenIdle(),
            list: () => lib.library.list(),
            close: () => lib.close()
          }
        }
      },
      pdfs
    )
  } finally {
    await provider.close()
  }
  const measureSeconds = Math.round((performance.now() - m0) / 10) / 100
  const chosen = tuning.current()!
  const auto = run('auto', {
    workers: chosen.workers,
    threads: chosen.threads,
    batchSize: chosen.batchSize
  })
  return {
    papers: pdfs.length,
    runs: { one, two, twoWorkers, auto },
    auto: {
      workers: chosen.workers,
      threads: chosen.threads,
      batchSize: chosen.batchSize,
      measureSeconds,
      trials: chosen.trials.map(
        ({ workers, threads, batchSize, chunksPerSecond, longestStallMs }) => ({
          workers,
          threads,
          batchSize,
          chunksPerSecond,
          longestStallMs
        })
      ),
      sample: { papers: chosen.sample.papers, chunks: chosen.sample.chunks }
    },
    note: `${thisMachine().cpus} core(s) (${thisMachine().cpuModel}) shared with other work: absolute figures are inflated by the load; compare the runs of the same bench run with each other.`
  }
}
