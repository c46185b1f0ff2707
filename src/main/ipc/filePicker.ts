import type { ImportKind } from '../../shared/imports'

/** Shows the system's file dialogs (Electron), or scripted ones (e2e). */
export interface FilePicker {
  pickPdfs(): Promise<string[]>
  /** Asks for a folder to import (or to watch); null when the user cancelled. */
  pickFolder?(purpose?: 'import' | 'watch'): Promise<string | null>
  /** Asks for a BibTeX/RIS file or a Zotero data folder to import; null when cancelled. */
  pickImport?(kind: ImportKind): Promise<string | null>
  /** Asks where to save a text file and writes it there; null when the user cancelled. */
  saveText?(suggestedName: string, text: string): Promise<string | null>
}
