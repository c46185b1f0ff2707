import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chunkPages } from '../../src/main/ingest/chunker'
import { extractPaper } from '../../src/main/ingest/extractPaper'
import { PdfjsReader } from '../../src/main/ingest/PdfjsReader'
import { TransformersEmbedder } from '../../src/main/search/embedder/TransformersEmbedder'
import { WorkerEmbedder } from '../../src/main/search/embedder/WorkerEmbedder'
import type { Embedder } from '../../src/main/search/types'
import { DEFAULT_SETTINGS } from '../../src/shared/types'
import { MINILM_COST, testVocab, writeTestModel } from './miniLmModel'

/**
 * Embedder figures, printed as JSON (a measurement, not a test):
 * - `throughput`: chunks/s for 256-position chunks through the MiniLM-L6-cost generated model
 *   (random weights, q8, 6 layers of 384 with a 1536 feed-forward), in-thread and in the worker,
 *   for batch sizes 1/4/8/16;
 * - `truncation`: how many chunks of the three default papers exceed the model's 256 positions,
 *   counted with the WordPiece tokenizer of `--model-dir` (the real model when given).
 *
 * Run: `npx tsx test/fakes/onnxEmbedderFigures.ts throughput [--threads N] [--rounds R] [--chunks C]`
 *      `npx tsx test/fakes/onnxEmbedderFigures.ts truncation [--model-dir DIR]`
 */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      threads: { type: 'string' },
      rounds: { type: 'string' },
      'model-dir': { type: 'string' },
      chunks: { type: 'string' }
    }
  })
  const machine = {
    cpus: cpus().length,
    loadavg: loadavg().map((l) => +l.toFixed(2)),
    node: process.version
  }
  const root = await mkdtemp(join(tmpdir(), 'rp-figures-'))
  try {
    const figures =
      positionals[0] === 'truncation'
        ? await truncation(values['model-dir'] ?? (await writeTestModel(root)))
        : await throughput(
            root,
            values.threads ? Number(values.threads) : undefined,
            Number(values.chunks ?? 32),
            Number(values.rounds ?? 5)
          )
    console.log(JSON.stringify({ machine, ...figures }, null, 2))
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

async function throughput(
  root: string,
  threads: number | undefined,
  count: number,
  rounds: number
): Promise<object> {
  const modelDir = await writeTestModel(root, MINILM_COST)
  // 254 in-vocabulary words = 254 wordpieces: with [CLS] and [SEP], exactly the 256 positions.
  const words = Object.keys(testVocab()).filter((w) => /^[a-z]{2,}$/.test(w))
  const texts = Array.from({ length: count }, (_, i) =>
    Array.from({ length: 254 }, (_, j) => words[(i * 31 + j * 7) % words.length]).join(' ')
  )
  // Configurations take turns, round after round, so a burst of load from elsewhere on the
  // machine hits all of them alike; best and median of the rounds are reported.
  const configs: {
    where: 'in-thread' | 'worker'
    batchSize: number
    embedder: Embedder
    rates: number[]
  }[] = []
  for (const batchSize of [1, 4, 8, 16]) {
    for (const where of ['in-thread', 'worker'] as const) {
      const options = { batchSize, threads }
      const embedder: Embedder =
        where === 'worker'
          ? await WorkerEmbedder.start({ modelDir, options })
          : await TransformersEmbedder.load(modelDir, options)
      await embedder.embed(texts.slice(0, batchSize))
      configs.push({ where, batchSize, embedder, rates: [] })
    }
  }
  for (let round = 0; round < rounds; round++) {
    for (const c of configs) {
      const t0 = performance.now()
      await c.embedder.embed(texts)
      c.rates.push(count / ((performance.now() - t0) / 1000))
    }
  }
  const rows = configs.map((c) => {
    const sorted = [...c.rates].sort((a, b) => a - b)
    return {
      where: c.where,
      batchSize: c.batchSize,
      chunksPerRound: count,
      rounds,
      bestChunksPerSecond: +sorted[sorted.length - 1]!.toFixed(1),
      medianChunksPerSecond: +sorted[Math.floor(sorted.length / 2)]!.toFixed(1)
    }
  })
  for (const c of configs) await c.embedder.close()
  const query = await TransformersEmbedder.load(modelDir, { threads })
  const q = 'how does multi head attention work in the transformer model'
  await query.embed([q])
  const t0 = performance.now()
  for (let i = 0; i < 20; i++) await query.embed([q])
  const queryMs = (performance.now() - t0) / 20
  await query.close()
  return {
    model: 'generated MiniLM-L6-cost encoder (random weights, q8 MatMulInteger, 6x384, ffn 1536)',
    threads: threads ?? 'onnxruntime default',
    chunkPositions: 256,
    rows,
    queryMs: +queryMs.toFixed(1)
  }
}

async function truncation(modelDir: string): Promise<object> {
  const corpus = resolve(__dirname, '../../../shared/corpus')
  const ids = ['1706.03762', '1810.04805', '2005.11401']
  if (!ids.every((id) => existsSync(join(corpus, `${id}.pdf`))))
    throw new Error(`default papers not in ${corpus}`)
  const embedder = await TransformersEmbedder.load(modelDir)
  const reader = new PdfjsReader()
  const papers: object[] = []
  const all: number[] = []
  for (const id of ids) {
    const x = await extractPaper(
      reader,
      new Uint8Array(await readFile(join(corpus, `${id}.pdf`))),
      { label: id }
    )
    const chunks = chunkPages(id, x.pages, x.marks, DEFAULT_SETTINGS)
    const counts = embedder.countWordpieces(chunks.map((c) => c.text))
    all.push(...counts)
    papers.push({ paperId: id, ...summary(counts) })
  }
  await embedder.close()
  return {
    tokenizer: join(modelDir, 'tokenizer.json'),
    chunkTokens: DEFAULT_SETTINGS.chunkTokens,
    papers,
    total: summary(all)
  }
}

function summary(counts: number[]): object {
  const sorted = [...counts].sort((a, b) => a - b)
  const at = (p: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
  return {
    chunks: counts.length,
    overWindow: counts.filter((c) => c > 254).length,
    over256Wordpieces: counts.filter((c) => c > 256).length,
    extraWindows: counts.reduce((s, c) => s + Math.max(0, Math.ceil(c / 254) - 1), 0),
    wordpieces: { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] }
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
