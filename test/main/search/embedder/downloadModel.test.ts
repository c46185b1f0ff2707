import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUserFacing } from '../../../../src/main/errors'
import {
  downloadModel,
  huggingFaceBaseUrl
} from '../../../../src/main/search/embedder/downloadModel'
import {
  MODEL_FILES,
  sha256File,
  type ModelFile
} from '../../../../src/main/search/embedder/modelFiles'
import { TransformersEmbedder } from '../../../../src/main/search/embedder/TransformersEmbedder'
import { writeTestModel } from '../../../fakes/miniLmModel'

describe('downloadModel (against a local server)', () => {
  let root: string
  let source: string
  let pinned: ModelFile[]
  let server: Server
  let baseUrl: string
  const served: string[] = []
  const tampered = new Set<string>()

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'rp-fetch-'))
    source = await writeTestModel(join(root, 'upstream'))
    pinned = await Promise.all(
      MODEL_FILES.map(async (f) => ({
        path: f.path,
        sha256: await sha256File(join(source, f.path)),
        bytes: (await stat(join(source, f.path))).size
      }))
    )
    server = createServer((req, res) => {
      const path = decodeURIComponent(req.url!.replace(/^\/repo\/|^.*\/resolve\/[0-9a-f]+\//, ''))
      served.push(path)
      readFile(join(source, path)).then(
        (body) => {
          if (tampered.has(path)) body[body.length - 1] ^= 1
          res.writeHead(200).end(body)
        },
        () => res.writeHead(404).end('not found')
      )
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repo`
  })
  afterAll(async () => {
    await new Promise((r) => server.close(r))
    await rm(root, { recursive: true, force: true })
  })

  it('points at the pinned revision of Xenova/all-MiniLM-L6-v2', () => {
    expect(huggingFaceBaseUrl()).toBe(
      'https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/751bff37182d3f1213fa05d7196b954e230abad9'
    )
  })

  it('downloads every file, verifies it, and leaves a folder the embedder loads', async () => {
    const dir = join(root, 'ok', 'all-MiniLM-L6-v2')
    const r = await downloadModel({ dir, baseUrl, files: pinned })
    expect(r.downloaded.sort()).toEqual(pinned.map((f) => f.path).sort())
    for (const f of pinned) expect(await sha256File(join(dir, f.path))).toBe(f.sha256)
    expect(await readdir(join(root, 'ok'))).toEqual(['all-MiniLM-L6-v2'])
    const embedder = await TransformersEmbedder.load(dir)
    expect(embedder.dims).toBe(384)
    await embedder.close()
    // Run again: nothing to fetch.
    served.length = 0
    const again = await downloadModel({ dir, baseUrl, files: pinned })
    expect(again.downloaded).toEqual([])
    expect(served).toEqual([])
  })

  it('refuses a file whose checksum does not match and leaves the folder as it was', async () => {
    const dir = join(root, 'bad', 'all-MiniLM-L6-v2')
    await downloadModel({ dir, baseUrl, files: pinned.filter((f) => f.path === 'config.json') })
    const before = await readFile(join(dir, 'config.json'), 'utf8')
    tampered.add('onnx/model_quantized.onnx')
    try {
      const error = await downloadModel({ dir, baseUrl, files: pinned }).catch((e: unknown) => e)
      expect(isUserFacing(error, 'DOWNLOAD_FAILED')).toBe(true)
      expect((error as Error).message).toMatch(
        /onnx\/model_quantized\.onnx .* does not match the pinned checksum/
      )
      expect((error as Error).message).toContain('Nothing was changed')
    } finally {
      tampered.clear()
    }
    expect(await readdir(dir)).toEqual(['config.json'])
    expect(await readFile(join(dir, 'config.json'), 'utf8')).toBe(before)
    expect((await readdir(join(root, 'bad'))).sort()).toEqual(['all-MiniLM-L6-v2'])
  })

  it('says clearly when the server cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise((r) => closed.close(r))
    const dir = join(root, 'offline', 'all-MiniLM-L6-v2')
    const error = await downloadModel({
      dir,
      baseUrl: `http://127.0.0.1:${port}/repo`,
      files: pinned
    }).catch((e: unknown) => e)
    expect(isUserFacing(error, 'DOWNLOAD_FAILED')).toBe(true)
    expect((error as Error).message).toMatch(/Could not reach 127\.0\.0\.1:\d+ .*ECONNREFUSED/)
    expect(existsSync(dir)).toBe(false)
  })

  it('reports an HTTP error with its status', async () => {
    const dir = join(root, 'missing', 'all-MiniLM-L6-v2')
    const files = [{ path: 'no-such-file.json', sha256: '0'.repeat(64), bytes: 1 }]
    const error = await downloadModel({ dir, baseUrl, files }).catch((e: unknown) => e)
    expect((error as Error).message).toMatch(/HTTP 404/)
  })

  it('npm run fetch-model checks the real pins and exits 1 with the reason when they do not match', async () => {
    const dir = join(root, 'script', 'all-MiniLM-L6-v2')
    const endpoint = baseUrl.replace(/\/repo$/, '')
    const run = promisify(execFile)('npx', ['tsx', 'scripts/fetchModel.ts', '--dir', dir], {
      env: { ...process.env, HF_ENDPOINT: endpoint }
    })
    const error = (await run.catch((e: unknown) => e)) as { code: number; stderr: string }
    expect(error.code).toBe(1)
    expect(error.stderr).toMatch(
      /fetch-model: config\.json from .* does not match the pinned checksum/
    )
    expect(existsSync(dir)).toBe(false)
  })
})
