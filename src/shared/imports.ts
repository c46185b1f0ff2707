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

/** An entry that was not added because there is no PDF; it can be fetched by arXiv id or DOI. */
export const EntryWithoutPdfSchema = z.object({
  title: z.string().nullable(),
  key: z.string().nullable(),
  arxivId: z.string().nullable(),
  doi: z.string().nullable(),
  reason: z.string()
})
/** An entry without a PDF. */
export type EntryWithoutPdf = z.infer<typeof EntryWithoutPdfSchema>

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
  collections: z.array(z.string())
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
