import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TARGETS, loadBuilderConfig, selectAppFiles } from './builderInternals'

const projectDir = resolve(__dirname, '..', '..')

/** A project tree shaped like this repository, with a file in each kind of folder. */
function makeProject(configText: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rp-appfiles-'))
  const files = [
    'out/main/index.js',
    'out/main/index.js.map',
    'out/main/embedderWorker.js',
    'out/preload/index.js',
    'out/renderer/index.html',
    'out/renderer/assets/index-abc123.js',
    'out/renderer/assets/pdf.worker-abc123.mjs',
    'src/main/index.ts',
    'src/renderer/src/App.tsx',
    'test/packaging/appFiles.test.ts',
    'bench/run.ts',
    'scripts/fetchModel.ts',
    'resources/icons/icon.png',
    'resources/icons/png/32x32.png',
    'resources/models/all-MiniLM-L6-v2/onnx/model_quantized.onnx',
    'build/entitlements.mac.plist',
    'release/0.1.0/linux-unpacked/resources/app.asar',
    '.github/workflows/release.yml',
    'README.md',
    'tsconfig.json',
    'electron.vite.config.ts',
    'package-lock.json'
  ]
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), 'x')
  }
  copyFileSync(join(projectDir, 'package.json'), join(dir, 'package.json'))
  writeFileSync(join(dir, 'electron-builder.yml'), configText)
  return dir
}

const configText = readFileSync(join(projectDir, 'electron-builder.yml'), 'utf8')
const expected = [
  'out/main/embedderWorker.js',
  'out/main/index.js',
  'out/preload/index.js',
  'out/renderer/assets/index-abc123.js',
  'out/renderer/assets/pdf.worker-abc123.mjs',
  'out/renderer/index.html',
  'package.json',
  // the tray icon, imported with ?asset from outside out/
  'resources/icons/png/32x32.png'
]

describe.each(TARGETS)('app files in the $platform installer', (target) => {
  let dir: string
  beforeAll(() => {
    dir = makeProject(configText)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('packs the built app and package.json, and no sources, tests, models or source maps', async () => {
    const config = await loadBuilderConfig(dir)
    expect((await selectAppFiles(dir, config, target)).sort()).toEqual(expected)
  })
})

describe('why every filter sits at the top level of electron-builder.yml', () => {
  it('a platform-level `files` list would pull the whole project into the app', async () => {
    const dir = makeProject(configText)
    try {
      const config = await loadBuilderConfig(dir)
      config.linux = { ...(config.linux as object), files: ['!node_modules/example{,/**/*}'] }
      const files = await selectAppFiles(dir, config, TARGETS[0]!)
      expect(files).toContain('src/main/index.ts')
      expect(files).toContain('resources/models/all-MiniLM-L6-v2/onnx/model_quantized.onnx')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
