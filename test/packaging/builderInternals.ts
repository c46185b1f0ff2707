import { createRequire } from 'node:module'
import { relative, sep } from 'node:path'
import type { Stats } from 'node:fs'

/**
 * electron-builder's own file-selection code, driven without building an installer.
 * @remarks The functions below are app-builder-lib 26.17.0 internals (its `.d.ts` strips them),
 * loaded by path so the tests judge electron-builder.yml with the exact glob semantics, macro
 * expansion and default exclusions the real packager uses. electron-builder is pinned, so these
 * paths are stable; a version bump that moves them fails loudly here.
 */
const load = createRequire(import.meta.url)

type Filter = (file: string, stat: Stats) => boolean
type MacroExpander = (pattern: string) => string
type BuilderConfig = Record<string, unknown> & {
  files?: unknown
  asarUnpack?: unknown
  extraResources?: unknown
}

interface FileMatcher {
  readonly from: string
  readonly to: string
  readonly patterns: string[]
  readonly macroExpander: MacroExpander
  createFilter(): Filter
}
interface FileSet {
  src: string
  files: string[]
  metadata: Map<string, Stats>
}
interface PackagerInfo {
  isPrepackedAppAsar: boolean
  areNodeModulesHandledExternally: boolean
  config: BuilderConfig
  projectDir: string
  buildResourcesDir: string
  appInfo: { type: string }
  debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }
  getWorkspaceRoot(): Promise<string>
}

const fileMatcher = load('app-builder-lib/out/fileMatcher') as {
  FileMatcher: new (from: string, to: string, mx: MacroExpander, patterns?: string[]) => FileMatcher
  excludedExts: string
  getMainFileMatchers(
    appDir: string,
    dest: string,
    mx: MacroExpander,
    platformOptions: object,
    packager: { info: PackagerInfo },
    outDir: string,
    electronCompile: boolean
  ): FileMatcher[]
  getNodeModuleFileMatcher(
    appDir: string,
    dest: string,
    mx: MacroExpander,
    platformOptions: object,
    info: PackagerInfo
  ): FileMatcher
  getFileMatchers(
    config: BuilderConfig,
    name: string,
    dest: string,
    options: {
      macroExpander: MacroExpander
      customBuildOptions: object
      globalOutDir: string
      defaultSrc: string
    }
  ): FileMatcher[] | null
  copyFiles(
    matchers: FileMatcher[] | null,
    transformer: null,
    useHardLink: boolean
  ): Promise<unknown>
}
const appFileCopier = load('app-builder-lib/out/util/appFileCopier') as {
  computeFileSets(
    matchers: FileMatcher[],
    transformer: null,
    packager: { info: PackagerInfo },
    electronCompile: boolean
  ): Promise<FileSet[]>
}
const { NodeModuleCopyHelper } = load('app-builder-lib/out/util/NodeModuleCopyHelper') as {
  NodeModuleCopyHelper: new (
    matcher: FileMatcher,
    info: PackagerInfo
  ) => {
    metadata: Map<string, Stats & { moduleFullFilePath?: string }>
    collectNodeModules(
      module: { dir: string; name: string },
      excludedExts: string[],
      destination: string
    ): Promise<Array<string | undefined>>
  }
}
const { expandMacro } = load('app-builder-lib/out/util/macroExpander') as {
  expandMacro(pattern: string, arch: string | null, appInfo: object, extra: object): string
}
const configModule = load('app-builder-lib/out/util/config/config') as {
  getConfig(
    projectDir: string,
    configPath: string | null,
    fromOptions: null
  ): Promise<BuilderConfig>
  validateConfiguration(
    config: BuilderConfig,
    debugLogger: PackagerInfo['debugLogger']
  ): Promise<void>
}

/** One installer target: electron-builder's platform key, Node's platform name, and the CPU. */
export interface Target {
  os: 'linux' | 'win' | 'mac'
  platform: 'linux' | 'win32' | 'darwin'
  arch: 'x64' | 'arm64'
}

/** The three installers the release workflow builds. */
export const TARGETS: readonly Target[] = [
  { os: 'linux', platform: 'linux', arch: 'x64' },
  { os: 'win', platform: 'win32', arch: 'x64' },
  { os: 'mac', platform: 'darwin', arch: 'arm64' }
]

const noDebug = { isEnabled: false, add: () => undefined }

/** Loads and schema-validates the project's builder configuration as `electron-builder` does. */
export async function loadBuilderConfig(
  projectDir: string,
  configPath: string | null = null
): Promise<BuilderConfig> {
  const config = await configModule.getConfig(projectDir, configPath, null)
  await configModule.validateConfiguration(config, noDebug)
  return config
}

/**
 * electron-builder's macro expansion for a target, with the build machine being that target.
 * @remarks `${platform}` expands to `process.platform`; the release workflow builds each OS on
 * that OS, so the expansion stands in for that machine by setting `process.platform` for the
 * duration of one synchronous call.
 */
