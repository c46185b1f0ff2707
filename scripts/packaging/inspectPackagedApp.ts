import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { listPackage } from '@electron/asar'
import {
  MODEL_DIR_NAME,
  MODEL_FILES,
  type ModelFile
} from '../../src/main/search/embedder/modelFiles'
import { findModelProblems } from './verifyModelFolder'

/** What {@link inspectPackagedApp} found in one unpacked app. */
export interface PackagedAppReport {
  /** Everything that would break the installed app; empty when it is sound. */
  problems: string[]
  /** `platform/arch` folders of onnxruntime-node's binaries that were shipped. */
  onnxruntimeBinaries: string[]
  /** Size of app.asar and of app.asar.unpacked, in bytes. */
  asarBytes: number
  unpackedBytes: number
}

/** The `resources` folder (process.resourcesPath) inside electron-builder's unpacked output. */
export function packagedResourcesDir(appOutDir: string, platform: string): string {
  if (platform !== 'darwin') return join(appOutDir, 'resources')
  const app = readdirSync(appOutDir).find((name) => name.endsWith('.app'))
  return join(appOutDir, app ?? 'ResearchPal.app', 'Contents', 'Resources')
}

/**
 * Checks an unpacked app (e.g. `release/<version>/linux-unpacked`) the way a user's first start
 * would exercise it: app code in the asar, native binaries on disk for this platform only, and
 * the pinned model beside the asar.
 * @remarks Run by the release workflow after each build, and by the staging test here.
 */
export async function inspectPackagedApp(
  appOutDir: string,
  platform: string,
  arch: string,
  modelFiles: readonly ModelFile[]
): Promise<PackagedAppReport> {
  const problems: string[] = []
  const resources = packagedResourcesDir(appOutDir, platform)
  const asarPath = join(resources, 'app.asar')
  const unpacked = join(resources, 'app.asar.unpacked')
  if (!existsSync(asarPath)) {
    return {
      problems: [`${asarPath} is missing`],
      onnxruntimeBinaries: [],
      asarBytes: 0,
      unpackedBytes: 0
    }
  }
  const entries = new Set(
    listPackage(asarPath, { isPack: false }).map((e) => e.replaceAll('\\', '/'))
  )
  for (const needed of ['/package.json', '/out/main/index.js']) {
    if (!entries.has(needed)) problems.push(`app.asar lacks ${needed}`)
  }
  const leaked = new Set<string>()
  for (const entry of entries) {
    const top = /^\/(src|test|bench|scripts|resources|build|release)(\/|$)/.exec(entry)
    if (top) leaked.add(top[1]!)
  }
  for (const folder of leaked) problems.push(`app.asar carries the project's ${folder}/ folder`)
  if ([...entries].some((e) => e.startsWith('/node_modules/onnxruntime-web/'))) {
    problems.push('app.asar carries onnxruntime-web, which the main process never loads')
  }

  const onnxruntimeBinaries = listBinaryFolders(
    join(unpacked, 'node_modules', 'onnxruntime-node', 'bin')
  )
  const wanted = `${platform === 'mas' ? 'darwin' : platform}/${arch}`
  if (!onnxruntimeBinaries.includes(wanted)) {
    problems.push(`onnxruntime-node has no unpacked binary for ${wanted}`)
  } else if (
    !existsSync(
      join(
        unpacked,
        'node_modules',
        'onnxruntime-node',
        'bin',
        'napi-v6',
        wanted,
        'onnxruntime_binding.node'
      )
    )
  ) {
    problems.push(`onnxruntime_binding.node for ${wanted} is not unpacked`)
  }
  for (const other of onnxruntimeBinaries.filter((b) => b !== wanted)) {
    problems.push(`onnxruntime-node binaries for another platform were shipped: ${other}`)
  }

  if (entries.has('/node_modules/sharp/package.json')) {
    const sharpNative = join(unpacked, 'node_modules', '@img', `sharp-${wanted.replace('/', '-')}`)
    if (!existsSync(sharpNative))
      problems.push(`sharp's native package is not unpacked: ${sharpNative}`)
  }

  const modelDir = join(resources, 'models', MODEL_DIR_NAME)
  for (const p of await findModelProblems(modelDir, modelFiles)) {
    problems.push(
      `model ${p.path}: ${p.kind === 'missing' ? 'missing' : `${p.kind} is ${p.actual}`}`
    )
  }
  return {
    problems,
    onnxruntimeBinaries,
    asarBytes: statSync(asarPath).size,
    unpackedBytes: existsSync(unpacked) ? folderBytes(unpacked) : 0
  }
}

/** `platform/arch` pairs under onnxruntime-node's `bin/napi-v*` folders. */
function listBinaryFolders(binDir: string): string[] {
  if (!existsSync(binDir)) return []
  const found: string[] = []
  for (const napi of readdirSync(binDir)) {
    for (const os of readdirSync(join(binDir, napi))) {
      for (const cpu of readdirSync(join(binDir, napi, os))) found.push(`${os}/${cpu}`)
    }
  }
  return found
}

function folderBytes(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size
  }
  return total
}

// CLI: `npx tsx scripts/packaging/inspectPackagedApp.ts <appOutDir>` checks an app built on this
// machine against the pinned model; prints the report and exits 1 on any problem.
if (process.argv[1] && resolve(process.argv[1]) === resolve(__filename)) {
  const appOutDir = process.argv[2]
  if (!appOutDir) throw new Error('usage: inspectPackagedApp.ts <appOutDir>')
  void inspectPackagedApp(resolve(appOutDir), process.platform, process.arch, MODEL_FILES).then(
    (report) => {
      console.log(JSON.stringify(report, null, 2))
      if (report.problems.length > 0) process.exitCode = 1
    }
  )
}
