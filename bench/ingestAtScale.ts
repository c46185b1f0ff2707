import { join } from 'node:path'
import { bulkImportBench, type BulkImportReport } from './bulkImportBench'
import { ingestThreads, type IngestThreadsOptions, type IngestThreadsReport } from './ingestThreads'

/** Issue 20's ingestion figures: 1 thread, 2 threads, 2 workers × 1 thread and auto end to end, and the interrupted bulk import. */
export interface IngestAtScale {
  threads: IngestThreadsReport
  bulkImport: BulkImportReport
  figures: {
    corpusSecondsAuto: number
    chunksPerSecondOneThread: number
    chunksPerSecondTwoThreads: number
    chunksPerSecondTwoWorkers: number
    chunksPerSecondAuto: number
    longestStallAutoMs: number
    bulkImportPdfs: number
    bulkImportNothingDoneTwice: boolean
    bulkImportPapersPerSecond: number
  }
}

/** PDFs in the bulk import: a thousand, or a handful in `--quick`. */
export const BULK_PDFS = { full: 1000, quick: 12 } as const

/** Runs both parts; `script` is the bench entry that handles `--child-e2e` and `--child-bulk`. */
export async function ingestAtScale(
  options: IngestThreadsOptions & {
    pageTexts: readonly string[]
    hostileDir: string | null
    bulkCount?: number
  }
): Promise<IngestAtScale> {
  const threads = await ingestThreads({ ...options, root: join(options.root, 'threads') })
  const bulkImport = await bulkImportBench({
    script: options.script,
    root: join(options.root, 'bulk'),
    modelDir: options.modelDir,
    workerDir: options.workerDir,
    pageTexts: options.pageTexts,
    count: options.bulkCount ?? (options.quick ? BULK_PDFS.quick : BULK_PDFS.full),
    hostileDir: options.hostileDir,
    tuningFile: join(options.root, 'threads', 'ingest-tuning.json'),
    log: options.log
  })
  return {
    threads,
    bulkImport,
    figures: {
      corpusSecondsAuto: threads.runs.auto.seconds,
      chunksPerSecondOneThread: threads.runs.one.chunksPerSecond,
      chunksPerSecondTwoThreads: threads.runs.two.chunksPerSecond,
      chunksPerSecondTwoWorkers: threads.runs.twoWorkers.chunksPerSecond,
      chunksPerSecondAuto: threads.runs.auto.chunksPerSecond,
      longestStallAutoMs: threads.runs.auto.longestStallMs,
      bulkImportPdfs: bulkImport.pdfs,
      bulkImportNothingDoneTwice: bulkImport.nothingDoneTwice,
      bulkImportPapersPerSecond: bulkImport.papersPerSecond
    }
  }
}

/** Issue 20's ingestion targets, as met / not met (never a failure of the run). */
export function ingestTargets(
  f: IngestAtScale['figures'],
  quick: boolean
): Record<string, { value: number | boolean; target: string; met: boolean }> {
  return {
    corpusSecondsAuto: {
      value: f.corpusSecondsAuto,
      target: quick ? '(18 papers <= 20 s; --quick ingests one)' : '<= 20 (18 papers)',
      met: f.corpusSecondsAuto <= 20
    },
    longestStallAutoMs: {
      value: f.longestStallAutoMs,
      target: '<= 50',
      met: f.longestStallAutoMs <= 50
    },
    bulkImportInterruptedNothingTwice: {
      value: f.bulkImportNothingDoneTwice,
      target: `true (${f.bulkImportPdfs} PDFs, killed and resumed)`,
      met: f.bulkImportNothingDoneTwice
    }
  }
}
