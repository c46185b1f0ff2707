import { join } from 'node:path'
import {
  MODEL_DIR_NAME,
  MODEL_FILES,
  type ModelFile
} from '../../src/main/search/embedder/modelFiles'
import { verifyModelFolder } from './verifyModelFolder'

/** What the beforePack hook needs to know about one platform/arch being packaged. */
export interface PackTarget {
  /** The project root (where electron-builder.yml is). */
  projectDir: string
  /** Electron's platform name for the target: `linux`, `darwin`, `win32` or `mas`. */
  platform: string
  /** The target architecture: `x64`, `arm64`, ... */
  arch: string
  /** The machine running electron-builder; defaults to this process. */
  host?: { platform: string; arch: string }
  /** The model folder to verify; defaults to {@link MODEL_SOURCE_DIR} in the project. */
  modelDir?: string
  /** The pinned model files; defaults to the app's own list. */
  files?: readonly ModelFile[]
  /** Names of the targets being built (`deb`, `AppImage`, `nsis`, `dmg`, `dir`...). */
  targets?: readonly string[]
  /** The app's package.json and the `linux.maintainer` option, for the .deb's control file. */
  metadata?: { homepage?: unknown; repository?: unknown; author?: unknown }
  maintainer?: string | null
}

/** The model folder packaging copies into the installer, relative to the project root. */
export const MODEL_SOURCE_DIR = join('resources', 'models', MODEL_DIR_NAME)

/**
 * Refuses to package when the installer would be broken: a cross-platform or cross-architecture
 * build, or a missing or altered embedding model.
 * @remarks npm installs native packages (onnxruntime-node's binary is chosen by the file filter,
 * sharp's by npm) for the machine it runs on, so an installer built for another OS or CPU would
 * carry the wrong native code and fail at its first search.
 */
export async function checkBeforePack(target: PackTarget): Promise<void> {
  const host = target.host ?? { platform: process.platform, arch: process.arch }
  const platform = target.platform === 'mas' ? 'darwin' : target.platform
  if (platform !== host.platform || target.arch !== host.arch) {
    throw new Error(
      `Packaging stopped: this machine is ${host.platform}-${host.arch} but the target is ` +
        `${platform}-${target.arch}. Native modules (onnxruntime-node, sharp) are installed for ` +
        `the machine that ran \`npm ci\`, so build each installer on its own OS and CPU ` +
        `(the release workflow does: .github/workflows/release.yml).`
    )
  }
  if (target.targets?.includes('deb')) checkDebMetadata(target.metadata ?? {}, target.maintainer)
  const modelDir = target.modelDir ?? join(target.projectDir, MODEL_SOURCE_DIR)
  await verifyModelFolder(modelDir, target.files ?? MODEL_FILES)
}

/**
 * electron-builder writes the .deb's Maintainer and Homepage fields from package.json, and fails
 * only after packing when they are missing; this says so up front.
 */
function checkDebMetadata(
  metadata: NonNullable<PackTarget['metadata']>,
  maintainer: string | null | undefined
): void {
  const missing: string[] = []
  if (!metadata.homepage && !metadata.repository) missing.push('"homepage" (the project URL)')
  const author = metadata.author
  const email =
    typeof author === 'string'
      ? /<[^>]+@[^>]+>/.test(author)
      : Boolean((author as { email?: string })?.email)
  if (!maintainer && !email) missing.push('"author": { "name": ..., "email": ... }')
  if (missing.length > 0) {
    throw new Error(
      `Packaging stopped: the .deb package needs ${missing.join(' and ')} in package.json ` +
        `(Debian's Maintainer and Homepage fields).`
    )
  }
}
