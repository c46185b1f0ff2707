import { z } from 'zod'
import { FolderImportStatusSchema, IngestTuningInfoSchema } from './folderImport'
import {
  IMPORT_KINDS,
  ImportProgressSchema,
  ImportSummarySchema,
  ZoteroOverviewSchema
} from './imports'
import { CollectionName, Empty } from './channelSchemas'

/** A file or folder path the import dialog chose. */
export const ImportPath = z.string().min(1).max(4096)
const ImportStatusOut = z.object({ status: FolderImportStatusSchema.nullable() })

/** The import channels: BibTeX/RIS and Zotero imports, and folder imports with the ingestion tuning. */
export const importChannels = {
  /**
   * Opens the system dialog for a BibTeX/RIS file or a Zotero data folder; the path it returns
   * is the only one the import channels accept. Null when the user cancelled.
   */
  'library:pickImport': {
    input: z.object({ kind: z.enum(IMPORT_KINDS) }).strict(),
    output: z.object({ path: z.string().nullable() })
  },
  /** A Zotero data folder's collections with their item counts (read from a copy). */
  'library:zoteroCollections': {
    input: z.object({ folder: ImportPath }).strict(),
    output: ZoteroOverviewSchema
  },
  /** Imports a BibTeX or RIS file's entries that point at PDFs; optionally into a collection. */
  'library:importBibliography': {
    input: z.object({ file: ImportPath, collection: CollectionName.optional() }).strict(),
    output: ImportSummarySchema
  },
  /** Stops reading the BibTeX/RIS file being imported (it then answers CANCELLED, adding nothing). */
  'library:cancelBibliographyImport': {
    input: Empty,
    output: z.object({ cancelled: z.boolean() })
  },
  /** Imports the chosen collections of a Zotero data folder (all items when none is chosen). */
  'library:importZotero': {
    input: z
      .object({ folder: ImportPath, collections: z.array(z.string().min(1).max(500)).max(1000) })
      .strict(),
    output: ImportSummarySchema
  },
  /**
   * Asks for a folder in the system dialog and imports every PDF under it (or resumes the
   * unfinished import of that folder); null status when the dialog was cancelled.
   */
  'import:start': { input: Empty, output: ImportStatusOut },
  /** The folder import in progress or last finished (null: none), and the ingestion tuning. */
  'import:status': {
    input: Empty,
    output: ImportStatusOut.extend({ tuning: IngestTuningInfoSchema.nullable() })
  },
  'import:pause': { input: Empty, output: ImportStatusOut },
  'import:resume': { input: Empty, output: ImportStatusOut },
  'import:cancel': { input: Empty, output: ImportStatusOut },
  /** Measures ONNX Runtime threads and batch size on this machine again (a few seconds). */
  'import:measure': { input: Empty, output: z.object({ tuning: IngestTuningInfoSchema }) }
} as const

/** The import events. */
export const importEvents = {
  /** One more PDF of an import added (BibTeX/RIS or Zotero). */
  'library:importProgress': ImportProgressSchema,
  'import:progress': FolderImportStatusSchema
} as const
