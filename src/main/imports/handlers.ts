import { resolve } from 'node:path'
import type { FolderImportStatus, IngestTuningInfo } from '../../shared/folderImport'
import type { importChannels } from '../../shared/importChannels'
import { UserFacingError } from '../errors'
import type { IngestTuning } from './IngestTuning'
import { tuningInfo } from './measureIngestion'
import type { HandlerSlice } from '../ipc/combine'
import type { FilePicker } from '../ipc/filePicker'
import type { Grants } from '../ipc/grants'
import type { LibraryPort } from '../library/handlers'

/** What the handlers need of folder imports and ingestion tuning. */
export interface FolderImportPort {
  start(folder: string): Promise<FolderImportStatus>
  pause(): Promise<FolderImportStatus>
  resume(): Promise<FolderImportStatus>
  cancel(): Promise<FolderImportStatus>
  current(): FolderImportStatus | null
  pendingFiles(): string[]
}

/** What the import channels need. */
export interface ImportHandlerDeps {
  library: Pick<LibraryPort, 'list' | 'pdfPath' | 'imports'>
  filePicker: FilePicker
  folderImport: FolderImportPort
  tuning: IngestTuning
  measureIngestion(pdfs: readonly string[]): Promise<IngestTuningInfo>
}

/**
 * The handlers of the import channels: BibTeX/RIS and Zotero (`library:…Import…`) and folder
 * imports (`import:*`).
 * @remarks A file or folder to import must have been chosen in the import dialog (`grants`).
 */
export function importHandlers(
  deps: ImportHandlerDeps,
  grants: Grants
): HandlerSlice<keyof typeof importChannels> {
  return { ...bibliographyHandlers(deps, grants), ...folderImportHandlers(deps) }
}

type ImportChannel = keyof typeof importChannels

function bibliographyHandlers(
  deps: ImportHandlerDeps,
  grants: Grants
): HandlerSlice<Exclude<ImportChannel, `import:${string}`>> {
  return {
    'library:pickImport': async ({ kind }) => {
      if (!deps.filePicker.pickImport)
        throw new UserFacingError(
          'INVALID_INPUT',
          'There is no file dialog here; use the import-bib or import-zotero command instead.'
        )
      const picked = await deps.filePicker.pickImport(kind)
      const path = picked ? resolve(picked) : null
      if (path) grants.grant(path)
      return { path }
    },
    'library:zoteroCollections': ({ folder }) =>
      deps.library.imports.zoteroCollections(grants.chosen(folder, 'library:zoteroCollections')),
    'library:importBibliography': ({ file, collection }) =>
      deps.library.imports.bibliography(grants.chosen(file, 'library:importBibliography'), {
        collection
      }),
    'library:cancelBibliographyImport': async () => ({
      cancelled: deps.library.imports.cancelBibliography()
    }),
    'library:importZotero': ({ folder, collections }) =>
      deps.library.imports.zotero(grants.chosen(folder, 'library:importZotero'), { collections })
  }
}

function folderImportHandlers(
  deps: ImportHandlerDeps
): HandlerSlice<Extract<ImportChannel, `import:${string}`>> {
  return {
    'import:start': async () => {
      if (!deps.filePicker.pickFolder)
        throw new UserFacingError(
          'INVALID_INPUT',
          'There is no folder dialog here; use the import-folder command instead.'
        )
      const folder = await deps.filePicker.pickFolder()
      return { status: folder ? await deps.folderImport.start(folder) : null }
    },
    'import:status': () => ({
      status: deps.folderImport.current(),
      tuning: tuningInfo(deps.tuning)
    }),
    'import:pause': async () => ({ status: await deps.folderImport.pause() }),
    'import:resume': async () => ({ status: await deps.folderImport.resume() }),
    'import:cancel': async () => ({ status: await deps.folderImport.cancel() }),
    'import:measure': async () => {
      const fromLibrary = deps.library
        .list()
        .filter((p) => p.status === 'indexed')
        .map((p) => deps.library.pdfPath(p.id))
      const pdfs = [...deps.folderImport.pendingFiles(), ...fromLibrary]
      return { tuning: await deps.measureIngestion(pdfs) }
    }
  }
}
