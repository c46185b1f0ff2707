import { readFile, stat } from 'node:fs/promises'
import { basename, isAbsolute } from 'node:path'
import { z } from 'zod'
import {
  DoiSchema,
  MAX_PDF_BYTES,
  MAX_QUERY_CHARS,
  PaperIdSchema,
  type Channel,
  type ChannelOutput
} from '../../shared/contract'
import { UI_LANGUAGES } from '../../shared/languages'
import { ThreadIdSchema, ThreadSchema, ThreadSummarySchema } from '../../shared/threads'
import {
  PaperSchema,
  SearchResponseSchema,
  SectionResultSchema,
  type Paper
} from '../../shared/types'
import { UserFacingError } from '../errors'
import { CITE_FORMATS, citeList } from '../library/citeList'

/** Calls one channel of the app's router; throws the channel's error as a UserFacingError. */
export type CallChannel = <C extends Channel>(
  channel: C,
  input: unknown
) => Promise<ChannelOutput<C>>

/** What a route receives, each part already checked against the route's own schemas. */
export interface RouteInput {
  params: Record<string, unknown>
  query: Record<string, unknown>
  body: unknown
}

/**
 * One route of the HTTP API: its method and path (OpenAPI style), the schemas of what it takes
 * and returns (the OpenAPI document is generated from them), and the channel calls it makes.
 * @remarks The route's schemas use the API's own field names (`q`, `k`, `id`), so an error
 * names what the caller sent; the channels' schemas then validate again in the router, as for
 * every other transport.
 */
export interface ApiRoute {
  method: 'get' | 'post'
  path: string
  operationId: string
  summary: string
  tag: 'papers' | 'search' | 'threads' | 'answers'
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  response: z.ZodType
  /** Media type of a success (JSON unless said). */
  mediaType?: string
  /** Changes the library: only on a server started with --allow-add. */
  writes?: boolean
  /** Status of a success (200 unless said). */
  status?: 200 | 201
  run(call: CallChannel, input: RouteInput): Promise<unknown>
}

const PaperId = PaperIdSchema.meta({ description: 'A paper id such as 1706.03762' })
const PaperParams = z.object({ id: PaperId })
/** Query-string integers arrive as text. */
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .meta({ type: 'integer' })
const PaperList = z
  .string()
  .max(20_000)
  .transform((s) =>
    s
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
  )
  .pipe(z.array(PaperIdSchema).min(1).max(1000))
  .meta({ description: 'Comma-separated paper ids' })
const Question = z
  .string()
  .max(MAX_QUERY_CHARS, `must be at most ${MAX_QUERY_CHARS} characters`)
  .refine((s) => s.trim().length > 0, 'must not be empty')

/** One page of a paper. */
export const PageOutSchema = z
  .object({
    paperId: z.string(),
    title: z.string(),
    pageCount: z.number().int(),
    page: z.number().int(),
    text: z.string()
  })
  .meta({ id: 'Page' })

/** What `POST /papers` takes: exactly one of an arXiv id, a DOI or a PDF path on this computer. */
export const AddPaperSchema = z
  .object({
    arxiv: z.string().trim().min(1).max(300).optional().meta({ example: '1706.03762' }),
    doi: DoiSchema.optional(),
    path: z.string().min(1).max(4096).optional().meta({ description: 'An absolute PDF path' })
  })
  .strict()
  .refine((b) => [b.arxiv, b.doi, b.path].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of arxiv, doi or path'
  })
  .meta({ id: 'AddPaper' })

/** A reference list: the text as a person pastes it, and each paper's reference. */
export const ReferencesOutSchema = z
  .object({
    style: z.enum(CITE_FORMATS),
    text: z.string(),
    count: z.number().int(),
    references: z.array(z.object({ paperId: z.string(), text: z.string() }))
  })
  .meta({ id: 'References' })

/**
 * A PDF on this computer as `library:addFile` takes it.
 * @remarks `library:addPaths` accepts only paths chosen in the app's file dialog (the window is
 * not trusted with the file system); a caller holding the token is, as the CLI is, so the
 * server reads the file and sends its bytes through the same channel as a dropped file.
 */
async function pdfFile(path: string): Promise<{ name: string; data: Uint8Array }> {
  if (!isAbsolute(path))
    throw new UserFacingError(
      'INVALID_INPUT',
      `Invalid body: path: must be an absolute path, not ${path.slice(0, 200)}`
    )
  const info = await stat(path).catch(() => null)
  if (!info?.isFile())
    throw new UserFacingError(
      'NOT_FOUND',
      `There is no file at ${path.slice(0, 300)} on this computer.`
    )
  if (info.size > MAX_PDF_BYTES)
    throw new UserFacingError(
      'INVALID_INPUT',
      `${basename(path)} is larger than ${MAX_PDF_BYTES / 1024 / 1024} MB.`
    )
  return { name: basename(path), data: new Uint8Array(await readFile(path)) }
}

function paperById(papers: Paper[], id: string): Paper {
  const p = papers.find((x) => x.id === id)
  if (!p) throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id } })
  return p
}

