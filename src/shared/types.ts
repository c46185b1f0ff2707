import { z } from 'zod'
import { API_ADDRESS_RULE, isAllowedApiAddress } from './apiAddress'
import { AppErrorSchema, ErrorParamsSchema } from './errors'
import { PROVIDERS } from './providers'
import { UI_LANGUAGES, type UiLanguage } from './languages'

/**
 * The stages a paper moves through; `indexed` and `error` are final. `metadata` is a reference
 * without a PDF (from a bibliography or Zotero): listed and citable, never searched, and it
 * enters the pipeline (`pending`) when a PDF is fetched or attached, keeping its id.
 */
export const PAPER_STATUSES = [
  'metadata',
  'pending',
  'downloading',
  'extracting',
  'embedding',
  'indexed',
  'error'
] as const
/** A paper's place in the ingestion pipeline. */
export const PaperStatusSchema = z.enum(PAPER_STATUSES)
/** A paper's place in the ingestion pipeline. */
export type PaperStatus = z.infer<typeof PaperStatusSchema>

/** Where a paper came from. */
export const PaperSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('arxiv'), arxivId: z.string(), url: z.string() }),
  z.object({ kind: z.literal('file'), fileName: z.string() }),
  /** A metadata-only paper: the bibliography file (or "Zotero") it was imported from. */
  z.object({ kind: z.literal('reference'), from: z.string() })
])
/** Where a paper came from. */
export type PaperSource = z.infer<typeof PaperSourceSchema>

/** A named section of a paper and the 1-based pages it spans. */
export const SectionSpanSchema = z.object({
  name: z.string(),
  heading: z.string(),
  startPage: z.number().int(),
  endPage: z.number().int()
})
/** A named section of a paper and the 1-based pages it spans. */
export type SectionSpan = z.infer<typeof SectionSpanSchema>

/** The bibliographic fields of a paper that can come from several places. */
export const METADATA_FIELDS = [
  'title',
  'authors',
  'year',
  'venue',
  'doi',
  'abstract',
  'language'
] as const
/** One bibliographic field. */
export type MetadataField = (typeof METADATA_FIELDS)[number]

/**
 * Where a field's value came from. `user` is an edit by hand: nothing automatic replaces it.
 * `import` is a BibTeX/RIS file or a Zotero library the user imported.
 */
export const FIELD_SOURCES = ['pdf', 'arxiv', 'crossref', 'openalex', 'import', 'user'] as const
/** Where a field's value came from. */
export const FieldSourceSchema = z.enum(FIELD_SOURCES)
/** Where a field's value came from. */
export type FieldSource = z.infer<typeof FieldSourceSchema>

/** A named group of papers. */
export const CollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string()
})
/** A named group of papers. */
export type Collection = z.infer<typeof CollectionSchema>

/** One paper in the catalog (`library.json`). */
export const PaperSchema = z.object({
  /** The arXiv id for arXiv papers (e.g. `1706.03762`), else the first 12 hex of the sha256. */
  id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  arxivId: z.string().nullable(),
  source: PaperSourceSchema,
  sha256: z.string().nullable(),
  pages: z.number().int(),
  chunks: z.number().int(),
  sections: z.array(SectionSpanSchema),
  status: PaperStatusSchema,
  error: AppErrorSchema.nullable(),
  addedAt: z.string(),
  indexedAt: z.string().nullable(),
  /** The embedder that built this paper's vectors; null while it is keyword-only. */
  embedderId: z.string().nullable(),
  venue: z.string().nullable().default(null),
  doi: z.string().nullable().default(null),
  abstract: z.string().nullable().default(null),
  /** The paper's main language (ISO 639-1, e.g. `pt`), detected from its text or set by hand. */
  language: z.string().nullable().default(null),
  tags: z.array(z.string()).default([]),
  collectionIds: z.array(z.string()).default([]),
  /** Where each bibliographic field came from; a field missing here came from the PDF. */
  fieldSources: z.partialRecord(z.enum(METADATA_FIELDS), FieldSourceSchema).default({}),
  /** When arXiv/Crossref were last asked about this paper; null: not yet (or offline). */
  onlineCheckedAt: z.string().nullable().default(null),
  /** Authors that are one name (an institution): citations keep them whole, never "I, Gruppe". */
  literalAuthors: z.array(z.string()).optional(),
  /** Notes kept with the paper as plain text (a Zotero note, HTML stripped); none: absent. */
  notes: z.array(z.string()).optional(),
  /** At the last reading, text-less pages read by OCR and those skipped as blank (issue 26). */
  ocr: z
    .object({
      pages: z.number().int(),
      skipped: z.number().int(),
      languages: z.array(z.string()).optional()
    })
    .nullable()
    .optional(),
  /** Where a sync brought it from: a watched folder's file, or "Zotero: <collections>". */
  syncOrigin: z.string().nullable().optional(),
  /** That source went away: the file is gone, or the item is in Zotero's trash (kept here). */
  syncFlag: z.enum(['fileMissing', 'zoteroTrash']).nullable().optional()
})
/** One paper in the catalog (`library.json`). */
export type Paper = z.infer<typeof PaperSchema>

