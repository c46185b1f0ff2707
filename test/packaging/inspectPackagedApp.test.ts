import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createPackage } from '@electron/asar'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ModelFile } from '../../src/main/search/embedder/modelFiles'
import { inspectPackagedApp } from '../../scripts/packaging/inspectPackagedApp'

function write(path: string, text = 'x'): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
}

const model: ModelFile[] = [
  { path: 'config.json', bytes: 2, sha256: createHash('sha256').update('{}').digest('hex') }
]

let root: string
let appOutDir: string
/** Lays out `linux-unpacked` the way electron-builder does, from the given app files. */
async function layOut(appFiles: string[], binaries: string[], withModel = true): Promise<void> {
  const app = join(root, 'app')
  for (const f of appFiles) write(join(app, f))
  const resources = join(appOutDir, 'resources')
  mkdirSync(resources, { recursive: true })
  await createPackage(app, join(resources, 'app.asar'))
  for (const b of binaries) {
    write(join(resources, 'app.asar.unpacked/node_modules/onnxruntime-node/bin/napi-v6', b))
  }
  if (withModel) write(join(resources, 'models/all-MiniLM-L6-v2/config.json'), '{}')
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rp-inspect-'))
  appOutDir = join(root, 'linux-unpacked')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('inspectPackagedApp', () => {
  it('finds nothing wrong with a sound linux-x64 app', async () => {
    await layOut(['package.json', 'out/main/index.js'], ['linux/x64/onnxruntime_binding.node'])
    const report = await inspectPackagedApp(appOutDir, 'linux', 'x64', model)
    expect(report.problems).toEqual([])
    expect(report.onnxruntimeBinaries).toEqual(['linux/x64'])
  })

  it('reports leaked sources, foreign binaries and a missing model', async () => {
    await layOut(
      ['package.json', 'out/main/index.js', 'src/main/index.ts'],
      ['linux/x64/onnxruntime_binding.node', 'win32/x64/onnxruntime_binding.node'],
      false
    )
    const { problems } = await inspectPackagedApp(appOutDir, 'linux', 'x64', model)
    expect(problems).toEqual([
      "app.asar carries the project's src/ folder",
      'onnxruntime-node binaries for another platform were shipped: win32/x64',
      'model config.json: missing'
    ])
  })

  it('reports an app without its entry point or native binary', async () => {
    await layOut(['package.json'], [])
    const { problems } = await inspectPackagedApp(appOutDir, 'linux', 'x64', model)
    expect(problems).toEqual([
      'app.asar lacks /out/main/index.js',
      'onnxruntime-node has no unpacked binary for linux/x64'
    ])
  })
})
