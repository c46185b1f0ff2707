import { z } from 'zod'
import { PaperIdSchema } from '../../../shared/contract'
import type { Paper } from '../../../shared/types'
import { UserFacingError } from '../../errors'
import type { Retriever } from '../../search/types'
import type { AnswerRun } from '../AnswerRun'
import type { EvidenceSet } from '../evidence'
import { ToolResultWithMedia, type AgentTool } from './tool'

/** What the agent's tools need for one answer. */
export interface AgentToolsDeps {
  retriever: Retriever
  papers: () => Paper[]
  /** True when `papers` (and the retriever) are limited to some papers; only the messages differ. */
  scoped?: boolean
  /** Turns a query into an English retrieval query (falls back to it on failure). */
  rewrite: (query: string, signal?: AbortSignal) => Promise<string>
  /** Every passage shown to the model is recorded here, for citations. */
  evidence: EvidenceSet
  run: AnswerRun
  /**
   * A page of a paper drawn as a PNG; with it the agent gets `view_page`. Null for a model that
   * cannot see images.
   */
  pageImage?: ((paperId: string, page: number, signal?: AbortSignal) => Promise<Uint8Array>) | null
}

/** Most passages one search returns to the model. */
export const MAX_SEARCH_LIMIT = 10
const DEFAULT_SEARCH_LIMIT = 6
/** Longest section text shown to the model, in characters. */
const MAX_SECTION_CHARS = 12_000

const SearchArgs = z
  .object({
    query: z.string().trim().min(1).max(1000).describe('What to look for.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_LIMIT)
      .optional()
      .describe(`How many passages (1-${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}).`),
    paperIds: z
      .array(PaperIdSchema)
      .min(1)
      .max(50)
      .optional()
      .describe('Search only these papers (ids from the library list).')
  })
  .strict()

const SectionArgs = z
  .object({
    paperId: PaperIdSchema.describe('The paper id, e.g. 1706.03762.'),
    section: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe('The section name: abstract, introduction, method, results, conclusion...')
  })
  .strict()

const ViewPageArgs = z
  .object({
    paperId: PaperIdSchema.describe('The paper id, e.g. 1706.03762.'),
    page: z.number().int().min(1).max(10_000).describe('The 1-based page number.')
  })
  .strict()

/**
 * The tools of the answering agent: `search_documents`, `extract_section`, `list_papers`, and
 * `view_page` for a model that sees images.
 * @remarks Each call reports its stage (searching "<query>", reading <section> of <paper>) and
 * records the passages it returned, so the citations are built from what the model saw.
 */
export function createAgentTools(deps: AgentToolsDeps): AgentTool[] {
  const pageImage = deps.pageImage
  return [
    searchTool(deps) as AgentTool,
    sectionTool(deps) as AgentTool,
    listTool(deps),
    ...(pageImage ? [viewPageTool(deps, pageImage) as AgentTool] : [])
  ]
}

function titleOf(deps: AgentToolsDeps, paperId: string): string {
  return deps.papers().find((p) => p.id === paperId)?.title ?? paperId
}

/** Refuses ids that are not in the library, with a message the model can act on. */
function requireKnown(deps: AgentToolsDeps, ids: readonly string[]): void {
  const known = new Set(deps.papers().map((p) => p.id))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length) {
    throw new UserFacingError(
      'NOT_FOUND',
      `No paper with id ${unknown.join(', ')} in the library; call list_papers for the ids.`
    )
  }
}

/** `search_documents`: passages for the rewritten query, recorded as evidence. */
function searchTool(deps: AgentToolsDeps): AgentTool<typeof SearchArgs> {
  return {
    name: 'search_documents',
    description:
      'Searches the papers in the library for passages relevant to a query. Returns passages with their id, paper, page and text; cite a passage as [[id]].',
    parameters: SearchArgs,
    async run(args, { signal }) {
      if (args.paperIds) requireKnown(deps, args.paperIds)
      const paperIds = args.paperIds
      const query = await deps.rewrite(args.query, signal)
      deps.run.stage('searching', `"${query}"`)
      const response = await deps.retriever.search(
        {
          query,
          limit: args.limit ?? DEFAULT_SEARCH_LIMIT,
          ...(paperIds && { paperIds })
        },
        signal
      )
      const passages = deps.evidence.addSearchResults(response.results, query)
      return {
        query,
        passages: passages.map((p) => ({
          id: p.id,
          paper: p.title,
          page: p.page,
          section: p.section,
          // Figures and tables are found by their captions; OCR'd text may have misreadings.
          ...(p.kind && { kind: p.kind }),
          text: p.text
        }))
      }
    }
  }
}

/** `extract_section`: one named section of one paper, cut at {@link MAX_SECTION_CHARS}. */
function sectionTool(deps: AgentToolsDeps): AgentTool<typeof SectionArgs> {
  return {
    name: 'extract_section',
    description:
      'Returns the text of one named section of one paper (abstract, introduction, method, results, conclusion...). Cite it as [[id]] with the id it returns.',
    parameters: SectionArgs,
    async run(args) {
      requireKnown(deps, [args.paperId])
      deps.run.stage('reading', `${args.section} — ${titleOf(deps, args.paperId)}`)
      const result = await deps.retriever.section(args)
      const passage = deps.evidence.addSection(result, titleOf(deps, args.paperId))
      const truncated = result.text.length > MAX_SECTION_CHARS
      return {
        id: passage.id,
        paper: passage.title,
        section: result.section,
        pages: result.pages,
        text: truncated ? `${result.text.slice(0, MAX_SECTION_CHARS)} [...]` : result.text
      }
    }
  }
}

/** `list_papers`: the indexed papers the model may search. */
function listTool(deps: AgentToolsDeps): AgentTool {
  return {
    name: 'list_papers',
    description: 'Lists the papers in the library: id, title, authors, year, pages.',
    parameters: z.object({}).strict(),
    async run() {
      return {
        papers: deps
          .papers()
          .filter((p) => p.status === 'indexed')
          .map((p) => ({
            id: p.id,
            title: p.title,
            authors: p.authors,
            year: p.year,
            pages: p.pages
          }))
      }
    }
  }
}

/** `view_page`: one page drawn as a PNG, attached for a model that sees images. */
function viewPageTool(
  deps: AgentToolsDeps,
  pageImage: NonNullable<AgentToolsDeps['pageImage']>
): AgentTool<typeof ViewPageArgs> {
  return {
    name: 'view_page',
    description:
      'Shows you one page of a paper as an image. Use it when the question is about a figure, a table, a plot or an equation: search first, then view the page the figure or table passage is on. Cite what you read on it as [[id]] with the id it returns.',
    parameters: ViewPageArgs,
    async run(args, { signal }) {
      requireKnown(deps, [args.paperId])
      const paper = deps.papers().find((p) => p.id === args.paperId)!
      if (paper.pages > 0 && args.page > paper.pages) {
        throw new UserFacingError(
          'INVALID_INPUT',
          `"${paper.title}" has ${paper.pages} pages; there is no page ${args.page}.`
        )
      }
      // Language-neutral: the app and the CLI put it in their own sentence ("reading …").
      deps.run.stage('reading', `p. ${args.page} — ${paper.title}`)
      const png = await pageImage(args.paperId, args.page, signal)
      const passage = deps.evidence.addPageImage(args.paperId, paper.title, args.page)
      return new ToolResultWithMedia(
        { id: passage.id, paper: paper.title, page: args.page, image: 'attached (PNG)' },
        [{ mimeType: 'image/png', data: Buffer.from(png).toString('base64') }]
      )
    }
  }
}
