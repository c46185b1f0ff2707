// The CLI and its workers built to JavaScript (out/cli) with esbuild, rebuilt when a source is
// newer: `npm run cli` then starts in plain Node instead of compiling TypeScript through tsx.
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Where the built CLI goes (electron-vite's out/main stays the app's). */
export const OUT = join(ROOT, 'out/cli')
export const CLI = join(OUT, 'cli.js')
const ENTRIES = {
  cli: 'src/main/cli.ts',
  embedderWorker: 'src/main/search/embedder/embedderWorker.ts',
  extractionWorker: 'src/main/ingest/extractionWorker.ts',
  ocrWorker: 'src/main/ocr/ocrWorker.ts',
  vectraWorker: 'src/main/search/vectraWorker.ts'
}
/** What the bundle is made of: a newer file here means a rebuild. */
const INPUTS = [
  'src/main',
  'src/shared',
  'package.json',
  'package-lock.json',
  'scripts/cliBuild.mjs'
]

function newest(path) {
  const s = statSync(path, { throwIfNoEntry: false })
  if (!s) return 0
  if (!s.isDirectory()) return s.mtimeMs
  let t = s.mtimeMs
  for (const e of readdirSync(path)) t = Math.max(t, newest(join(path, e)))
  return t
}

/** True when out/cli is missing or older than a source file. */
export function isStale() {
  const built = Math.min(
    ...Object.keys(ENTRIES).map(
      (n) => statSync(join(OUT, `${n}.js`), { throwIfNoEntry: false })?.mtimeMs ?? 0
    )
  )
  return built === 0 || INPUTS.some((p) => newest(join(ROOT, p)) > built)
}

/**
 * Builds out/cli. Each file is written beside its place and renamed over it, so a CLI starting
 * meanwhile (tests run several) reads either the old file or the new one, never half of one.
 */
export async function build() {
  const { build: esbuild } = await import('esbuild')
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([n, f]) => [n, join(ROOT, f)])),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    packages: 'external',
    outdir: OUT,
    write: false,
    logLevel: 'error',
    // pdf.js and tesseract take `require` when it exists, else import.meta.url (ESM only).
    logOverride: { 'empty-import-meta': 'silent' }
  })
  mkdirSync(OUT, { recursive: true })
  for (const file of result.outputFiles) {
    const tmp = `${file.path}.${process.pid}.tmp`
    writeFileSync(tmp, file.contents)
    renameSync(tmp, file.path)
  }
  return result.outputFiles.map((f) => relative(ROOT, f.path))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await build()
  console.error(`built ${files.join(', ')}`)
}
