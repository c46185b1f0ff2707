import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { embedderWorkerScript } from '../../../../src/main/search/embedder/embedderWorkerScript'
import { WorkerEmbedder } from '../../../../src/main/search/embedder/WorkerEmbedder'
import { writeTestModel } from '../../../fakes/miniLmModel'

const dot = (a: Float32Array, b: Float32Array): number => a.reduce((s, x, i) => s + x * b[i]!, 0)

/** The electron-vite bundle emits the worker as its own file, and it runs under plain Node. */
describe('embedder worker in the electron-vite bundle', () => {
  let root: string
  let outMain: string
  let modelDir: string

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-bundle-'))
    modelDir = await writeTestModel(root)
    await promisify(execFile)('npx', ['electron-vite', 'build', '--outDir', join(root, 'out')], {
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }
    })
    outMain = join(root, 'out', 'main')
    // As in the app: out/ sits beside node_modules, where the external packages are resolved.
    await symlink(join(process.cwd(), 'node_modules'), join(root, 'node_modules'), 'dir')
  }, 120_000)
  afterAll(async () => rm(root, { recursive: true, force: true }))

  it('emits out/main/embedderWorker.js and finds it from the main bundle folder', () => {
    expect(existsSync(join(outMain, 'embedderWorker.js'))).toBe(true)
    const script = embedderWorkerScript(outMain)
    expect(script).toEqual({
      source: join(outMain, 'embedderWorker.js'),
      eval: false,
      file: join(outMain, 'embedderWorker.js')
    })
  })

  it('keeps transformers.js and onnxruntime-node external', async () => {
    const files = [
      join(outMain, 'embedderWorker.js'),
      ...(await readdir(join(outMain, 'chunks'))).map((f) => join(outMain, 'chunks', f))
    ]
    const code = (await Promise.all(files.map((f) => readFile(f, 'utf8')))).join('\n')
    expect(code).toMatch(
      /import\("@huggingface\/transformers"\)|require\("@huggingface\/transformers"\)/
    )
    expect(code).not.toContain('onnxruntime_binding')
  })

  it('runs the built worker under plain Node and gives the same vectors as the source worker', async () => {
    const built = await WorkerEmbedder.start({ modelDir, script: embedderWorkerScript(outMain) })
    const source = await WorkerEmbedder.start({ modelDir })
    try {
      expect(built.id).toBe(source.id)
      const texts = ['the transformer model', 'retrieval augmented generation']
      const [a, b] = await Promise.all([built.embed(texts), source.embed(texts)])
      a.forEach((v, i) => expect(dot(v, b[i]!)).toBeGreaterThan(0.99999))
    } finally {
      await built.close()
      await source.close()
    }
  })
})
