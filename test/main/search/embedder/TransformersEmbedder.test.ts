import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUserFacing } from '../../../../src/main/errors'
import { TransformersEmbedder } from '../../../../src/main/search/embedder/TransformersEmbedder'
import { writeTestModel } from '../../../fakes/miniLmModel'

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0)
const norm = (a: Float32Array): number => Math.sqrt(dot(a, a))

const sentences = [
  'Attention is all you need.',
  'BERT uses a masked language model for pre-training deep bidirectional representations.',
  'Retrieval-augmented generation combines a retriever with a generator.',
  'The encoder maps an input sequence to continuous representations.',
  'We train on the WMT 2014 English-German dataset.'
]

describe('TransformersEmbedder (generated MiniLM-shaped model)', () => {
  let root: string
  let modelDir: string
  let embedder: TransformersEmbedder

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-embedder-'))
    modelDir = await writeTestModel(root)
    embedder = await TransformersEmbedder.load(modelDir, { batchSize: 4 })
  })
  afterAll(async () => {
    await embedder?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('gives one 384-dim unit vector per text, in order', async () => {
    const vectors = await embedder.embed(sentences)
    expect(embedder.dims).toBe(384)
    expect(vectors).toHaveLength(sentences.length)
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array)
      expect(v.length).toBe(384)
      expect(norm(v)).toBeCloseTo(1, 5)
    }
    // Different texts, different vectors; the same text, the same vector.
    expect(dot(vectors[0]!, vectors[1]!)).toBeLessThan(0.999)
    const again = await embedder.embed([sentences[0]!])
    expect(dot(again[0]!, vectors[0]!)).toBeCloseTo(1, 6)
  })

  it('gives the same vectors in padded batches as one by one', async () => {
    const batched = await embedder.embed(sentences)
    for (let i = 0; i < sentences.length; i++) {
      const [single] = await embedder.embed([sentences[i]!])
      expect(dot(single!, batched[i]!)).toBeGreaterThan(0.99999)
    }
  })

  it('embeds a text longer than 256 wordpieces in windows instead of truncating it', async () => {
    const head = 'attention model '.repeat(150)
    const tail = 'retrieval generation '.repeat(150)
    const [count] = embedder.countWordpieces([head + tail])
    expect(count).toBe(600)
    const [long, headOnly, tailOnly] = await embedder.embed([head + tail, head, tail])
    // A truncating embedder would return the head's vector; the tail must count too.
    expect(dot(long!, headOnly!)).toBeLessThan(0.999)
    expect(dot(long!, tailOnly!)).toBeGreaterThan(dot(headOnly!, tailOnly!))
    expect(norm(long!)).toBeCloseTo(1, 5)
  })

  it('gives the same vectors with one ORT thread (one window per model run) as in padded runs', async () => {
    const texts = [
      ...sentences,
      'attention model '.repeat(150) + 'retrieval generation '.repeat(90)
    ]
    const batched = await embedder.embed(texts)
    const single = await TransformersEmbedder.load(modelDir, { batchSize: 4, threads: 1 })
    try {
      const unpadded = await single.embed(texts)
      expect(single.id).toBe(embedder.id)
      texts.forEach((_, i) => expect(dot(unpadded[i]!, batched[i]!)).toBeGreaterThan(0.99999))
    } finally {
      await single.close()
    }
  })

  it('counts wordpieces without the special tokens', () => {
    expect(embedder.countWordpieces(['the model', '', 'models'])).toEqual([2, 0, 1])
  })

  it('has an id naming model, quantization and the model file', () => {
    expect(embedder.id).toMatch(/^Xenova\/all-MiniLM-L6-v2@q8-[0-9a-f]{12}$/)
  })

  it('gives another id for another model file', async () => {
    const other = await TransformersEmbedder.load(
      await writeTestModel(join(root, 'other'), { seed: 2 })
    )
    try {
      expect(other.id).not.toBe(embedder.id)
      const [a] = await embedder.embed(['the model'])
      const [b] = await other.embed(['the model'])
      expect(dot(a!, b!)).toBeLessThan(0.99)
    } finally {
      await other.close()
    }
  })

  it('never reaches for the network while loading', async () => {
    const original = globalThis.fetch
    const calls: string[] = []
    globalThis.fetch = (async (input: string | URL | Request) => {
      calls.push(String(input))
      throw new Error('network is off in this test')
    }) as typeof fetch
    try {
      const again = await TransformersEmbedder.load(modelDir)
      await again.close()
    } finally {
      globalThis.fetch = original
    }
    expect(calls).toEqual([])
  })

  it('refuses a damaged model file with a message a person can act on', async () => {
    const broken = await writeTestModel(join(root, 'broken'))
    await writeFile(
      join(broken, 'onnx', 'model_quantized.onnx'),
      'version https://git-lfs.github.com/spec/v1\n'
    )
    const error = await TransformersEmbedder.load(broken).catch((e: unknown) => e)
    expect(isUserFacing(error, 'MODEL_MISSING')).toBe(true)
    expect((error as Error).message).toContain(broken)
    expect((error as Error).message).toMatch(/could not be loaded.*fetch-model/s)
  })

  it('refuses a folder without the model files, naming what is missing', async () => {
    const error = await TransformersEmbedder.load(join(root, 'nothing-here')).catch(
      (e: unknown) => e
    )
    expect(isUserFacing(error, 'MODEL_MISSING')).toBe(true)
    expect((error as Error).message).toContain('onnx/model_quantized.onnx')
  })
})
