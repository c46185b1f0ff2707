import { z } from 'zod'
import { CitationStyleSchema } from './citationStyles'
import { AppErrorSchema } from './errors'
import { UI_LANGUAGES } from './languages'
import {
  CollectionSchema,
  IngestProgressSchema,
  LibraryNoticeSchema,
  PageRangeSchema,
  PaperSchema,
  RegionSchema
} from './types'
import {
  CollectionId,
  CollectionName,
  Empty,
  MAX_PDF_BYTES,
  PaperIdSchema,
  PaperOut,
  PapersOut,
  PdfBytesSchema
} from './channelSchemas'
import { DoiSchema, PaperEditSchema } from './paperFields'

/** Most pages one `library:pages` call returns. */
export const MAX_PAGES_PER_READ = 20

/** A range of pages of one paper, 1-based and inclusive. */
export const PagesInputSchema = z
  .object({
    paperId: PaperIdSchema,
    from: z.number().int().min(1),
    to: z.number().int().min(1).optional()
  })
  .strict()
  .refine((r) => r.to === undefined || r.to >= r.from, {
    message: 'to must not be before from',
    path: ['to']
  })
  .refine((r) => r.to === undefined || r.to - r.from < MAX_PAGES_PER_READ, {
    message: `at most ${MAX_PAGES_PER_READ} pages at a time`,
    path: ['to']
  })
/** A range of pages of one paper. */
export type PagesInput = z.infer<typeof PagesInputSchema>

/** A filter over the catalog: words of the title, authors, id or year. */
export const FindPapersInputSchema = z
  .object({
    query: z.string().trim().max(200).optional(),
    collection: z.string().trim().min(1).max(200).optional()
  })
  .strict()
/** A filter over the catalog. */
export type FindPapersInput = z.infer<typeof FindPapersInputSchema>

/** A collection with the number of papers in it. */
export const CollectionInfoSchema = CollectionSchema.extend({ count: z.number().int() })
/** A collection with the number of papers in it. */
export type CollectionInfo = z.infer<typeof CollectionInfoSchema>
const CollectionsOut = z.object({ collections: z.array(CollectionInfoSchema) })

// The DOI and the hand-edit schemas come from the paper-field table (one row a field).
export { DoiSchema, PaperEditSchema }
export type { PaperEditInput } from './paperFields'

/** Which papers: some ids, a collection, or (neither) the whole library. */
export const PaperSelectionSchema = z
  .object({
    paperIds: z.array(PaperIdSchema).min(1).max(10_000).optional(),
    collectionId: CollectionId.optional()
  })
  .strict()

