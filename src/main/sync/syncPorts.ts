import type { ImportedOutcome, ImportedPdf, ImportedReference } from '../library/importers'
import type { AddOutcome } from '../library/PaperIntake'
import type { StoredPaper } from '../storage/catalogFormat'
import type { SyncChangeKind } from '../../shared/sync'
import type { SyncChange } from './syncStateFormat'

/** What a sync needs of the library: its public entry points. */
export interface SyncLibrary {
  list(): StoredPaper[]
  byId(id: string): StoredPaper | undefined
  bySha(sha256: string): StoredPaper | undefined
  addPathsDetailed(paths: string[]): Promise<AddOutcome[]>
  addImported(items: ImportedPdf[]): Promise<ImportedOutcome>
  addReferences(items: ImportedReference[]): Promise<(string | null)[]>
  /** Puts a PDF into a metadata-only paper, keeping its id. */
  attachPdf(paperId: string, name: string, bytes: Uint8Array): Promise<unknown>
  applySync(id: string, change: Partial<StoredPaper>): Promise<StoredPaper>
  organizer: {
    collectionNamed(name: string): Promise<{ id: string }>
    collections(): { id: string; name: string }[]
  }
}

/** A change as a pass notes it: the paper, when there is one, named by id and title. */
export interface SyncNote {
  kind: SyncChangeKind
  source: SyncChange['source']
  file: string | null
  paper?: { id: string; title: string } | null
}
