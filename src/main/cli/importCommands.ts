import { resolve } from 'node:path'
import type { FolderImportStatus } from '../../shared/folderImport'
import type { Services } from '../services'
import { tuningInfo } from '../ingest/bulk/measureIngestion'
import { UsageError, type CliArgs } from './args'
import type { CommandOutput } from './output'

/** `12m 05s` */
export function duration(seconds: number): string {
  const s = Math.round(seconds)
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`
}

/** One progress line: counts, speed and ETA. */
export function progressLine(s: FolderImportStatus): string {
  const settled = s.indexed + s.duplicates + s.failed
  const eta =
    s.state === 'finished'
      ? 'done'
      : s.state === 'paused' || s.state === 'pausing'
        ? s.state
        : s.etaSeconds === null
          ? 'estimating…'
          : `about ${duration(s.etaSeconds)} left`
  return `… ${settled}/${s.total} files (${s.indexed} indexed, ${s.duplicates} duplicate, ${s.failed} failed), ${s.papersPerSecond.toFixed(2)} papers/s, ${eta}`
}

/** The end summary: totals, then every failure and duplicate with its reason. */
export function summaryText(s: FolderImportStatus): string {
  const head =
    s.state === 'finished'
      ? `Imported ${s.folder}: ${s.indexed} indexed, ${s.duplicates} duplicate(s), ${s.failed} failed, of ${s.total} PDF(s) in ${duration(s.elapsedSeconds)}.`
      : `Import of ${s.folder} ${s.state === 'cancelled' ? 'cancelled' : 'paused'}: ${s.indexed} indexed, ${s.duplicates} duplicate(s), ${s.failed} failed, ${s.queued + s.inFlight} left of ${s.total}. Run the same command again to resume.`
  const lines = [head]
  if (s.failures.length) {
    lines.push('', 'Failed:')
    for (const f of s.failures) lines.push(`  ✗ ${f.file}  ${f.code}: ${f.message}`)
  }
  if (s.duplicateFiles.length) {
    lines.push('', 'Duplicates (skipped):')
    for (const d of s.duplicateFiles) lines.push(`  = ${d.file}  ${d.message}`)
  }
  return lines.join('\n')
}

/**
 * `import-folder <folder>`: imports every PDF under the folder, or resumes the unfinished import
 * of that folder. Ctrl-C pauses (the papers in flight finish); running it again resumes.
 */
export async function importFolder(
  s: Services,
  args: CliArgs,
  out: (line: string) => void
): Promise<CommandOutput> {
  const [folder] = args.positional
  if (!folder) throw new UsageError('import-folder needs a folder of PDFs')
  let last = 0
  const stop = s.events.subscribe((event, payload) => {
    if (event !== 'import:progress' || args.json) return
    const now = Date.now()
    const st = payload as FolderImportStatus
    if (now - last < 1000 && st.state === 'running') return
    last = now
    out(progressLine(st))
  })
  try {
    const started = await s.folderImport.start(resolve(folder))
    out(
      `Importing ${started.total} PDF(s) from ${started.folder}${started.indexed + started.duplicates + started.failed ? ` (resuming: ${started.indexed + started.duplicates + started.failed} already done)` : ''}`
    )
    await s.folderImport.settled()
  } finally {
    stop()
  }
  const status = s.folderImport.current()!
  const tuning = tuningInfo(s.tuning)
  return {
    json: { import: status, tuning },
    text: summaryText(status),
    exitCode: status.state === 'finished' && status.failed === 0 ? 0 : 1
  }
}

/**
 * `tune-ingest [folder]`: measures again, end to end on the folder's first PDFs, the embedder
 * layout (workers × ONNX Runtime threads) and batch size ingestion uses on this machine.
 */
export async function tuneIngest(s: Services, args: CliArgs): Promise<CommandOutput> {
  const { readdir } = await import('node:fs/promises')
  const dir = args.positional[0] ? resolve(args.positional[0]) : s.paths.pdfs
  const pdfs = (await readdir(dir).catch(() => []))
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .map((f) => resolve(dir, f))
  const t = await s.measureIngestion(pdfs)
  const rows = t.trials.map(
    (x) =>
      `  ${x.workers === t.workers && x.threads === t.threads && x.batchSize === t.batchSize ? '→' : ' '} ${x.workers} worker(s) × ${x.threads} thread(s), batch ${x.batchSize}: ${x.chunksPerSecond.toFixed(1)} chunks/s end to end, longest stall ${x.longestStallMs.toFixed(0)} ms`
  )
  return {
    json: { tuning: t },
    text: [
      `Ingestion on this machine: ${t.workers} embedder worker(s) × ${t.threads} ONNX Runtime thread(s), batches of ${t.batchSize} (saved in ${s.paths.ingestTuning}).`,
      ...rows
    ].join('\n'),
    exitCode: 0
  }
}