/** What a piece of evidence is: text from the PDF's text layer, OCR'd text, a figure or a table. */
export const CHUNK_KINDS = ['text', 'ocr', 'figure', 'table'] as const
/** What a piece of evidence is. */
export const ChunkKindSchema = z.enum(CHUNK_KINDS)
/** What a piece of evidence is. */
export type ChunkKind = z.infer<typeof ChunkKindSchema>

/**
 * A rectangle on a page, as fractions of the page's width and height from its top-left corner,
 * so it maps onto the page at any zoom.
 */
export const RegionSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  width: z.number().min(0).max(1),
  height: z.number().min(0).max(1)
})
/** A rectangle on a page, as fractions of the page size. */
export type Region = z.infer<typeof RegionSchema>

/** One ranked passage returned by search. Pages are 1-based PDF page numbers. */
export const SearchResultSchema = z.object({
  chunkId: z.string(),
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  section: z.string(),
  score: z.number(),
  text: z.string(),
  /** Absent on text passages. */
  kind: ChunkKindSchema.optional(),
  /** Where a figure or table is on its page. */
  region: RegionSchema.optional(),
  /** `lab`: from the connected lab library (its PDF is fetched on opening); absent: this library. */
  source: z.literal('lab').optional()
})
/** One ranked passage returned by search. */
export type SearchResult = z.infer<typeof SearchResultSchema>

/** One passage in full, by its chunk id. */
export const PassageSchema = SearchResultSchema.omit({ score: true })
/** One passage in full. */
export type Passage = z.infer<typeof PassageSchema>

/** The text of a range of pages of one paper. */
export const PageRangeSchema = z.object({
  paperId: z.string(),
  title: z.string(),
  /** How many pages the paper has. */
  pageCount: z.number().int(),
  pages: z.array(z.object({ page: z.number().int(), text: z.string() }))
})
/** The text of a range of pages of one paper. */
export type PageRange = z.infer<typeof PageRangeSchema>

/** A search answer: the query, which embedder ranked it (null: keyword only), the passages. */
export const SearchResponseSchema = z.object({
  query: z.string(),
  embedder: z.string().nullable(),
  results: z.array(SearchResultSchema),
  /** Set when a lab library is connected: searched, or not reachable (then results are local). */
  lab: z
    .object({
      state: z.enum(['searched', 'unreachable']),
      message: z.string().optional(),
      key: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional()
    })
    .optional()
})
/** A search answer. */
export type SearchResponse = z.infer<typeof SearchResponseSchema>

/** The text of one section of a paper. */
export const SectionResultSchema = z.object({
  paperId: z.string(),
  section: z.string(),
  pages: z.array(z.number().int()),
  text: z.string()
})
/** The text of one section of a paper. */
export type SectionResult = z.infer<typeof SectionResultSchema>

