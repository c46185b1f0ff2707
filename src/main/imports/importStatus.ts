import type { FolderImportEntry, FolderImportStatus } from '../../shared/folderImport'
import type { ImportItem, ImportJobDocument } from '../storage/importJobFormat'
import type { EtaInput } from './importEta'

/** The states a file of an import ends in. */
export const FINAL = new Set<ImportItem['state']>(['done', 'duplicate', 'failed'])
/** The states of a file handed to the library and not yet settled. */
export const IN_FLIGHT = new Set<ImportItem['state']>(['adding', 'added'])

/** How many files of an import are in each state (`settled`: in a final one). */
export function importCounts(
  items: readonly ImportItem[]
): Record<'queued' | 'inFlight' | 'done' | 'duplicate' | 'failed' | 'settled', number> {
  const c = { queued: 0, inFlight: 0, done: 0, duplicate: 0, failed: 0, settled: 0 }
  for (const i of items) {
    if (i.state === 'queued') c.queued++
    else if (IN_FLIGHT.has(i.state)) c.inFlight++
    else {
      c[i.state as 'done' | 'duplicate' | 'failed']++
      c.settled++
    }
  }
  return c
}

/**
 * An import's progress as the window and the CLI show it.
 * @param state - the job's state as it stands now (`pausing` while a pause waits for papers).
 * @param elapsedMs - the time the import has run, this session included.
 * @param estimate - the time left from the recent speed (see ImportEta), given what is left.
 */
export function importStatus(
  job: ImportJobDocument,
  state: FolderImportStatus['state'],
  elapsedMs: number,
  estimate: (x: EtaInput) => number | null
): FolderImportStatus {
  const c = importCounts(job.items)
  const entry = (i: ImportItem): FolderImportEntry => ({
    file: i.path,
    code: i.code ?? 'DUPLICATE',
    message: i.message ?? '',
    ...(i.key ? { key: i.key } : {}),
    ...(i.key && i.params ? { params: i.params } : {}),
    paperId: i.paperId
  })
  return {
    jobId: job.id,
    folder: job.folder,
    state,
    total: job.items.length,
    indexed: c.done,
    duplicates: c.duplicate,
    failed: c.failed,
    inFlight: c.inFlight,
    queued: c.queued,
    elapsedSeconds: Math.round(elapsedMs / 100) / 10,
    papersPerSecond: elapsedMs > 0 ? Math.round((c.settled / (elapsedMs / 1000)) * 100) / 100 : 0,
    etaSeconds: eta(job, elapsedMs, estimate),
    failures: job.items.filter((i) => i.state === 'failed').map(entry),
    duplicateFiles: job.items.filter((i) => i.state === 'duplicate').map(entry)
  }
}

// Time remaining from the recent speed (see ImportEta). Duplicates are left out of both the
// work done and the work left: they cost almost nothing and would make it optimistic.
function eta(
  job: ImportJobDocument,
  elapsedMs: number,
  estimate: (x: EtaInput) => number | null
): number | null {
  let workedBytes = 0
  let workedPapers = 0
  let leftBytes = 0
  let leftPapers = 0
  for (const i of job.items) {
    if (i.state === 'done' || i.state === 'failed') {
      workedBytes += i.bytes
      workedPapers++
    } else if (!FINAL.has(i.state)) {
      leftBytes += i.bytes
      leftPapers++
    }
  }
  if (leftPapers === 0) return job.state === 'running' ? 0 : null
  return estimate({ leftPapers, leftBytes, elapsedMs, workedPapers, workedBytes })
}
