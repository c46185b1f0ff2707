/**
 * Runs the real electron-builder pipeline for `linux dir` on a machine that cannot download
 * Electron, then inspects what it produced.
 *
 *   npx tsx scripts/packaging/stageLinuxDir.ts [--stand-in-model] [--out <dir>]
 *
 * What is real: electron-builder.yml, electron-builder 26's dependency collection, file filters,
 * asar packing and unpacking, extraResources copy, sanity check of the app entry, and (without
 * --stand-in-model) the beforePack hook with the pinned model digests.
 * What is not: the Electron executable. `electronDist` points at a placeholder folder holding a
 * shell script named `electron`, so the output shows the app's layout but cannot be launched.
 * --stand-in-model packages generated model files checked against their own digests instead of
 * the pinned all-MiniLM-L6-v2, for machines where `npm run fetch-model` cannot run.
 * Needs `npm run build` first (it packages out/).
 */
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { MODEL_FILES, type ModelFile } from '../../src/main/search/embedder/modelFiles'
import { MODEL_SOURCE_DIR } from './checkBeforePack'
import { inspectPackagedApp } from './inspectPackagedApp'

const projectDir = resolve(__dirname, '..', '..')

/** A folder electron-builder accepts as an unpacked Electron; its `electron` is a placeholder. */
function placeholderElectron(root: string): string {
  const dir = join(root, 'placeholder-electron')
  mkdirSync(join(dir, 'locales'), { recursive: true })
  mkdirSync(join(dir, 'resources'), { recursive: true })
  writeFileSync(join(dir, 'electron'), '#!/bin/sh\necho "placeholder, not Electron" >&2\nexit 1\n')
  chmodSync(join(dir, 'electron'), 0o755)
  writeFileSync(join(dir, 'locales', 'en-US.pak'), '')
  return dir
}

/** Generated files named like the model's, and the manifest that pins them. */
function standInModel(root: string): { dir: string; files: ModelFile[] } {
  const dir = join(root, 'stand-in-model')
  const files = MODEL_FILES.map((f) => {
    const bytes = Buffer.from(`stand-in for ${f.path}\n`)
    mkdirSync(join(dir, f.path, '..'), { recursive: true })
    writeFileSync(join(dir, f.path), bytes)
    return {
      path: f.path,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex')
    }
  })
  return { dir, files }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const outIndex = args.indexOf('--out')
  const root =
    outIndex >= 0 ? resolve(args[outIndex + 1]!) : mkdtempSync(join(tmpdir(), 'rp-stage-'))
  mkdirSync(root, { recursive: true })
  if (!existsSync(join(projectDir, 'out', 'main', 'index.js'))) {
    throw new Error('out/main/index.js is missing: run `npm run build` first.')
  }
  // electron-builder's own loader reads electron-builder.yml; JSON is YAML, so the derived
  // config is written back as JSON under a .yml name.
  const local = createRequire(__filename)
  const { getConfig } = local('app-builder-lib/out/util/config/config') as {
    getConfig(dir: string, path: null, options: null): Promise<Record<string, unknown>>
  }
  const config = await getConfig(projectDir, null, null)
  config.electronDist = placeholderElectron(root)
  config.directories = { ...(config.directories as object), output: join(root, 'release') }
  let manifest: readonly ModelFile[] = MODEL_FILES
  if (args.includes('--stand-in-model')) {
    const model = standInModel(root)
    manifest = model.files
    config.extraResources = [
      { from: model.dir, to: `models/${MODEL_SOURCE_DIR.split(/[\\/]/).pop()}` }
    ]
    const hook = join(root, 'standInBeforePack.cjs')
    writeFileSync(
      hook,
      `const tsx = require(${JSON.stringify(local.resolve('tsx/cjs/api'))})\n` +
        `exports.default = async (ctx) => tsx.require(${JSON.stringify(join(__dirname, 'checkBeforePack.ts'))}, __filename)` +
        `.checkBeforePack({ projectDir: ${JSON.stringify(projectDir)}, platform: ctx.electronPlatformName,` +
        ` arch: require(${JSON.stringify(local.resolve('builder-util'))}).Arch[ctx.arch], modelDir: ${JSON.stringify(model.dir)}, files: ${JSON.stringify(model.files)} })\n`
    )
    config.beforePack = hook
  }
  const configPath = join(root, 'electron-builder.staged.yml')
  writeFileSync(configPath, JSON.stringify(config, null, 2))

  const { build, Platform } = await import('electron-builder')
  const started = Date.now()
  await build({
    projectDir,
    config: configPath,
    targets: Platform.LINUX.createTarget('dir'),
    publish: 'never'
  })
  const appOutDir = join(root, 'release', 'linux-unpacked')
  const report = await inspectPackagedApp(appOutDir, 'linux', process.arch, manifest)
  console.log(
    JSON.stringify({ appOutDir, seconds: (Date.now() - started) / 1000, ...report }, null, 2)
  )
  if (report.problems.length > 0) process.exitCode = 1
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
