import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { IngestTuning, thisMachine } from '../src/main/ingest/bulk/IngestTuning'
import { embedderTrial } from '../src/main/ingest/bulk/tuningTrial'
import type { PdfReader } from '../src/main/ingest/PdfReader'
import { embedderWorkerScript } from '../src/main/search/embedder/embedderWorkerScript'
import type { ReaderKind } from './benchReader'
import { endToEndInChild, type EmbedSettings } from './endToEndChild'
import type { EndToEnd } from './ingestBench'

/** One end-to-end run at one setting, summarised. */
export interface ThreadRun {
  threads: number | 'ORT default'
  batchSize: number
  seconds: number
  chunksPerSecond: number
  longestStallMs: number
  indexed: number
  chunks: number
}

/** What {@link ingestThreads} reports. */
export interface IngestThreadsReport {
  papers: number
  runs: { one: ThreadRun; two: ThreadRun; auto: ThreadRun }
  auto: {
    threads: number
    batchSize: number
    measureSeconds: number
    trials: {
      threads: number
      batchSize: number
      chunksPerSecond: number
      longestStallMs: number
    }[]
    reason: string
  }
  note: string
}

/**
 * End-to-end chunks/s for 1 and 2 ONNX Runtime threads and for the configuration the app
 * chooses itself ("auto": IngestTuning.measure with the real trial runner, as the app measures
 * it before its first folder import), each in a fresh process through the real LibraryService.
 */
export async function ingestThreads(options: {
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
}): Promise<IngestThreadsReport> {
  const { script, root, modelDir, workerDir, readerKind, pdfs } = options
  const run = (name: string, embed: EmbedSettings): ThreadRun => {
    options.log(
      `end to end, ${embed.threads ?? 'default'} thread(s), batch ${embed.batchSize}: ${pdfs.length} paper(s)`
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
      threads: embed.threads ?? 'ORT default',
      batchSize: embed.batchSize,
      seconds: r.seconds,
      chunksPerSecond: r.chunksPerSecond,
      longestStallMs: r.stall.longestMs,
      indexed: r.indexed,
      chunks: r.chunks
    }
  }
  const one = run('1', { threads: 1, batchSize: 4 })
  const two = run('2', { threads: 2, batchSize: 4 })
  options.log('measuring ingestion settings as the app does (IngestTuning)')
  const tuning = new IngestTuning({ file: join(root, 'ingest-tuning.json'), log: options.log })
  await tuning.load()
  const sample = new Uint8Array(await readFile(pdfs[0]!))
  const step = Math.max(1, Math.floor(options.texts.length / (options.quick ? 16 : 32)))
  const texts = options.texts.filter((_, i) => i % step === 0).slice(0, options.quick ? 16 : 32)
  const m0 = performance.now()
  const chosen = await tuning.measure(
    'bench',
    embedderTrial({
      modelDir,
      script: workerDir ? embedderWorkerScript(workerDir) : undefined,
      texts,
      load: () => options.reader.read(sample.slice())
    }),
    options.quick ? 1 : 2
  )
  const measureSeconds = Math.round((performance.now() - m0) / 10) / 100
  const auto = run('auto', { threads: chosen.threads, batchSize: chosen.batchSize })
  return {
    papers: pdfs.length,
    runs: { one, two, auto },
    auto: { ...chosen, measureSeconds },
    note: `${thisMachine().cpus} core(s) (${thisMachine().cpuModel}) shared with other work: absolute figures are inflated by the load; compare the three runs of the same bench run with each other.`
  }
}
