import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ModelFile } from '../../src/main/search/embedder/modelFiles'
import { MODEL_SOURCE_DIR, checkBeforePack } from '../../scripts/packaging/checkBeforePack'
import {
  ModelVerificationError,
  findModelProblems,
  verifyModelFolder
} from '../../scripts/packaging/verifyModelFolder'

const contents: Record<string, string> = {
  'config.json': '{"model_type":"bert","hidden_size":384}',
  'tokenizer.json': '{"model":{"vocab":{"[PAD]":0}}}',
  'tokenizer_config.json': '{"do_lower_case":true}',
  'onnx/model_quantized.onnx': 'not really onnx, just test bytes'
}

/** A model folder with the files above, and the manifest that pins them. */
function makeModel(root: string): { dir: string; files: ModelFile[] } {
  const dir = join(root, MODEL_SOURCE_DIR)
  const files: ModelFile[] = []
  for (const [path, text] of Object.entries(contents)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
    const sha256 = createHash('sha256').update(text).digest('hex')
    files.push({ path, sha256, bytes: Buffer.byteLength(text) })
  }
  return { dir, files }
}

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rp-model-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('verifyModelFolder', () => {
  it('passes a folder that matches the pinned files', async () => {
    const { dir, files } = makeModel(root)
    await expect(verifyModelFolder(dir, files)).resolves.toBeUndefined()
  })

  it('stops packaging with the fix when the model was never fetched', async () => {
    const { files } = makeModel(root)
    const empty = join(root, 'nowhere')
    const error = await verifyModelFolder(empty, files).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ModelVerificationError)
    const message = (error as Error).message
    expect(message).toContain(`the embedding model is missing from ${empty}`)
    expect(message).toContain('onnx/model_quantized.onnx: missing')
    expect(message).toContain('npm run fetch-model')
  })

  it('names a missing file among present ones', async () => {
    const { dir, files } = makeModel(root)
    unlinkSync(join(dir, 'tokenizer.json'))
    expect(await findModelProblems(dir, files)).toEqual([
      { path: 'tokenizer.json', kind: 'missing' }
    ])
  })

  it('names a file whose bytes differ from the pinned sha256, with both digests', async () => {
    const { dir, files } = makeModel(root)
    const tampered = contents['config.json']!.replace('bert', 'BERT')
    writeFileSync(join(dir, 'config.json'), tampered)
    const error = (await verifyModelFolder(dir, files).catch((e: unknown) => e)) as Error
    expect(error.message).toContain('does not match the pinned files')
    expect(error.message).toContain(
      `config.json: sha256 is ${createHash('sha256').update(tampered).digest('hex')}`
    )
    expect(error.message).toContain(`expected ${files[0]!.sha256}`)
  })

  it('reports a truncated download by size', async () => {
    const { dir, files } = makeModel(root)
    writeFileSync(join(dir, 'onnx/model_quantized.onnx'), 'short')
    expect(await findModelProblems(dir, files)).toEqual([
      { path: 'onnx/model_quantized.onnx', kind: 'size', expected: '32 bytes', actual: '5 bytes' }
    ])
  })
})

describe('the beforePack check', () => {
  const host = { platform: 'linux', arch: 'x64' }

  it('lets a same-machine build with the pinned model through', async () => {
    const { files } = makeModel(root)
    await expect(
      checkBeforePack({ projectDir: root, platform: 'linux', arch: 'x64', host, files })
    ).resolves.toBeUndefined()
  })

  it('refuses a cross-platform build, which would ship the wrong native binaries', async () => {
    const { files } = makeModel(root)
    await expect(
      checkBeforePack({ projectDir: root, platform: 'win32', arch: 'x64', host, files })
    ).rejects.toThrow(/this machine is linux-x64 but the target is win32-x64/)
  })

  it('refuses a .deb build without the maintainer and homepage Debian requires', async () => {
    const { files } = makeModel(root)
    const deb = { projectDir: root, platform: 'linux', arch: 'x64', host, files, targets: ['deb'] }
    await expect(checkBeforePack({ ...deb, metadata: { author: 'Someone' } })).rejects.toThrow(
      /needs "homepage" \(the project URL\) and "author": \{ "name": ..., "email": ... \}/
    )
    const metadata = {
      homepage: 'https://example.org',
      author: { name: 'A', email: 'a@example.org' }
    }
    await expect(checkBeforePack({ ...deb, metadata })).resolves.toBeUndefined()
  })

  it('is the hook electron-builder runs: the .cjs loads the TypeScript and stops on a missing model', async () => {
    const load = createRequire(import.meta.url)
    const hook = load('../../scripts/packaging/beforePack.cjs') as {
      default: (context: object) => Promise<void>
    }
    const context = {
      packager: { projectDir: root, info: { metadata: {} }, platformSpecificBuildOptions: {} },
      targets: [{ name: 'AppImage' }],
      electronPlatformName: process.platform,
      arch: { ia32: 0, x64: 1, arm64: 3 }[process.arch as 'x64']
    }
    await expect(hook.default(context)).rejects.toThrow(
      /embedding model is missing[\s\S]*fetch-model/
    )
  })
})