/** A numbered citation in an answer; `snippet` is text that occurs on `page`. */
export const CitationSchema = z.object({
  number: z.number().int(),
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  chunkId: z.string(),
  snippet: z.string(),
  /** What is cited; absent means text. `ocr`: the text was recognised from the page image. */
  kind: ChunkKindSchema.optional(),
  /** The cited figure's or table's region on the page, highlighted by the viewer. */
  region: RegionSchema.optional(),
  /** Set when a saved thread is opened after the cited paper left the library. */
  paperRemoved: z.boolean().optional()
})
/** A numbered citation in an answer. */
export type Citation = z.infer<typeof CitationSchema>

/** Token counts of one model call or of a whole answer. */
export const UsageSchema = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int()
})
/** Token counts. */
export type Usage = z.infer<typeof UsageSchema>

/** The kinds of model that can write answers (the table of what each can do is beside it). */
export { PROVIDERS } from './providers'

/** Which model wrote a generated answer. */
export const AnsweredBySchema = z.object({
  provider: z.enum(PROVIDERS),
  model: z.string(),
  /** True when Gemini was the provider but offline, so the local model answered instead. */
  fallback: z.boolean()
})
/** Which model wrote a generated answer. */
export type AnsweredBy = z.infer<typeof AnsweredBySchema>

/**
 * What the checker said about an answer: `passed`; `rejected` (it flagged the answer, and the
 * rewrite was flagged too or could not be written); `unchecked` (the check itself failed, the
 * notice says why, or the answer is evidence only).
 */
export const AnswerCheckSchema = z.enum(['passed', 'rejected', 'unchecked'])
/** One of the checker's outcomes. */
export type AnswerCheck = z.infer<typeof AnswerCheckSchema>

/**
 * One quoted passage of an evidence-only answer, readable (hyphenation undone, whitespace
 * collapsed) and split around the sentence(s) that best answer the question.
 */
export const EvidenceExcerptSchema = z.object({
  /** The citation number it belongs to. */
  number: z.number().int(),
  before: z.string(),
  best: z.string(),
  after: z.string()
})
/** One quoted passage of an evidence-only answer. */
export type EvidenceExcerpt = z.infer<typeof EvidenceExcerptSchema>

/**
 * How an answer was made: `generated` from the papers by the model; `evidence`: the retrieved
 * passages, not generated (no key or no network); `smalltalk`: a short direct reply to a
 * greeting, thanks or a question about the app (no search, no citations); `offtopic`: the
 * question is not about the library, answered as such and never presented as from the papers.
 */
export const ANSWER_MODES = ['generated', 'evidence', 'smalltalk', 'offtopic'] as const

/** An answer to a question. */
export const AnswerSchema = z.object({
  question: z.string(),
  answer: z.string(),
  mode: z.enum(ANSWER_MODES),
  verified: z.boolean(),
  /** The checker's outcome; absent in answers from before it was recorded. */
  check: AnswerCheckSchema.optional(),
  /** Why the answer is unverified or evidence-only, for the UI to say. */
  notice: AppErrorSchema.nullable(),
  /** Evidence-only answers: each passage with its best sentence(s) picked out. */
  excerpts: z.array(EvidenceExcerptSchema).optional(),
  citations: z.array(CitationSchema),
  usage: UsageSchema,
  /** Set on generated answers; absent on evidence-only ones. */
  answeredBy: AnsweredBySchema.optional()
})
/** An answer to a question. */
export type Answer = z.infer<typeof AnswerSchema>

/** The languages answers can be written in: `ui` follows the interface language. */
export const ANSWER_LANGUAGES = ['ui', ...UI_LANGUAGES, 'question'] as const

/** The interface languages: the codes of the language table (src/shared/languages.ts). */
export { UI_LANGUAGES, type UiLanguage }
/** The interface-language setting: `system` follows the system's language. */
export const UI_LANGUAGE_SETTINGS = ['system', ...UI_LANGUAGES] as const
/** One of {@link UI_LANGUAGE_SETTINGS}. */
export type UiLanguageSetting = (typeof UI_LANGUAGE_SETTINGS)[number]

/** The OCR languages whose recognition data ships with the app (npm `@tesseract.js-data/*`). */
export const OCR_LANGUAGES = ['eng', 'por'] as const

