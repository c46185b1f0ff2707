import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { sha256OfFile } from '../library/pdfFileCheck'
import { mapLimit, OPEN_FILES_AT_ONCE } from '../storage/mapLimit'
import type { SyncFile } from './syncStateFormat'

/** A PDF on disk as a scan saw it. */
export interface SeenFile {
  path: string
  size: number
  mtimeMs: number
  /** Null when the scan did not need to hash it (size and mtime unchanged). */
  sha256: string | null
}

/** What a scan of one folder found against what was recorded of it. */
export interface FolderScan {
  /** Files whose size and mtime are as recorded (not hashed). */
  unchanged: SeenFile[]
  /** New or changed files, hashed. */
  changed: SeenFile[]
  /** Files modified less than `settleMs` ago: still being written (looked at next time). */
  settling: SeenFile[]
  /** Recorded files no longer on disk (those already marked missing left out). */
  gone: string[]
  /** Files found, hashes computed, milliseconds taken. */
  stats: { files: number; hashed: number; ms: number }
}

/** Partial downloads and office lock files that are never papers. */
const TEMPORARY = /(^~\$|^\.|\.(crdownload|part|download|tmp)$)/i

/** Every PDF under `dir` (recursive; hidden and partial files left out), absolute paths. */
export async function pdfsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const out: string[] = []
  for (const e of entries) {
    if (!e.isFile() || !/\.pdf$/i.test(e.name) || TEMPORARY.test(e.name)) continue
    const parent = e.parentPath
    if (parent.split(/[\\/]/).some((part) => part.startsWith('.') && part.length > 1)) continue
    out.push(join(parent, e.name))
  }
  return out.sort()
}

/**
 * Scans a watched folder: size and mtime of every PDF first, the sha256 only of those that are
 * new or differ from what was recorded (or were left half-done, `adding`), so a catch-up scan of
 * thousands of unchanged files costs one `stat` each.
 */
export async function scanFolder(
  dir: string,
  recorded: Readonly<Record<string, SyncFile>>,
  options: { settleMs?: number; now?: number } = {}
): Promise<FolderScan> {
  const started = performance.now()
  const settleMs = options.settleMs ?? 2000
  const now = options.now ?? Date.now()
  const paths = await pdfsUnder(dir)
  const seen = await mapLimit(paths, OPEN_FILES_AT_ONCE, async (path) => {
    const info = await stat(path).catch(() => null)
    return info ? { path, size: info.size, mtimeMs: info.mtimeMs, sha256: null } : null
  })
  const out: FolderScan = {
    unchanged: [],
    changed: [],
    settling: [],
    gone: [],
    stats: { files: 0, hashed: 0, ms: 0 }
  }
  const toHash: SeenFile[] = []
  const present = new Set<string>()
  for (const f of seen) {
    if (!f) continue
    present.add(f.path)
    const r = recorded[f.path]
    if (r && r.state !== 'adding' && r.state !== 'missing' && sameStamp(r, f))
      out.unchanged.push({ ...f, sha256: r.sha256 })
    else if (settleMs > 0 && now - f.mtimeMs < settleMs) out.settling.push(f)
    else toHash.push(f)
  }
  // A few at once: hashing reads whole files, and the disk is the limit.
  const hashed = await mapLimit(toHash, 4, async (f) => ({
    ...f,
    sha256: await sha256OfFile(f.path)
  }))
  for (const f of hashed) if (f.sha256) out.changed.push(f)
  for (const [path, r] of Object.entries(recorded))
    if (!present.has(path) && r.state !== 'missing') out.gone.push(path)
  out.stats = {
    files: present.size,
    hashed: toHash.length,
    ms: Math.round(performance.now() - started)
  }
  return out
}

function sameStamp(r: SyncFile, f: { size: number; mtimeMs: number }): boolean {
  return r.size === f.size && r.mtimeMs === f.mtimeMs
}
