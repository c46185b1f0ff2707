import { existsSync } from 'node:fs'
import type { LibraryService } from '../library/LibraryService'
import type { OpenContext } from '../openContext'
import type { PdfReader } from '../pdf/PdfReader'
import type { EmbedderProvider } from '../search/types'
import type { WorkerScript } from '../workerScript'
import { FolderImport } from './FolderImport'
import { IdleTuning } from './IdleTuning'
import { IngestTuning } from './IngestTuning'
import { measureIngestion, type MeasureDeps } from './measureIngestion'

/**
 * Reads the ingestion settings measured on this machine.
 * @remarks The first of the two steps of opening the imports: the embedder the library is built
 * on is started with these settings, so they load before it.
 */
export async function openTuning(ctx: OpenContext): Promise<IngestTuning> {
  const tuning = new IngestTuning({
    file: ctx.paths.ingestTuning,
    readOnly: ctx.readOnly,
    log: ctx.log
  })
  await tuning.load()
  return tuning
}

/** What opening the imports needs beyond {@link OpenContext}. */
export interface ImportsOpenContext extends OpenContext {
  tuning: IngestTuning
  library: LibraryService
  embedder: EmbedderProvider
  reader: PdfReader
  embedderScript: WorkerScript | undefined
  openScratch: MeasureDeps['openLibrary']
  /** Resume a folder import the app was running when it last stopped (the app). */
  resumeFolderImport?: boolean
  /** Measure ingestion settings before a folder import when this machine has none (default on). */
  measureIngestion?: boolean
  /** How long "idle" is for the idle measurement (a minute by default). */
  tuneWhenIdleAfterMs?: number
}

/** The imports feature, opened. */
export interface OpenedImports {
  /** Measures ingestion settings on these PDFs (the import's first files, or the library's). */
  measure(pdfs: readonly string[], signal?: AbortSignal): ReturnType<typeof measureIngestion>
  idleTuning: IdleTuning
  folderImport: FolderImport
}

/**
 * Opens the folder import (resuming the one the app was running, when asked) and the ingestion
 * measurements it and the idle app run.
 * @remarks A damaged import manifest is said on the library's notices.
 */
export async function openImports(ctx: ImportsOpenContext): Promise<OpenedImports> {
  const { tuning, embedder, library, readOnly, log } = ctx
  const measure: OpenedImports['measure'] = (pdfs, signal) =>
    measureIngestion(
      {
        tuning,
        embedder,
        reader: ctx.reader,
        script: ctx.embedderScript,
        openLibrary: ctx.openScratch
      },
      pdfs,
      signal
    )
  const idleTuning = new IdleTuning({
    needsMeasuring: () => !readOnly && tuning.needsMeasuring(),
    canMeasure: () => embedder.status().state === 'ready',
    ingesting: () => library.list().some((p) => p.status !== 'indexed' && p.status !== 'error'),
    // The newest papers first: what this user reads now, and what the next import looks like.
    pdfs: () =>
      library
        .list()
        .filter((p) => p.status === 'indexed' && p.chunks > 0)
        .sort((a, b) => b.addedAt.localeCompare(a.addedAt))
        .slice(0, 10)
        .map((p) => library.pdfPath(p.id))
        .filter((f) => existsSync(f)),
    measure,
    log,
    idleMs: ctx.tuneWhenIdleAfterMs
  })
  const folderImport = new FolderImport({
    library,
    file: ctx.paths.folderImport,
    readOnly,
    log,
    emit: (status) => ctx.events.emit('import:progress', status),
    beforeRun: async () => {
      await idleTuning.stop()
      if (!(ctx.measureIngestion ?? true) || !tuning.needsMeasuring()) return
      if (embedder.status().state === 'missing') return
      const status = folderImport.current()
      const files = status ? folderImport.pendingFiles() : []
      await measure(files).catch((e: unknown) =>
        log(`measuring ingestion settings failed; the defaults stay: ${String(e)}`)
      )
    }
  })
  await folderImport.load()
  const importNotice = folderImport.notice()
  if (importNotice) library.addNotice(importNotice)
  if (!readOnly && ctx.resumeFolderImport && folderImport.wasRunning())
    void folderImport
      .resume()
      .catch((e: unknown) => log(`resuming the folder import: ${String(e)}`))
  return { measure, idleTuning, folderImport }
}
