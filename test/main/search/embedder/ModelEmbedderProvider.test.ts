import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ModelEmbedderProvider } from '../../../../src/main/search/embedder/ModelEmbedderProvider'
import { writeTestModel } from '../../../fakes/miniLmModel'

describe('ModelEmbedderProvider', () => {
  let root: string
  let provider: ModelEmbedderProvider | null = null

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-provider-'))
  })
  afterEach(async () => provider?.close())
  afterAll(async () => rm(root, { recursive: true, force: true }))

  const make = (dataDir: string, env: NodeJS.ProcessEnv = {}): ModelEmbedderProvider =>
    (provider = new ModelEmbedderProvider({ dataDir, env, appRoot: null, resourcesPath: null }))

  it('says "keyword search only" and where to put the files when the model is missing', async () => {
    const dataDir = join(root, 'missing')
    const p = make(dataDir)
    const status = p.status()
    expect(status.state).toBe('missing')
    expect(status.message).toMatch(/not found — keyword search only/)
    expect(status.message).toContain('npm run fetch-model')
    expect(status.message).toContain(join(dataDir, 'models', 'all-MiniLM-L6-v2'))
    expect(await p.current()).toBeNull()
  })

  it('picks up a model that appears later, in a worker, and reports it ready', async () => {
    const dataDir = join(root, 'later')
    const p = make(dataDir)
    expect(await p.current()).toBeNull()
    const dir = await writeTestModel(join(dataDir, 'models'))
    expect(p.status()).toMatchObject({ state: 'ready', id: null, modelDir: dir })
    const embedder = await p.current()
    expect(embedder).not.toBeNull()
    const [v] = await embedder!.embed(['the model'])
    expect(v!.length).toBe(384)
    expect(p.status()).toMatchObject({ state: 'ready', id: embedder!.id, modelDir: dir })
    expect(await p.current()).toBe(embedder)
  })

  it('reports a damaged model as an error with a clear message, then recovers once replaced', async () => {
    const modelDir = await writeTestModel(join(root, 'damaged'))
    const p = make(join(root, 'damaged-data'), { RESEARCHPAL_MODEL_DIR: modelDir })
    await writeFile(join(modelDir, 'onnx', 'model_quantized.onnx'), 'not an onnx file')
    expect(await p.current()).toBeNull()
    const status = p.status()
    expect(status.state).toBe('error')
    expect(status.message).toContain(modelDir)
    expect(status.message).toMatch(/could not be loaded/)
    await writeTestModel(join(root, 'damaged'))
    expect(await p.current()).not.toBeNull()
    expect(p.status().state).toBe('ready')
  })

  it('hands out a new embedder with a new id when the model file changes', async () => {
    const modelDir = await writeTestModel(join(root, 'swap'))
    const p = make(join(root, 'swap-data'), { RESEARCHPAL_MODEL_DIR: modelDir })
    const first = await p.current()
    await writeTestModel(join(root, 'swap'), { seed: 7 })
    const second = await p.current()
    expect(second).not.toBeNull()
    expect(second!.id).not.toBe(first!.id)
  })

  it('loads once when asked concurrently', async () => {
    const modelDir = await writeTestModel(join(root, 'concurrent'))
    const p = make(join(root, 'concurrent-data'), { RESEARCHPAL_MODEL_DIR: modelDir })
    const [a, b] = await Promise.all([p.current(), p.current()])
    expect(a).toBe(b)
  })
})