/** The base URL of an OpenAI-compatible server: https, or http to this computer only. */
export const LocalBaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isAllowedApiAddress, API_ADDRESS_RULE)

/** Non-secret settings (`settings.json`). */
export const SettingsSchema = z.object({
  uiLanguage: z.enum(UI_LANGUAGE_SETTINGS),
  answerLanguage: z.enum(ANSWER_LANGUAGES),
  model: z.string().min(1).max(100),
  toolRounds: z.number().int().min(1).max(3),
  /** The Gemini API address (a proxy); null for Google's. The key is sent there. */
  geminiBaseUrl: z.string().max(500).refine(isAllowedApiAddress, API_ADDRESS_RULE).nullable(),
  /** Who writes answers: Gemini, or an OpenAI-compatible server on this computer. */
  provider: z.enum(PROVIDERS),
  localBaseUrl: LocalBaseUrlSchema,
  /** The local model's name as its server lists it; null until one is chosen. */
  localModel: z.string().trim().min(1).max(200).nullable(),
  /** The context window the local server gives the model, in tokens; evidence is trimmed to it. */
  localContextTokens: z.number().int().min(1024).max(1_048_576),
  requestTimeoutMs: z.number().int().min(1000).max(600_000),
  chunkTokens: z.number().int().min(64).max(1024),
  chunkOverlap: z.number().int().min(0).max(256),
  /** Languages OCR reads scanned pages in (Tesseract codes; those with a data package here). */
  ocrLanguages: z.array(z.enum(OCR_LANGUAGES)).min(1).max(OCR_LANGUAGES.length),
  /** Look for a new version at start and daily, download it, and ask before restarting. */
  autoUpdate: z.boolean(),
  /** Run the local HTTP API (`serve`) in the app, on 127.0.0.1:{@link apiServerPort}. */
  apiServer: z.boolean(),
  apiServerPort: z.number().int().min(1024).max(65_535)
})
/** Non-secret settings. */
export type Settings = z.infer<typeof SettingsSchema>

/** The defaults for {@link Settings}. */
export const DEFAULT_SETTINGS: Settings = {
  uiLanguage: 'system',
  answerLanguage: 'ui',
  model: 'gemini-3.5-flash',
  toolRounds: 1,
  geminiBaseUrl: null,
  provider: 'gemini',
  localBaseUrl: 'http://127.0.0.1:11434/v1',
  localModel: null,
  localContextTokens: 4096,
  requestTimeoutMs: 60_000,
  chunkTokens: 256,
  chunkOverlap: 32,
  ocrLanguages: ['eng'],
  autoUpdate: true,
  apiServer: false,
  apiServerPort: 8765
}

/**
 * Where the API key is kept: `encrypted` by the OS keychain or secret service; `weak` when
 * Electron fell back to its fixed-password Linux store (`basic_text`), which any program of the
 * user can decrypt; `unavailable` when there is no store at all; `environment` when it comes
 * from GEMINI_API_KEY (the CLI); `memory` for tests and the e2e harness.
 */
export const KEY_STORAGES = ['encrypted', 'weak', 'unavailable', 'environment', 'memory'] as const
/** Where the API key is kept. */
export type KeyStorage = (typeof KEY_STORAGES)[number]

/** Settings as the renderer sees them: never the key, only whether one is saved. */
export const PublicSettingsSchema = SettingsSchema.extend({
  hasApiKey: z.boolean(),
  keyStorage: z.enum(KEY_STORAGES),
  /**
   * True when the saved key was removed because the API address changed, until a key is saved
   * again: the key is only ever sent to the address it was entered for.
   */
  keyNeedsReentry: z.boolean(),
  /** The Gemini address the key is sent to (null: Google's endpoint). */
  keyAddress: z.string().nullable(),
  /**
   * An address `settings.json` names that the key was not entered or confirmed for: ignored
   * for keyed requests until confirmed in Settings.
   */
  unconfirmedAddress: z.string().nullable()
})
/** Settings as the renderer sees them. */
export type PublicSettings = z.infer<typeof PublicSettingsSchema>

