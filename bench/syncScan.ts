import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scanFolder } from '../src/main/sync/folderScan'
import type { SyncFile } from '../src/main/sync/syncStateFormat'

/** How long a watched folder's start-up catch-up scan takes (issue 33). */
export interface SyncScanFigures {
  files: number
  /** First scan: nothing recorded, every file stat'ed and hashed. */
  firstScanSeconds: number
  /** Catch-up with nothing changed: size + mtime only, no file hashed. */
  unchangedSeconds: number
  unchangedHashed: number
  /** Catch-up after `changed` files were rewritten: only those hashed. */
  changed: number
  changedSeconds: number
  changedHashed: number
  note: string
}

/**
 * Scans a generated folder of `files` small PDFs (10,000; `--quick`: 1,000) in 20 subfolders
 * with the sync's own `scanFolder`: once from nothing, once unchanged, once with 1% rewritten.
 * The library is not involved (adding papers is the import's cost, measured elsewhere).
 */
export async function syncScan(quick: boolean): Promise<SyncScanFigures> {
  const files = quick ? 1000 : 10_000
  const dir = await mkdtemp(join(tmpdir(), 'rp-bench-sync-'))
  try {
    const body = Buffer.alloc(8 * 1024, 0x20)
    for (let d = 0; d < 20; d++) await mkdir(join(dir, `folder-${d}`))
    const paths: string[] = []
    for (let i = 0; i < files; i++) {
      const path = join(dir, `folder-${i % 20}`, `paper-${i}.pdf`)
      paths.push(path)
      await writeFile(path, Buffer.concat([Buffer.from(`%PDF-1.4\n% ${i}\n`), body]))
    }
    const now = Date.now() + 60_000
    const time = async (recorded: Record<string, SyncFile>) => {
      const t0 = performance.now()
      const scan = await scanFolder(dir, recorded, { settleMs: 0, now })
      return { scan, seconds: Math.round(performance.now() - t0) / 1000 }
    }
    const first = await time({})
    const recorded: Record<string, SyncFile> = {}
    for (const f of first.scan.changed)
      recorded[f.path] = {
        size: f.size,
        mtimeMs: f.mtimeMs,
        sha256: f.sha256,
        paperId: null,
        state: 'synced',
        message: null
      }
    const unchanged = await time(recorded)
    const changed = Math.max(1, Math.round(files / 100))
    for (let i = 0; i < changed; i++)
      await writeFile(
        paths[(i * 97) % files]!,
        Buffer.concat([Buffer.from(`%PDF-1.4\n% changed ${i}\n`), body])
      )
    const after = await time(recorded)
    return {
      files,
      firstScanSeconds: first.seconds,
      unchangedSeconds: unchanged.seconds,
      unchangedHashed: unchanged.scan.stats.hashed,
      changed,
      changedSeconds: after.seconds,
      changedHashed: after.scan.stats.hashed,
      note: '8 KB PDFs in 20 subfolders; stat 64 at once, sha256 4 at once; page cache warm'
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