export function macroExpanderFor(target: Target): MacroExpander {
  const appInfo = {
    productName: 'ResearchPal',
    sanitizedProductName: 'ResearchPal',
    version: '0.1.0'
  }
  return (pattern) => {
    const real = Object.getOwnPropertyDescriptor(process, 'platform')!
    Object.defineProperty(process, 'platform', { value: target.platform })
    try {
      return expandMacro(pattern, target.arch, appInfo, { os: target.os, '/*': '{,/**/*}' })
    } finally {
      Object.defineProperty(process, 'platform', real)
    }
  }
}

function packagerInfo(projectDir: string, config: BuilderConfig): PackagerInfo {
  return {
    isPrepackedAppAsar: false,
    areNodeModulesHandledExternally: false,
    config,
    projectDir,
    buildResourcesDir: 'build',
    appInfo: { type: 'commonjs' },
    debugLogger: noDebug,
    getWorkspaceRoot: async () => projectDir
  }
}

function platformOptions(config: BuilderConfig, target: Target): object {
  return (config[target.os] as object | undefined) ?? {}
}

/** The project files (outside node_modules) that go into app.asar, relative to the project. */
export async function selectAppFiles(
  projectDir: string,
  config: BuilderConfig,
  target: Target
): Promise<string[]> {
  const info = packagerInfo(projectDir, config)
  const mx = macroExpanderFor(target)
  const matchers = fileMatcher.getMainFileMatchers(
    projectDir,
    '/app',
    mx,
    platformOptions(config, target),
    { info },
    `${projectDir}${sep}release`,
    false
  )
  const sets = await appFileCopier.computeFileSets(matchers, null, { info }, false)
  return sets.flatMap((set) =>
    set.files
      .filter((f) => set.metadata.get(f)?.isFile())
      .map((f) => relative(projectDir, f).split(sep).join('/'))
  )
}

/** A file a node module contributes to the app: its path inside the app and on disk. */
export interface ModuleFile {
  appPath: string
  sourcePath: string
  stat: Stats
}

/** The files of one installed package that electron-builder copies into the app for `target`. */
export async function selectModuleFiles(
  projectDir: string,
  config: BuilderConfig,
  target: Target,
  name: string
): Promise<ModuleFile[]> {
  const info = packagerInfo(projectDir, config)
  const mx = macroExpanderFor(target)
  const main = fileMatcher.getNodeModuleFileMatcher(
    projectDir,
    '/app',
    mx,
    platformOptions(config, target),
    info
  )
  const dir = `${projectDir}${sep}node_modules${sep}${name.split('/').join(sep)}`
  const matcher = new fileMatcher.FileMatcher(
    dir,
    `/app/node_modules/${name}`,
    main.macroExpander,
    main.patterns
  )
  const helper = new NodeModuleCopyHelper(matcher, info)
  const files = await helper.collectNodeModules(
    { dir, name },
    excludedExts(target),
    `node_modules/${name}`
  )
  return files.flatMap((sourcePath) => {
    const stat = sourcePath ? helper.metadata.get(sourcePath) : undefined
    if (!sourcePath || !stat?.isFile()) return []
    return [{ appPath: stat.moduleFullFilePath!.split(sep).join('/'), sourcePath, stat }]
  })
}

/** Mirrors appFileCopier's getNodeModuleExcludedExts (not exported): DLLs only ship to Windows. */
function excludedExts(target: Target): string[] {
  const exts = ['.o', '.obj', ...fileMatcher.excludedExts.split(',').map((e) => `.${e}`), '.pdb']
  return target.os === 'win' ? exts : [...exts, '.dll', '.exe']
}

/** The `asarUnpack` filter electron-builder hands the asar packager for `target`. */
export function asarUnpackFilter(
  projectDir: string,
  config: BuilderConfig,
  target: Target
): (file: ModuleFile) => boolean {
  const matchers = fileMatcher.getFileMatchers(config, 'asarUnpack', '/app', {
    macroExpander: macroExpanderFor(target),
    customBuildOptions: platformOptions(config, target),
    globalOutDir: `${projectDir}${sep}release`,
    defaultSrc: projectDir
  })
  const filter = matchers?.[0]?.createFilter()
  return (file) => filter?.(file.sourcePath, file.stat) ?? false
}

/** Copies `extraResources` into `resourcesDir` with electron-builder's own copier. */
export async function copyExtraResources(
  projectDir: string,
  config: BuilderConfig,
  target: Target,
  resourcesDir: string
): Promise<void> {
  const matchers = fileMatcher.getFileMatchers(config, 'extraResources', resourcesDir, {
    macroExpander: macroExpanderFor(target),
    customBuildOptions: platformOptions(config, target),
    globalOutDir: `${projectDir}${sep}release`,
    defaultSrc: projectDir
  })
  await fileMatcher.copyFiles(matchers, null, false)
}
