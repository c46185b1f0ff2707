import { z } from 'zod'
import { AppErrorSchema, type Result } from './errors'
import {
  AnswerEventSchema,
  AnswerSchema,
  AppInfoSchema,
  CollectionSchema,
  IngestProgressSchema,
  LibraryNoticeSchema,
  LocalBaseUrlSchema,
  LocalModelListSchema,
  LocalModelTestSchema,
  PaperSchema,
  PublicSettingsSchema,
  McpConfigSchema,
  PageRangeSchema,
  PassageSchema,
  RegionSchema,
  SearchResponseSchema,
  SectionResultSchema,
  SettingsSchema,
  UI_LANGUAGES
} from './types'
import { PassageLinkSchema } from './deepLink'
import { DoiSchema, PaperEditSchema } from './paperFields'
import { PROVIDERS } from './providers'
import { ApiServerStatusSchema } from './apiServer'
import { CitationGraphSchema } from './graph'
import { SyncStatusSchema } from './sync'
import { ComparisonSchema, ComparisonSummarySchema, CompareProgressSchema } from './compare'
import { FolderImportStatusSchema, IngestTuningInfoSchema } from './folderImport'
import {
  DamagedThreadSchema,
  EXPORT_FORMATS,
  ThreadExportSchema,
  ThreadIdSchema,
  ThreadSchema,
  ThreadSummarySchema
} from './threads'
import {
  IMPORT_KINDS,
  ImportProgressSchema,
  ImportSummarySchema,
  ZoteroOverviewSchema
} from './imports'

/** Longest search query or question accepted, in characters. */
export const MAX_QUERY_CHARS = 2000
/** Largest PDF accepted through `library:addFile`, in bytes. */
export const MAX_PDF_BYTES = 200 * 1024 * 1024

