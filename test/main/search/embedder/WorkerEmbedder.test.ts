import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUserFacing } from '../../../../src/main/errors'
import { TransformersEmbedder } from '../../../../src/main/search/embedder/TransformersEmbedder'
import { WorkerEmbedder } from '../../../../src/main/search/embedder/WorkerEmbedder'
import { writeTestModel } from '../../../fakes/miniLmModel'

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0)

const texts = Array.from(
  { length: 11 },
  (_, i) => `Chunk ${i}: the transformer model uses attention over ${i + 1} layers of the encoder.`
)

describe('WorkerEmbedder', () => {
  let root: string
  let modelDir: string
  let worker: WorkerEmbedder
  let inThread: TransformersEmbedder

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-worker-'))
    modelDir = await writeTestModel(root)
    ;[worker, inThread] = await Promise.all([
      WorkerEmbedder.start({ modelDir, options: { batchSize: 4 } }),
      TransformersEmbedder.load(modelDir)
    ])
  })
  afterAll(async () => {
    await worker?.close()
    await inThread?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('gives the same id and vectors as the in-thread embedder', async () => {
    expect(worker.id).toBe(inThread.id)
    expect(worker.dims).toBe(384)
    const [a, b] = await Promise.all([worker.embed(texts), inThread.embed(texts)])
    expect(a).toHaveLength(texts.length)
    a.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array)
      expect(dot(v, b[i]!)).toBeGreaterThan(0.99999)
    })
  })

  it('with two workers runs the batches of a call on both, keeps their order, and answers a query ahead of queued ingestion batches', async () => {
    const two = await WorkerEmbedder.start({
      modelDir,
      options: { batchSize: 2, workers: 2, threads: 1 }
    })
    try {
      expect(two.parallel).toBe(2)
      const [a, b] = await Promise.all([two.embed(texts), inThread.embed(texts)])
      expect(a).toHaveLength(texts.length)
      a.forEach((v, i) => expect(dot(v, b[i]!)).toBeGreaterThan(0.99999))
      // A paper's worth of ingestion batches queued, then a search query.
      const order: string[] = []
      const paper = Array.from({ length: 40 }, (_, i) => texts[i % texts.length]!)
      const ingest = two
        .embed(paper, undefined, { priority: 'background' })
        .then(() => order.push('ingestion'))
      const query = two.embed(['what does attention do?']).then(() => order.push('query'))
      await Promise.all([ingest, query])
      expect(order).toEqual(['query', 'ingestion'])
    } finally {
      await two.close()
    }
  })

  it('counts wordpieces through the model tokenizer', async () => {
    expect(await worker.countWordpieces(['the model', 'attention '.repeat(300)])).toEqual([2, 300])
  })

  it('stops between batches when cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await worker.embed(texts, controller.signal).catch((e: unknown) => e)
    expect(isUserFacing(error, 'CANCELLED')).toBe(true)
  })

  it('reports a damaged model as MODEL_MISSING with the reason, and exits the worker', async () => {
    const broken = await writeTestModel(join(root, 'broken'))
    await writeFile(join(broken, 'onnx', 'model_quantized.onnx'), Buffer.alloc(1024, 7))
    const error = await WorkerEmbedder.start({ modelDir: broken }).catch((e: unknown) => e)
    expect(isUserFacing(error, 'MODEL_MISSING')).toBe(true)
    expect((error as Error).message).toContain(broken)
  })

  it('refuses work after close', async () => {
    const w = await WorkerEmbedder.start({ modelDir })
    await w.close()
    await expect(w.embed(['the model'])).rejects.toThrow(/stopped/)
  })
})