/** The library channels: the catalog, adding and removing papers, collections, BibTeX, reading. */
export const libraryChannels = {
  'library:list': { input: Empty, output: PapersOut },
  'library:find': { input: FindPapersInputSchema, output: PapersOut },
  /** The cleaned text of a range of pages. */
  'library:pages': { input: PagesInputSchema, output: PageRangeSchema },
  /** Opens the system file dialog; the paths it returns are the only ones addPaths accepts. */
  'library:pickFiles': { input: Empty, output: z.object({ paths: z.array(z.string()) }) },
  'library:addPaths': {
    input: z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(500) }).strict(),
    output: PapersOut
  },
  /** A dropped file's bytes, as bytes (Electron's IPC carries a Uint8Array as it is). */
  'library:addFile': {
    input: z
      .object({
        name: z.string().min(1).max(255),
        data: PdfBytesSchema.refine((b) => b.byteLength > 0, 'the file is empty').refine(
          (b) => b.byteLength <= MAX_PDF_BYTES,
          `must be at most ${MAX_PDF_BYTES / 1024 / 1024} MB`
        )
      })
      .strict(),
    output: PaperOut
  },
  /** Puts a PDF (a dropped or chosen file's bytes) into a metadata-only paper, keeping its id. */
  'library:attachPdf': {
    input: z
      .object({
        paperId: PaperIdSchema,
        name: z.string().min(1).max(255),
        data: PdfBytesSchema.refine((b) => b.byteLength > 0, 'the file is empty').refine(
          (b) => b.byteLength <= MAX_PDF_BYTES,
          `must be at most ${MAX_PDF_BYTES / 1024 / 1024} MB`
        )
      })
      .strict(),
    output: PaperOut
  },
  /** Fetches a metadata-only paper's PDF into it: arXiv by its id, else Unpaywall by its DOI. */
  'library:fetchPdf': { input: z.object({ paperId: PaperIdSchema }).strict(), output: PaperOut },
  'library:addArxiv': {
    input: z.object({ id: z.string().trim().min(1).max(300) }).strict(),
    output: PaperOut
  },
  'library:addDefaults': { input: Empty, output: PapersOut },
  /** What the library repaired or found at open and since (a rebuilt catalog, damaged files). */
  'library:notices': {
    input: Empty,
    output: z.object({ notices: z.array(LibraryNoticeSchema) })
  },
  'library:remove': {
    input: z.object({ paperId: PaperIdSchema }).strict(),
    output: z.object({ removed: z.literal(true) })
  },
  'library:retry': { input: z.object({ paperId: PaperIdSchema }).strict(), output: PaperOut },
  'library:cancel': {
    input: z.object({ paperId: PaperIdSchema.optional() }).strict(),
    output: z.object({ cancelled: z.number().int() })
  },
  /** The PDF's bytes, for the viewer. */
  'library:pdf': {
    input: z.object({ paperId: PaperIdSchema }).strict(),
    output: z.object({ paperId: z.string(), data: PdfBytesSchema })
  },
  'library:edit': {
    input: z.object({ paperId: PaperIdSchema, edit: PaperEditSchema }).strict(),
    output: PaperOut
  },
  'library:collections': { input: Empty, output: CollectionsOut },
  'library:createCollection': {
    input: z.object({ name: CollectionName }).strict(),
    output: z.object({ collection: CollectionSchema })
  },
  'library:renameCollection': {
    input: z.object({ collectionId: CollectionId, name: CollectionName }).strict(),
    output: z.object({ collection: CollectionSchema })
  },
  'library:deleteCollection': {
    input: z.object({ collectionId: CollectionId }).strict(),
    output: z.object({ deleted: z.literal(true) })
  },
  /** Puts papers into a collection (`member: true`) or takes them out. */
  'library:setCollection': {
    input: z
      .object({
        collectionId: CollectionId,
        paperIds: z.array(PaperIdSchema).min(1).max(10_000),
        member: z.boolean()
      })
      .strict(),
    output: PapersOut
  },
  /** BibTeX for a selection, with stable keys (authorYEARword, deduplicated). */
  'library:bibtex': {
    input: PaperSelectionSchema,
    output: z.object({
      bibtex: z.string(),
      count: z.number().int(),
      entries: z.array(z.object({ paperId: z.string(), key: z.string() }))
    })
  },
  /** The selection as RIS, for reference managers that read it (EndNote, Mendeley, Zotero). */
  'library:ris': {
    input: PaperSelectionSchema,
    output: z.object({ ris: z.string(), count: z.number().int() })
  },
  /** Formatted references for a selection in a CSL style (APA, ABNT…), in the UI language. */
  'library:references': {
    input: PaperSelectionSchema.extend({
      style: CitationStyleSchema,
      uiLanguage: z.enum(UI_LANGUAGES).optional()
    }).strict(),
    output: z.object({
      references: z.array(z.object({ paperId: z.string(), text: z.string() }))
    })
  },
  /** Asks where to save the selection's `.bib` (system dialog) and writes it. */
  'library:saveBibtex': {
    input: PaperSelectionSchema,
    output: z.object({ path: z.string().nullable(), count: z.number().int() })
  },
  /** Asks arXiv and Crossref (OpenAlex as fallback) for papers' details; hand edits stay. */
  'library:refreshMetadata': {
    input: z.object({ paperIds: z.array(PaperIdSchema).max(10_000).optional() }).strict(),
    output: z.object({
      updated: z.array(z.string()),
      waiting: z.number().int(),
      stoppedBy: AppErrorSchema.nullable()
    })
  },
  /** Adds a paper by DOI: its open-access PDF (Unpaywall) with Crossref's details. */
  'library:addDoi': { input: z.object({ doi: DoiSchema }).strict(), output: PaperOut },
  /** Searches arXiv by title: candidates to pick from (then `library:addArxiv`). */
  'library:searchArxiv': {
    input: z.object({ title: z.string().trim().min(3).max(300) }).strict(),
    output: z.object({
      candidates: z.array(
        z.object({
          arxivId: z.string(),
          title: z.string(),
          authors: z.array(z.string()),
          year: z.number().int().nullable()
        })
      )
    })
  },
  /** The library's papers most like this one (vectors when the model is there, else keywords). */
  'library:related': {
    input: z.object({ paperId: PaperIdSchema }).strict(),
    output: z.object({
      mode: z.string(),
      related: z.array(
        z.object({ paperId: z.string(), title: z.string(), score: z.number(), passage: z.string() })
      )
    })
  },
  /** The references a paper cites that the library does not have; `add` says how to add one. */
  'library:missingRefs': {
    input: z.object({ paperId: PaperIdSchema }).strict(),
    output: z.object({
      total: z.number().int(),
      missing: z.array(
        z.object({
          title: z.string().nullable(),
          arxivId: z.string().nullable(),
          doi: z.string().nullable(),
          year: z.number().int().nullable(),
          text: z.string(),
          add: z.string().nullable()
        })
      ),
      /** Cited references the library holds without a PDF (metadata-only papers). */
      withoutPdf: z.array(z.object({ paperId: z.string(), title: z.string() }))
    })
  },
  /** The words OCR read on a page, with their boxes (empty when the page has a text layer). */
  'library:ocrWords': {
    input: z
      .object({ paperId: PaperIdSchema, page: z.number().int().min(1).max(100_000) })
      .strict(),
    output: z.object({
      words: z.array(z.object({ text: z.string(), box: RegionSchema }))
    })
  },
  /** A region of a page (a figure, a table) drawn as a small PNG, base64, for the chat. */
  'library:regionImage': {
    input: z
      .object({
        paperId: PaperIdSchema,
        page: z.number().int().min(1).max(100_000),
        region: RegionSchema,
        width: z.number().int().min(32).max(1200)
      })
      .strict(),
    output: z.object({ data: z.string() })
  }
} as const

/** The library events: ingestion progress, catalog changes, notices. */
export const libraryEvents = {
  'ingest:progress': IngestProgressSchema,
  /**
   * The library changed. `full`: `papers` is every paper (when the library opens); otherwise only the papers added or changed since the last event, and the ids of
   * the papers removed — a status change costs one record, not the whole library.
   */
  'library:changed': z.object({
    full: z.boolean(),
    papers: z.array(PaperSchema),
    removed: z.array(z.string()),
    collections: z.array(CollectionInfoSchema)
  }),
  'library:notice': LibraryNoticeSchema
} as const