/** Whether the local embedding model is there. */
export const EmbedderStatusSchema = z.object({
  state: z.enum(['ready', 'missing', 'error']),
  id: z.string().nullable(),
  modelDir: z.string().nullable(),
  /** In English; `key`/`params` name the same text in main's catalog, as an AppError's do. */
  message: z.string(),
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})
/** Whether the local embedding model is there. */
export type EmbedderStatus = z.infer<typeof EmbedderStatusSchema>

/** What the app shell shows about itself. */
export const AppInfoSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  embedder: EmbedderStatusSchema
})
/** What the app shell shows about itself. */
export type AppInfo = z.infer<typeof AppInfoSchema>

/** Progress of one paper through ingestion, and of the whole queue. */
export const IngestProgressSchema = z.object({
  paperId: z.string(),
  stage: PaperStatusSchema,
  done: z.number(),
  total: z.number(),
  /** Set while scanned pages are being recognised (OCR): `done`/`total` count those pages. */
  ocr: z.boolean().optional(),
  overall: z.object({ done: z.number(), total: z.number() })
})
/** Progress of one paper through ingestion. */
export type IngestProgress = z.infer<typeof IngestProgressSchema>

/** The steps the agent reports while it answers. */
export const ANSWER_STAGES = [
  'rewriting',
  'searching',
  'reading',
  'drafting',
  'checking',
  'revising'
] as const

/** Something that happened while answering one question. */
export const AnswerEventSchema = z.discriminatedUnion('type', [
  z.object({
    requestId: z.string(),
    type: z.literal('stage'),
    stage: z.enum(ANSWER_STAGES),
    detail: z.string()
  }),
  z.object({ requestId: z.string(), type: z.literal('token'), text: z.string() }),
  z.object({
    requestId: z.string(),
    type: z.literal('usage'),
    call: z.string(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int()
  })
])
/** Something that happened while answering one question. */
export type AnswerEvent = z.infer<typeof AnswerEventSchema>

/** The bibliographic defaults of a new paper: no venue, DOI, abstract, tags or collections. */
export function bibliographyDefaults(): Pick<
  Paper,
  | 'venue'
  | 'doi'
  | 'abstract'
  | 'language'
  | 'tags'
  | 'collectionIds'
  | 'fieldSources'
  | 'onlineCheckedAt'
> {
  return {
    venue: null,
    language: null,
    doi: null,
    abstract: null,
    tags: [],
    collectionIds: [],
    fieldSources: {},
    onlineCheckedAt: null
  }
}
/**
 * Something the library did or found that the user should know: a catalog rebuilt, a damaged
 * file repaired, a record from a newer version kept. `paperId` when it is about one paper.
 */
export const LibraryNoticeSchema = z.object({
  level: z.enum(['info', 'warning']),
  /** In English; `key`/`params` name the same text in main's catalog, as an AppError's do. */
  message: z.string(),
  paperId: z.string().nullable(),
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})
/** Something the library did or found that the user should know. */
export type LibraryNotice = z.infer<typeof LibraryNoticeSchema>

/** The models an OpenAI-compatible server lists (`GET /models`). */
export const LocalModelListSchema = z.object({
  baseUrl: z.string(),
  models: z.array(z.string())
})
/** The models an OpenAI-compatible server lists. */
export type LocalModelList = z.infer<typeof LocalModelListSchema>

/** The outcome of the Settings "Test" button: one short request to the local model. */
export const LocalModelTestSchema = z.object({
  model: z.string(),
  reply: z.string(),
  ms: z.number()
})
/** The outcome of one short request to the local model. */
export type LocalModelTest = z.infer<typeof LocalModelTestSchema>
/** How an MCP client starts the ResearchPal MCP server on this library. */
export const McpConfigSchema = z.object({
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  dataDir: z.string(),
  /** The `mcpServers` JSON for Claude Desktop's and Cursor's config files. */
  snippet: z.string()
})
/** How an MCP client starts the ResearchPal MCP server. */
export type McpConfig = z.infer<typeof McpConfigSchema>
