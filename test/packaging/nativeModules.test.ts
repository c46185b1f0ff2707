import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  TARGETS,
  asarUnpackFilter,
  loadBuilderConfig,
  selectModuleFiles,
  type ModuleFile,
  type Target
} from './builderInternals'

const projectDir = resolve(__dirname, '..', '..')
const ortBinaries: Record<Target['platform'], string[]> = {
  linux: ['onnxruntime_binding.node', 'libonnxruntime.so.1'],
  darwin: ['onnxruntime_binding.node', 'libonnxruntime.1.dylib'],
  win32: ['onnxruntime_binding.node', 'onnxruntime.dll']
}

let config: Awaited<ReturnType<typeof loadBuilderConfig>>
beforeAll(async () => {
  config = await loadBuilderConfig(projectDir)
})

describe.each(TARGETS)('native code in the $platform-$arch installer', (target) => {
  let ort: ModuleFile[]
  beforeAll(async () => {
    ort = await selectModuleFiles(projectDir, config, target, 'onnxruntime-node')
  })

  it("ships onnxruntime-node's binding and runtime library for this platform and CPU only", () => {
    const binaries = ort.filter((f) => f.appPath.includes('/bin/'))
    const folder = `node_modules/onnxruntime-node/bin/napi-v6/${target.platform}/${target.arch}`
    expect(binaries.map((f) => f.appPath).sort()).toEqual(
      expect.arrayContaining(ortBinaries[target.platform].map((name) => `${folder}/${name}`))
    )
    const elsewhere = binaries.filter((f) => !f.appPath.startsWith(`${folder}/`))
    expect(elsewhere.map((f) => f.appPath)).toEqual([])
    // The JavaScript that picks the binary at run time is still there.
    expect(ort.map((f) => f.appPath)).toContain('node_modules/onnxruntime-node/dist/binding.js')
  })

  it('unpacks every onnxruntime binary from the asar, so dlopen can load it', () => {
    const unpack = asarUnpackFilter(projectDir, config, target)
    const binaries = ort.filter((f) => f.appPath.includes('/bin/'))
    expect(binaries.length).toBeGreaterThan(1)
    // libonnxruntime.so.1 does not end in .so: only the explicit pattern unpacks it.
    expect(binaries.filter((f) => !unpack(f)).map((f) => f.appPath)).toEqual([])
  })

  it('leaves onnxruntime-web out (144 MB the main process never loads)', async () => {
    expect(await selectModuleFiles(projectDir, config, target, 'onnxruntime-web')).toEqual([])
  })
})

describe('native code installed for this machine', () => {
  it('unpacks sharp and its platform package, which @huggingface/transformers imports at load', async () => {
    const target = TARGETS.find((t) => t.platform === process.platform && t.arch === process.arch)
    const nativeName = `@img/sharp-${process.platform}-${process.arch}`
    if (!target || !existsSync(join(projectDir, 'node_modules', nativeName))) return
    const unpack = asarUnpackFilter(projectDir, config, target)
    const files = await selectModuleFiles(projectDir, config, target, nativeName)
    const native = files.filter((f) => f.appPath.endsWith('.node'))
    expect(native.length).toBe(1)
    expect(files.filter((f) => !unpack(f))).toEqual([])
  })

  it("proves the exclusion safe: transformers' Node build never imports onnxruntime-web", () => {
    const load = createRequire(join(projectDir, 'package.json'))
    const entries = [
      load.resolve('@huggingface/transformers'),
      join(dirname(load.resolve('@huggingface/transformers')), 'transformers.node.mjs')
    ]
    for (const entry of entries) {
      const code = readFileSync(entry, 'utf8')
      expect(code).not.toMatch(/(from|require\(|import\()\s*["']onnxruntime-web/)
      expect(code).toMatch(/["']onnxruntime-node["']/)
    }
  })
})

describe('JavaScript the main process loads from node_modules', () => {
  it('keeps pdf.js legacy build, its fake worker and standard fonts, and transformers.js for Node', async () => {
    const target = TARGETS[0]!
    const pdfjs = (await selectModuleFiles(projectDir, config, target, 'pdfjs-dist')).map(
      (f) => f.appPath
    )
    expect(pdfjs).toEqual(
      expect.arrayContaining([
        'node_modules/pdfjs-dist/legacy/build/pdf.mjs',
        'node_modules/pdfjs-dist/legacy/build/pdf.worker.mjs',
        'node_modules/pdfjs-dist/standard_fonts/FoxitSerif.pfb'
      ])
    )
    expect(pdfjs.filter((p) => p.endsWith('.map'))).toEqual([])
    const transformers = await selectModuleFiles(
      projectDir,
      config,
      target,
      '@huggingface/transformers'
    )
    expect(transformers.map((f) => f.appPath)).toEqual(
      expect.arrayContaining([
        'node_modules/@huggingface/transformers/dist/transformers.node.mjs',
        'node_modules/@huggingface/transformers/dist/transformers.node.cjs'
      ])
    )
  })
})
