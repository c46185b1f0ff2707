import { execFileSync } from 'node:child_process'
import { benchReader, type ReaderKind } from './benchReader'
import { benchWorkers } from './benchWorkers'
import { endToEnd, type EndToEnd } from './ingestBench'

const WARM_UP_TEXT =
  'We evaluate the retrieval model on held-out questions and report recall at five, ' +
  'comparing dense and sparse retrieval over the same passages. '

/**
 * Embedder workers (1 when omitted), ONNX Runtime threads per worker (null: ORT's default) and
 * texts per embedding call for one run.
 */
export interface EmbedSettings {
  workers?: number
  threads: number | null
  batchSize: number
}

/**
 * Child-process side of the end-to-end ingest:
 * `<root> <modelDir> <workerDir|-> <reader> <workers> <threads|-> <batch> <pdf...>`.
 * @remarks A fresh process, as when a user adds papers after starting the app: pdf.js, the
 * tokenizer and vectra are loaded on first use and their cost shows in the stall figures. The
 * embedding model is loaded and run once before the clock starts, as for the raw figure.
 */
export async function endToEndChild(args: string[]): Promise<void> {
  const [root, modelDir, workers, kind, pool, threads, batch, ...pdfs] = args
  const workerDir = workers === '-' ? null : workers!
  const batchSize = Number(batch)
  const provider = benchWorkers.embedderProvider(`${root}-provider`, modelDir!, workerDir, {
    workers: Number(pool),
    ...(threads !== '-' && { threads: Number(threads) }),
    batchSize
  })
  const embedder = await provider.current()
  if (!embedder) throw new Error(provider.status().message)
  // One untimed batch of chunk-sized texts, as the raw figure gets before its clock starts:
  // the ratio compares the pipeline with raw embedding, both from a warm embedder.
  await embedder.embed(Array.from({ length: 4 }, (_, i) => WARM_UP_TEXT.repeat(6 + i)))
  const { reader, close } = benchReader(kind as ReaderKind, workerDir)
  try {
    const { result, lib } = await endToEnd(root!, pdfs, {
      reader,
      embedder: provider,
      workerDir,
      embedBatchSize: batchSize
    })
    await lib.close()
    console.log(JSON.stringify(result))
  } finally {
    await close()
    await provider.close()
  }
}

/** Runs {@link endToEndChild} in a fresh Node process and parses its JSON. */
export function endToEndInChild(
  script: string,
  root: string,
  modelDir: string,
  workerDir: string | null,
  reader: ReaderKind,
  pdfs: readonly string[],
  embed: EmbedSettings = { threads: null, batchSize: 4 }
): EndToEnd {
  const out = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      script,
      '--child-e2e',
      root,
      modelDir,
      workerDir ?? '-',
      reader,
      String(embed.workers ?? 1),
      embed.threads === null ? '-' : String(embed.threads),
      String(embed.batchSize),
      ...pdfs
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 2 ** 20 }
  )
  return JSON.parse(out.trim().split('\n').pop()!) as EndToEnd
}
