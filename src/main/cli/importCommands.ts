import { resolve } from 'node:path'
import type { FolderImportStatus } from '../../shared/folderImport'
import type { Services } from '../services'
import type { UiLanguage } from '../../shared/types'
import { errorMessage } from '../errors'
import { mainT } from '../i18n'
import { needs, type CliArgs } from './args'
import { call } from './call'
import { cliLanguage } from './language'
import type { CommandOutput } from './output'

/** `12m 05s` */
export function duration(seconds: number): string {
  const s = Math.round(seconds)
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`
}

/** One progress line: counts, speed and ETA, in `language` (numbers as it writes them). */
export function progressLine(s: FolderImportStatus, language: UiLanguage = 'en'): string {
  const t = mainT(language)
  const eta =
    s.state === 'finished'
      ? t('cli.folderImport.done')
      : s.state === 'paused'
        ? t('cli.folderImport.paused')
        : s.state === 'pausing'
          ? t('cli.folderImport.pausing')
          : s.etaSeconds === null
            ? t('cli.folderImport.estimating')
            : t('cli.folderImport.left', { duration: duration(s.etaSeconds) })
  return t('cli.folderImport.line', {
    settled: s.indexed + s.duplicates + s.failed,
    total: s.total,
    indexed: s.indexed,
    duplicates: s.duplicates,
    failed: s.failed,
    rate: s.papersPerSecond,
    eta
  })
}

/** The end summary: totals, then every failure and duplicate with its reason, in `language`. */
export function summaryText(s: FolderImportStatus, language: UiLanguage = 'en'): string {
  const t = mainT(language)
  const counts = {
    folder: s.folder,
    indexed: s.indexed,
    duplicates: s.duplicates,
    failed: s.failed,
    total: s.total,
    left: s.queued + s.inFlight,
    duration: duration(s.elapsedSeconds)
  }
  const head =
    s.state === 'finished'
      ? t('cli.folderImport.finished', counts)
      : s.state === 'cancelled'
        ? t('cli.folderImport.stoppedCancelled', counts)
        : t('cli.folderImport.stoppedPaused', counts)
  const lines = [head]
  if (s.failures.length) {
    lines.push('', t('cli.folderImport.failures'))
    for (const f of s.failures) lines.push(`  ✗ ${f.file}  ${f.code}: ${errorMessage(f, language)}`)
  }
  if (s.duplicateFiles.length) {
    lines.push('', t('cli.folderImport.duplicates'))
    for (const d of s.duplicateFiles) lines.push(`  = ${d.file}  ${errorMessage(d, language)}`)
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
  if (!folder) throw needs('import-folder', 'folder')
  const language = cliLanguage(s)
  const t = mainT(language)
  let last = 0
  const stop = s.events.subscribe((event, payload) => {
    if (event !== 'import:progress' || args.json) return
    const now = Date.now()
    const st = payload as FolderImportStatus
    if (now - last < 1000 && st.state === 'running') return
    last = now
    out(progressLine(st, language))
  })
  try {
    const started = await s.folderImport.start(resolve(folder))
    const done = started.indexed + started.duplicates + started.failed
    const where = { total: started.total, folder: started.folder, done }
    out(done ? t('cli.folderImport.resuming', where) : t('cli.folderImport.starting', where))
    await s.folderImport.settled()
  } finally {
    stop()
  }
  const r = await call(s, 'import:status', {})
  const status = r.status!
  const { tuning } = r
  return {
    json: { import: status, tuning },
    text: summaryText(status, language),
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
  const tuning = await s.measureIngestion(pdfs)
  const t = mainT(cliLanguage(s))
  const rows = tuning.trials.map((x) =>
    t('cli.tuning.trial', {
      mark:
        x.workers === tuning.workers &&
        x.threads === tuning.threads &&
        x.batchSize === tuning.batchSize
          ? '→'
          : ' ',
      workers: x.workers,
      threads: x.threads,
      batch: x.batchSize,
      rate: x.chunksPerSecond,
      stall: x.longestStallMs
    })
  )
  const head = t('cli.tuning.head', {
    workers: tuning.workers,
    threads: tuning.threads,
    batch: tuning.batchSize,
    file: s.paths.ingestTuning
  })
  return {
    json: { tuning },
    text: [head, ...rows].join('\n'),
    exitCode: 0
  }
}
