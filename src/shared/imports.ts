import { z } from 'zod'

/** What the import dialog can open: a BibTeX/RIS file or a Zotero data folder. */
export const IMPORT_KINDS = ['bibliography', 'zotero'] as const
/** One of {@link IMPORT_KINDS}. */
export type ImportKind = (typeof IMPORT_KINDS)[number]

/** A Zotero collection to pick: its full name ("Parent / Child") and how many items it holds. */
export const ZoteroCollectionSchema = z.object({ name: z.string(), items: z.number().int() })

/** What a Zotero data folder holds, shown before importing so the user can pick collections. */
export const ZoteroOverviewSchema = z.object({
  collections: z.array(ZoteroCollectionSchema),
  /** Items in the whole library (not notes, attachments or the trash). */
  items: z.number().int(),
  /** Of those, how many have a PDF attachment. */
  withPdf: z.number().int()
})
/** What a Zotero data folder holds. */
export type ZoteroOverview = z.infer<typeof ZoteroOverviewSchema>

/**
 * An entry without a PDF: kept as a metadata-only paper (`paperId`), its PDF fetchable later by
 * arXiv id or DOI, or attached by hand.
 */
export const EntryWithoutPdfSchema = z.object({
  title: z.string().nullable(),
  key: z.string().nullable(),
  arxivId: z.string().nullable(),
  doi: z.string().nullable(),
  /** The metadata-only paper it became; null: not kept (the library is read-only). */
  paperId: z.string().nullable(),
  reason: z.string()
})
/** An entry without a PDF. */
export type EntryWithoutPdf = z.infer<typeof EntryWithoutPdfSchema>

/**
 * What can be odd about one entry of a bibliography file: `noKey` (imported with a generated
 * key), `recovered` (a syntax error; its fields were read line by line), `syntax` (skipped),
 * `unknownType` (imported as a generic reference), `badDate` (imported without a year),
 * `missingCrossref` (its crossref/xdata is not in the file).
 */
export const ENTRY_ISSUE_CODES = [
  'noKey',
  'recovered',
  'syntax',
  'unknownType',
  'badDate',
  'missingCrossref'
] as const

/** One odd entry: its line in the file, its key when it has one, and what was odd. */
export const EntryIssueSchema = z.object({
  line: z.number().int(),
  key: z.string().nullable(),
  code: z.enum(ENTRY_ISSUE_CODES),
  /** The parser's words, the type or the missing key, as the code needs. */
  detail: z.string()
})
/** One odd entry of a bibliography file. */
export type EntryIssue = z.infer<typeof EntryIssueSchema>

/** What an import did: papers added (or already there), PDFs that failed, entries without PDF. */
export const ImportSummarySchema = z.object({
  added: z.array(
    z.object({
      paperId: z.string(),
      title: z.string(),
      status: z.string(),
      file: z.string(),
      duplicate: z.boolean(),
      error: z.string().nullable()
    })
  ),
  failed: z.array(z.object({ file: z.string(), title: z.string().nullable(), reason: z.string() })),
  withoutPdf: z.array(EntryWithoutPdfSchema),
  /** ResearchPal collections the papers were put in. */
  collections: z.array(z.string()),
  /** Entries the file holds (a Zotero folder: its items). */
  entries: z.number().int(),
  /** The encoding the file was read in (`utf-8`, `windows-1252`, `utf-16le`); null: a database. */
  encoding: z.string().nullable(),
  /** Entries skipped or recovered, with their line and why. */
  issues: z.array(EntryIssueSchema),
  /**
   * Entries without a PDF here that are already in the library (same DOI, arXiv id, or title
   * and year): nothing to fetch.
   */
  matched: z.array(
    z.object({ key: z.string().nullable(), title: z.string().nullable(), paperId: z.string() })
  )
})
/** What an import did. */
export type ImportSummary = z.infer<typeof ImportSummarySchema>

/** How far an import is: PDFs added of those found, and the last file's name. */
export const ImportProgressSchema = z.object({
  done: z.number().int(),
  total: z.number().int(),
  file: z.string()
})
/** How far an import is. */
export type ImportProgress = z.infer<typeof ImportProgressSchema>