const Empty = z.object({}).strict()
/** A PDF's bytes across IPC: a Uint8Array (never base64 or an array of numbers). */
const PdfBytesSchema = z.custom<Uint8Array>((v) => v instanceof Uint8Array, {
  message: "must be the file's bytes (a Uint8Array)"
})
/** A paper id: an arXiv id (`/` replaced by `_`) or 12 hex of a sha256. */
export const PaperIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be a paper id such as 1706.03762')
const Query = z
  .string()
  .max(MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`)
  .refine((s) => s.trim().length > 0, 'must not be empty')

/** Search options shared by the IPC channel, the CLI and the agent tool. */
export const SearchInputSchema = z
  .object({
    query: Query,
    limit: z.number().int().min(1).max(50).optional(),
    paperIds: z.array(PaperIdSchema).max(1000).optional(),
    /** This library, the connected lab library, or both (the default when a lab is connected). */
    source: z.enum(['local', 'lab', 'all']).optional()
  })
  .strict()
/** Search options. */
export type SearchInput = z.infer<typeof SearchInputSchema>

/** A section request shared by the IPC channel, the CLI and the agent tool. */
export const SectionInputSchema = z
  .object({ paperId: PaperIdSchema, section: z.string().trim().min(1).max(100) })
  .strict()
/** A section request. */
export type SectionInput = z.infer<typeof SectionInputSchema>

/** Most papers and most columns in one comparison. */
export const MAX_COMPARE_PAPERS = 100
export const MAX_COMPARE_COLUMNS = 20

/** A comparison id, as `compare:create` makes them. */
export const ComparisonIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a comparison id such as cmp-abc123-0f0f0f')
const CompareTexts = z.array(Query).max(MAX_COMPARE_COLUMNS)

/**
 * A new comparison: which papers (chosen ones, a collection's, or a conversation's), which
 * questions (and claims to check agreement with). With `threadId` it is saved with that
 * conversation and limited to its papers.
 */
export const CompareCreateInputSchema = z
  .object({
    paperIds: z.array(PaperIdSchema).min(1).max(MAX_COMPARE_PAPERS).optional(),
    collectionId: z.string().min(1).max(64).optional(),
    threadId: ThreadIdSchema.optional(),
    questions: CompareTexts.default([]),
    claims: CompareTexts.default([]),
    title: z.string().trim().max(200).optional()
  })
  .strict()
  .refine((i) => i.paperIds || i.collectionId || i.threadId, {
    message: 'give paperIds, a collectionId or a threadId (whose papers are compared)',
    path: ['paperIds']
  })
  .refine((i) => !(i.paperIds && i.collectionId), {
    message: 'give paperIds or a collectionId, not both',
    path: ['collectionId']
  })
  .refine((i) => i.questions.length + i.claims.length > 0, {
    message: 'give at least one question or claim',
    path: ['questions']
  })
  .refine((i) => i.questions.length + i.claims.length <= MAX_COMPARE_COLUMNS, {
    message: `at most ${MAX_COMPARE_COLUMNS} questions and claims in all`,
    path: ['questions']
  })
/** A new comparison. */
export type CompareCreateInput = z.infer<typeof CompareCreateInputSchema>

/** Most pages one `library:pages` call returns. */
export const MAX_PAGES_PER_READ = 20

/** A chunk id, `{paperId}-page-{n}-chunk-{i}`. */
export const ChunkIdSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(
    /^[A-Za-z0-9._-]+-page-\d+-chunk-\d+$/,
    'must be a passage id such as 1706.03762-page-3-chunk-0'
  )

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

const PapersOut = z.object({ papers: z.array(PaperSchema) })
const ThreadOut = z.object({ thread: ThreadSchema })
const ThreadRef = z.object({ threadId: ThreadIdSchema }).strict()
/** A thread's scope: paper ids (at least one), or null for every paper. */
const Scope = z.array(PaperIdSchema).min(1).max(1000).nullable()
const Title = z
  .string()
  .max(200, 'must be at most 200 characters')
  .refine((s) => s.trim().length > 0, 'must not be empty')

/** An answer as `chat:ask` returns it: which thread and turn it was saved as (null: none). */
export const AskOutputSchema = AnswerSchema.extend({
  threadId: z.string().nullable(),
  turnId: z.string().nullable()
})
const PaperOut = z.object({ paper: PaperSchema })

/** A collection with the number of papers in it. */
export const CollectionInfoSchema = CollectionSchema.extend({ count: z.number().int() })
/** A collection with the number of papers in it. */
export type CollectionInfo = z.infer<typeof CollectionInfoSchema>
const CollectionsOut = z.object({ collections: z.array(CollectionInfoSchema) })
const CollectionId = z.string().min(1).max(64)
const CollectionName = z.string().trim().min(1, 'must not be empty').max(100)
const ImportPath = z.string().min(1).max(4096)

// The DOI and the hand edit of a paper are derived from the paper-field table.
export { DoiSchema, PaperEditSchema }
export type { PaperEditInput } from './paperFields'

/** Which papers: some ids, a collection, or (neither) the whole library. */
export const PaperSelectionSchema = z
  .object({
    paperIds: z.array(PaperIdSchema).min(1).max(10_000).optional(),
    collectionId: CollectionId.optional()
  })
  .strict()

/**
 * Every IPC channel, declared once: `domain:verb` -> input schema and output schema.
 * @remarks Main validates inputs against these at the boundary; the preload, the renderer's
 * types and the e2e harness are all derived from this object.
 */
const ImportStatusOut = z.object({ status: FolderImportStatusSchema.nullable() })

export const channels = {
  'app:info': { input: Empty, output: AppInfoSchema },
  /** How an MCP client (Claude Desktop, Cursor) starts `researchpal mcp` on this library. */
  'app:mcpConfig': { input: Empty, output: McpConfigSchema },
  /** The local HTTP API (Settings' switch): whether it runs, where. */
  'apiServer:status': { input: Empty, output: ApiServerStatusSchema },
  /** Switches the local HTTP API on or off (saved in Settings); the token comes back once. */
  'apiServer:set': {
    input: z
      .object({ enabled: z.boolean(), port: z.number().int().min(1024).max(65_535).optional() })
      .strict(),
    output: ApiServerStatusSchema
  },
  /** The window listens now: the passages links asked for before it did (then `desktop:open`). */
  'desktop:ready': { input: Empty, output: z.object({ links: z.array(PassageLinkSchema) }) },
  'settings:get': { input: Empty, output: PublicSettingsSchema },
  'settings:update': { input: SettingsSchema.partial().strict(), output: PublicSettingsSchema },
  'settings:setApiKey': {
    input: z.object({ apiKey: z.string().trim().min(1).max(200).nullable() }).strict(),
    output: PublicSettingsSchema
  },
  /** Binds the key to the Gemini address `settings.json` names (shown as unconfirmed). */
  'settings:confirmAddress': {
    input: z.object({ address: z.string().max(500).nullable() }).strict(),
    output: PublicSettingsSchema
  },
  /** The models the local server lists; `baseUrl` tries an address before it is saved. */
  'localModel:list': {
    input: z.object({ baseUrl: LocalBaseUrlSchema.optional() }).strict(),
    output: LocalModelListSchema
  },
  /** Sends one short request to the chosen local model and reports its reply. */
  'localModel:test': { input: Empty, output: LocalModelTestSchema },
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
  /** Watched folders and the Zotero link (Settings): what is followed, the last sync. */
  'sync:status': { input: Empty, output: SyncStatusSchema },
  /** Opens the folder dialog and watches the folder chosen (nothing when cancelled). */
  'sync:addFolder': {
    input: z.object({ poll: z.boolean().optional() }).strict(),
    output: SyncStatusSchema
  },
  /** Stops watching a folder; its papers stay. */
  'sync:removeFolder': {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: SyncStatusSchema
  },
  /** Follows a Zotero data folder chosen with `library:pickImport` (read-only). */
  'sync:linkZotero': {
    input: z
      .object({ folder: ImportPath, collections: z.array(z.string().min(1).max(500)).max(1000) })
      .strict(),
    output: SyncStatusSchema
  },
  /** Ends the Zotero link; its papers stay. */
  'sync:unlinkZotero': { input: Empty, output: SyncStatusSchema },
  /** Pauses or resumes following the folders and Zotero. */
  'sync:setPaused': { input: z.object({ paused: z.boolean() }).strict(), output: SyncStatusSchema },
  /** One catch-up pass now; answers once it is done. */
  'sync:now': { input: Empty, output: SyncStatusSchema },
  /** The citation map: papers, ghost works cited by several, citation and similarity edges, clusters. */
  'graph:get': {
    input: z.object({ collectionId: z.string().min(1).max(200).nullable().optional() }).strict(),
    output: CitationGraphSchema
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
  },
  'search:query': { input: SearchInputSchema, output: SearchResponseSchema },
  'search:section': { input: SectionInputSchema, output: SectionResultSchema },
  /** One passage (chunk) by id, in full. */
  'search:passage': {
    input: z.object({ chunkId: ChunkIdSchema }).strict(),
    output: PassageSchema
  },
  /**
   * With `threadId`, the question is a follow-up in that thread (its history and papers) and
   * the turn is saved there; `paperIds` limits the answer to those papers (within the thread's).
   */
  'chat:ask': {
    input: z
      .object({
        question: Query,
        requestId: z.string().min(1).max(100),
        threadId: ThreadIdSchema.optional(),
        /** Answer from these papers only. */
        paperIds: z.array(PaperIdSchema).min(1).max(1000).optional(),
        /** The language the UI shows: evidence labels and fixed texts use it. */
        uiLanguage: z.enum(UI_LANGUAGES).optional(),
        /** Who writes this answer, over Settings' provider (the HTTP API's per-request choice). */
        provider: z.enum(PROVIDERS).optional()
      })
      .strict(),
    output: AskOutputSchema
  },
  /** Saved comparisons, newest first; with `threadId`, those saved with that conversation. */
  'compare:list': {
    input: z.object({ threadId: ThreadIdSchema.optional() }).strict(),
    output: z.object({ comparisons: z.array(ComparisonSummarySchema) })
  },
  'compare:get': {
    input: z.object({ comparisonId: ComparisonIdSchema }).strict(),
    output: ComparisonSchema
  },
  /** Saves a new comparison with every cell pending; `compare:run` fills them. */
  'compare:create': { input: CompareCreateInputSchema, output: ComparisonSchema },
  /** Adds or removes papers and columns; only the new cells are pending afterwards. */
  'compare:update': {
    input: z
      .object({
        comparisonId: ComparisonIdSchema,
        addPaperIds: z.array(PaperIdSchema).max(MAX_COMPARE_PAPERS).optional(),
        removePaperIds: z.array(PaperIdSchema).max(MAX_COMPARE_PAPERS).optional(),
        addQuestions: CompareTexts.optional(),
        addClaims: CompareTexts.optional(),
        removeColumnIds: z.array(z.string().min(1).max(20)).max(MAX_COMPARE_COLUMNS).optional(),
        title: z.string().trim().max(200).optional()
      })
      .strict(),
    output: ComparisonSchema
  },
  /** Fills the pending and failed cells (progress as `compare:progress`); resolves when done. */
  'compare:run': {
    input: z
      .object({ comparisonId: ComparisonIdSchema, uiLanguage: z.enum(UI_LANGUAGES).optional() })
      .strict(),
    output: ComparisonSchema
  },
  'compare:cancel': {
    input: z.object({ comparisonId: ComparisonIdSchema }).strict(),
    output: z.object({ cancelled: z.boolean() })
  },
  'compare:delete': {
    input: z.object({ comparisonId: ComparisonIdSchema }).strict(),
    output: z.object({ removed: z.literal(true) })
  },
  /** The comparison as a Markdown table, CSV, or BibTeX of its papers. */
  'compare:export': {
    input: z
      .object({
        comparisonId: ComparisonIdSchema,
        format: z.enum(['markdown', 'csv', 'bibtex']),
        /** The language of the document's own words (headings, labels); default: the setting. */
        uiLanguage: z.enum(UI_LANGUAGES).optional()
      })
      .strict(),
    output: z.object({ filename: z.string(), mimeType: z.string(), text: z.string() })
  },
  'chat:cancel': {
    input: z.object({ requestId: z.string().min(1).max(100) }).strict(),
    output: z.object({ cancelled: z.boolean() })
  },
  /** Threads, newest first; `query` keeps those whose title or a question contains it. */
  'threads:list': {
    input: z.object({ query: z.string().max(200).optional() }).strict(),
    output: z.object({
      threads: z.array(ThreadSummarySchema),
      /** Thread files found unreadable since start: set aside, never dropped silently. */
      damaged: z.array(DamagedThreadSchema)
    })
  },
  'threads:get': { input: ThreadRef, output: ThreadOut },
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
  'import:measure': { input: Empty, output: z.object({ tuning: IngestTuningInfoSchema }) },
  'threads:create': {
    input: z.object({ title: Title.optional(), scope: Scope.optional() }).strict(),
    output: ThreadOut
  },
  'threads:rename': {
    input: z.object({ threadId: ThreadIdSchema, title: Title }).strict(),
    output: ThreadOut
  },
  'threads:setScope': {
    input: z.object({ threadId: ThreadIdSchema, scope: Scope }).strict(),
    output: ThreadOut
  },
  /** Moves the thread to the trash; `threads:restore` brings it back (undo). */
  'threads:delete': { input: ThreadRef, output: z.object({ deleted: z.literal(true) }) },
  'threads:restore': { input: ThreadRef, output: ThreadOut },
  /** The thread (or one turn of it) as Markdown with references, or its BibTeX. */
  'threads:export': {
    input: z
      .object({
        threadId: ThreadIdSchema,
        turnId: z.string().min(1).max(100).optional(),
        format: z.enum(EXPORT_FORMATS),
        /** The language of the document's own words (headings, notes); default: the setting. */
        uiLanguage: z.enum(UI_LANGUAGES).optional()
      })
      .strict(),
    output: ThreadExportSchema
  }
} as const

/** Every event main pushes to the renderer, declared once. */
export const events = {
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
  'library:notice': LibraryNoticeSchema,
  /** One more PDF of an import added (BibTeX/RIS or Zotero). */
  'library:importProgress': ImportProgressSchema,
  'chat:event': AnswerEventSchema,
  'compare:progress': CompareProgressSchema,
  'import:progress': FolderImportStatusSchema,
  /** Watched folders and the Zotero link changed, or a sync pass started or ended. */
  'sync:status': SyncStatusSchema,
  /** A researchpal:// link from the desktop: open this passage (src/main/desktop/). */
  'desktop:open': PassageLinkSchema
} as const

/** A channel name, e.g. `library:add`. */
export type Channel = keyof typeof channels
/** The input a channel takes. */
export type ChannelInput<C extends Channel> = z.input<(typeof channels)[C]['input']>
/** The input a channel's handler receives, after validation. */
export type ChannelParsed<C extends Channel> = z.output<(typeof channels)[C]['input']>
/** The value a channel returns on success. */
export type ChannelOutput<C extends Channel> = z.output<(typeof channels)[C]['output']>
/** An event name. */
export type EventName = keyof typeof events
/** An event's payload. */
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>

/** Every channel name, in declaration order. */
export const CHANNELS = Object.keys(channels) as Channel[]
/** Every event name, in declaration order. */
export const EVENTS = Object.keys(events) as EventName[]

type Domain = Channel extends `${infer D}:${string}` ? D : never
type EventMethod<E extends string> = E extends `${infer D}:${infer V}`
  ? `on${Capitalize<D>}${Capitalize<V>}`
  : never

/** One function per channel, grouped by domain: `api.library.addPaths({ paths })`. */
export type ChannelApi = {
  [D in Domain]: {
    [C in Channel as C extends `${D}:${infer V}` ? V : never]: (
      input: ChannelInput<C>
    ) => Promise<Result<ChannelOutput<C>>>
  }
}
/** One subscription per event: `api.onIngestProgress(cb)` returns an unsubscribe function. */
export type EventApi = {
  [E in EventName as EventMethod<E>]: (listener: (payload: EventPayload<E>) => void) => () => void
}
/** The object the preload exposes as `window.researchpal`. */
export type ResearchPalApi = ChannelApi & EventApi

/** Sends one call over some transport. */
export type Invoke = (channel: Channel, input: unknown) => Promise<Result<unknown>>
/** Subscribes to one event over some transport; returns an unsubscribe function. */
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void

/** The method name of an event's subscription, e.g. `ingest:progress` -> `onIngestProgress`. */
export function eventMethodName(event: EventName): string {
  const [domain, verb] = event.split(':') as [string, string]
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
  return `on${cap(domain)}${cap(verb.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))}`
}

/**
 * Builds the {@link ResearchPalApi} from the contract over any transport.
 * @remarks Used by the preload (Electron IPC), the e2e harness and renderer tests, so all
 * three expose exactly the same functions.
 */
export function buildApi(invoke: Invoke, subscribe: Subscribe): ResearchPalApi {
  const api: Record<string, Record<string, unknown> | unknown> = {}
  for (const channel of CHANNELS) {
    const [domain, verb] = channel.split(':') as [string, string]
    const group = (api[domain] ??= {}) as Record<string, unknown>
    group[verb] = (input: unknown) => invoke(channel, input)
  }
  for (const event of EVENTS) {
    api[eventMethodName(event)] = (listener: (payload: unknown) => void) =>
      subscribe(event, listener)
  }
  return api as ResearchPalApi
}
