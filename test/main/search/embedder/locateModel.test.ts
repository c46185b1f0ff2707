import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locateModel, modelSearchPaths } from '../../../../src/main/search/embedder/locateModel'
import { MODEL_FILES, missingModelFiles } from '../../../../src/main/search/embedder/modelFiles'

async function fakeModelFolder(dir: string, skip: string[] = []): Promise<string> {
  for (const f of MODEL_FILES) {
    if (skip.includes(f.path)) continue
    await mkdir(dirname(join(dir, f.path)), { recursive: true })
    await writeFile(join(dir, f.path), 'x')
  }
  return dir
}

describe('locateModel', () => {
  let root: string
  const dataDir = (): string => join(root, 'userData')
  const appRoot = (): string => join(root, 'repo')
  const resources = (): string => join(root, 'ResearchPal', 'resources')

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-locate-'))
  })
  afterAll(async () => rm(root, { recursive: true, force: true }))

  it('looks in env, data dir, the repo resources, then the packaged resources', () => {
    const paths = modelSearchPaths({
      dataDir: '/data',
      env: { RESEARCHPAL_MODEL_DIR: '/explicit' },
      appRoot: '/repo',
      resourcesPath: '/app/resources'
    })
    expect(paths).toEqual([
      '/explicit',
      join('/data', 'models', 'all-MiniLM-L6-v2'),
      join('/repo', 'resources', 'models', 'all-MiniLM-L6-v2'),
      join('/app/resources', 'models', 'all-MiniLM-L6-v2')
    ])
  })

  it('finds nothing when no folder holds the model', () => {
    expect(
      locateModel({ dataDir: dataDir(), env: {}, appRoot: appRoot(), resourcesPath: resources() })
    ).toBeNull()
  })

  it('finds the copy shipped in a packaged app through process.resourcesPath', async () => {
    const shipped = await fakeModelFolder(join(resources(), 'models', 'all-MiniLM-L6-v2'))
    expect(locateModel({ dataDir: dataDir(), env: {}, resourcesPath: resources() })).toBe(shipped)
  })

  it('prefers the repo copy in development, the data dir over both, and the env var over all', async () => {
    const repo = await fakeModelFolder(join(appRoot(), 'resources', 'models', 'all-MiniLM-L6-v2'))
    const opts = { dataDir: dataDir(), env: {}, appRoot: appRoot(), resourcesPath: resources() }
    expect(locateModel(opts)).toBe(repo)
    const user = await fakeModelFolder(join(dataDir(), 'models', 'all-MiniLM-L6-v2'))
    expect(locateModel(opts)).toBe(user)
    const explicit = await fakeModelFolder(join(root, 'mine'))
    expect(locateModel({ ...opts, env: { RESEARCHPAL_MODEL_DIR: explicit } })).toBe(explicit)
  })

  it('skips a folder that lacks a required file', async () => {
    const partial = await fakeModelFolder(join(root, 'partial'), ['onnx/model_quantized.onnx'])
    expect(missingModelFiles(partial)).toEqual(['onnx/model_quantized.onnx'])
    const found = locateModel({
      dataDir: join(root, 'empty'),
      env: { RESEARCHPAL_MODEL_DIR: partial }
    })
    expect(found).toBeNull()
  })

  it('pins every required file by sha256 and size', () => {
    expect(MODEL_FILES.map((f) => f.path).sort()).toEqual([
      'config.json',
      'onnx/model_quantized.onnx',
      'tokenizer.json',
      'tokenizer_config.json'
    ])
    for (const f of MODEL_FILES) {
      expect(f.sha256).toMatch(/^[0-9a-f]{64}$/)
      expect(f.bytes).toBeGreaterThan(0)
    }
  })
})