/** Every route of the HTTP API but `/ask` (see askRoute.ts), in the order the docs list them. */
export const API_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/papers',
    operationId: 'listPapers',
    summary: 'The papers in the library (optionally those matching words or in a collection)',
    tag: 'papers',
    query: z.object({
      q: z
        .string()
        .trim()
        .max(200)
        .optional()
        .meta({ description: 'Words of title, author, id or year' }),
      collection: z.string().trim().min(1).max(200).optional()
    }),
    response: z.object({ papers: z.array(PaperSchema) }),
    run: (call, { query }) =>
      call('library:find', {
        ...(query.q ? { query: query.q } : {}),
        ...(query.collection ? { collection: query.collection } : {})
      })
  },
  {
    method: 'get',
    path: '/papers/{id}',
    operationId: 'getPaper',
    summary: 'One paper: its details, status, pages and sections',
    tag: 'papers',
    params: PaperParams,
    response: z.object({ paper: PaperSchema }),
    run: async (call, { params }) => ({
      paper: paperById((await call('library:list', {})).papers, params.id as string)
    })
  },
  {
    method: 'get',
    path: '/papers/{id}/pages/{n}',
    operationId: 'getPage',
    summary: 'The cleaned text of one page (1-based)',
    tag: 'papers',
    params: PaperParams.extend({ n: wholeNumber(1, 100_000) }),
    response: PageOutSchema,
    run: async (call, { params }) => {
      const r = await call('library:pages', { paperId: params.id, from: params.n })
      const p = r.pages[0]!
      return { paperId: r.paperId, title: r.title, pageCount: r.pageCount, ...p }
    }
  },
  {
    method: 'get',
    path: '/papers/{id}/sections/{name}',
    operationId: 'getSection',
    summary: 'A named section of a paper (abstract, introduction, method, conclusion…)',
    tag: 'papers',
    params: PaperParams.extend({ name: z.string().trim().min(1).max(100) }),
    response: SectionResultSchema,
    run: (call, { params }) => call('search:section', { paperId: params.id, section: params.name })
  },
  {
    method: 'get',
    path: '/papers/{id}/bibtex',
    operationId: 'getBibtex',
    summary: 'The BibTeX entry of a paper (stable key: authorYEARword)',
    tag: 'papers',
    params: PaperParams,
    response: z.string(),
    mediaType: 'application/x-bibtex',
    run: async (call, { params }) => {
      paperById((await call('library:list', {})).papers, params.id as string)
      return (await call('library:bibtex', { paperIds: [params.id] })).bibtex
    }
  },
  {
    method: 'get',
    path: '/references',
    operationId: 'getReferences',
    summary: 'Formatted references (APA, ABNT, IEEE, Chicago, Vancouver, BibTeX or RIS)',
    tag: 'papers',
    query: z.object({
      papers: PaperList.optional().meta({ description: 'Paper ids (default: every paper)' }),
      style: z
        .enum(CITE_FORMATS)
        .optional()
        .meta({ description: 'apa unless lang is pt-BR (then abnt)' }),
      lang: z.enum(UI_LANGUAGES).optional().meta({ description: 'Locale (default en)' })
    }),
    response: ReferencesOutSchema,
    run: (call, { query }) =>
      citeList(
        call,
        query.papers ? { paperIds: query.papers as string[] } : {},
        (query.lang as (typeof UI_LANGUAGES)[number] | undefined) ?? 'en',
        query.style as (typeof CITE_FORMATS)[number] | undefined
      )
  },
  {
    method: 'post',
    path: '/papers',
    operationId: 'addPaper',
    summary: 'Add a paper by arXiv id, DOI or PDF path; it is indexed in the background',
    tag: 'papers',
    body: AddPaperSchema,
    response: z.object({ papers: z.array(PaperSchema) }),
    writes: true,
    status: 201,
    run: async (call, { body }) => {
      const b = body as z.output<typeof AddPaperSchema>
      if (b.arxiv !== undefined)
        return { papers: [(await call('library:addArxiv', { id: b.arxiv })).paper] }
      if (b.doi !== undefined)
        return { papers: [(await call('library:addDoi', { doi: b.doi })).paper] }
      return { papers: [(await call('library:addFile', await pdfFile(b.path!))).paper] }
    }
  },
  {
    method: 'get',
    path: '/search',
    operationId: 'search',
    summary: 'Ranked passages for a query (hybrid, or keyword-only without the embedding model)',
    tag: 'search',
    query: z.object({
      q: Question,
      k: wholeNumber(1, 50).optional().meta({ description: 'How many passages (default 10)' }),
      papers: PaperList.optional()
    }),
    response: SearchResponseSchema,
    run: (call, { query }) =>
      call('search:query', {
        query: query.q,
        ...(query.k !== undefined && { limit: query.k }),
        ...(query.papers !== undefined && { paperIds: query.papers })
      })
  },
  {
    method: 'get',
    path: '/threads',
    operationId: 'listThreads',
    summary: 'Saved conversations, newest first',
    tag: 'threads',
    query: z.object({ q: z.string().max(200).optional() }),
    response: z.object({ threads: z.array(ThreadSummarySchema) }),
    run: async (call, { query }) => ({
      threads: (await call('threads:list', query.q ? { query: query.q } : {})).threads
    })
  },
  {
    method: 'get',
    path: '/threads/{id}',
    operationId: 'getThread',
    summary: 'One conversation with every turn and its citations',
    tag: 'threads',
    params: z.object({ id: ThreadIdSchema }),
    response: z.object({ thread: ThreadSchema }),
    run: (call, { params }) => call('threads:get', { threadId: params.id })
  }
]
