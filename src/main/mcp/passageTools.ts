import { z } from 'zod'
import { ChunkIdSchema, PaperIdSchema } from '../../shared/contract'
import { excerpt, quoteMeta, quotePaper, UNTRUSTED_NOTE } from './format'
import {
  Cursor,
  NextCursor,
  pageOf,
  PaperIds,
  PassageOut,
  Question,
  tool,
  where,
  type CallChannel,
  type McpTool
} from './toolKit'

/**
 * The tools that read the papers' text: search, one passage, pages, a section.
 * @remarks Paper text is quoted inside `<paper_text>` and long results go behind a cursor.
 */
export function passageTools(call: CallChannel): McpTool[] {
  return [searchPassagesTool(call), getPassageTool(call), readPagesTool(call), getSectionTool(call)]
}

/** `search_passages`: ranked passages for a query, as excerpts unless `full`. */
function searchPassagesTool(call: CallChannel): McpTool {
  return tool({
    name: 'search_passages',
    description: 'Search the papers; returns ranked passages (paper, page, chunkId, excerpt).',
    input: z.strictObject({
      query: Question,
      k: z.number().int().min(1).max(20).optional().describe('Results, default 5'),
      paperIds: PaperIds.optional(),
      full: z.boolean().optional().describe('Whole passages instead of excerpts'),
      cursor: Cursor
    }),
    output: z.object({
      mode: z.enum(['hybrid', 'keyword']),
      passages: z.array(PassageOut.extend({ rank: z.number().int() })),
      nextCursor: NextCursor
    }),
    run: async (a, raw) => {
      const r = await call('search:query', {
        query: a.query,
        limit: a.k ?? 5,
        ...(a.paperIds && { paperIds: a.paperIds })
      })
      const mode = r.embedder ? 'hybrid' : 'keyword-only (no embedding model)'
      const items = r.results.map((x, i) => ({
        head: `[${i + 1}] ${where(x)} · ${quoteMeta(x.title)} · ${x.chunkId}`,
        text: a.full ? x.text : excerpt(x.text),
        data: {
          rank: i + 1,
          paperId: x.paperId,
          title: x.title,
          page: x.page,
          section: x.section,
          chunkId: x.chunkId
        }
      }))
      const head = `${r.results.length} passage(s), ${mode} search. ${UNTRUSTED_NOTE}${a.full ? '' : ' Excerpts: get_passage gives the whole passage.'}`
      const page = pageOf('search_passages', raw, head, items)
      return {
        text: page.text,
        structured: {
          mode: r.embedder ? ('hybrid' as const) : ('keyword' as const),
          passages: page.data as never,
          nextCursor: page.nextCursor
        }
      }
    }
  })
}

/** `get_passage`: one whole passage by its chunk id. */
function getPassageTool(call: CallChannel): McpTool {
  return tool({
    name: 'get_passage',
    description: 'The full text of one passage by chunkId.',
    input: z.strictObject({ chunkId: ChunkIdSchema }),
    output: PassageOut,
    run: async (a) => {
      const p = await call('search:passage', { chunkId: a.chunkId })
      return {
        text: `${UNTRUSTED_NOTE}\n\n${where(p)} · ${quoteMeta(p.title)} · ${p.chunkId}\n${quotePaper(p.text)}`,
        structured: {
          paperId: p.paperId,
          title: p.title,
          page: p.page,
          section: p.section,
          chunkId: p.chunkId,
          text: p.text
        }
      }
    }
  })
}

/** `read_pages`: the text of a range of pages of one paper. */
function readPagesTool(call: CallChannel): McpTool {
  return tool({
    name: 'read_pages',
    description: 'The text of pages from..to (at most 20) of a paper.',
    input: z.strictObject({
      paperId: PaperIdSchema,
      from: z.number().int().min(1),
      to: z.number().int().min(1).optional().describe('Default: from'),
      cursor: Cursor
    }),
    output: z.object({
      paperId: z.string(),
      title: z.string(),
      pageCount: z.number().int(),
      pages: z.array(z.object({ page: z.number().int(), text: z.string() })),
      nextCursor: NextCursor
    }),
    run: async (a, raw) => {
      const r = await call('library:pages', {
        paperId: a.paperId,
        from: a.from,
        ...(a.to !== undefined && { to: a.to })
      })
      const items = r.pages.map((p) => ({
        head: `${r.paperId} page ${p.page}`,
        text: p.text,
        data: { page: p.page }
      }))
      const head = `${quoteMeta(r.title)}, ${r.pageCount} pages. ${UNTRUSTED_NOTE}`
      const page = pageOf('read_pages', raw, head, items)
      return {
        text: page.text,
        structured: {
          paperId: r.paperId,
          title: r.title,
          pageCount: r.pageCount,
          pages: page.data as { page: number; text: string }[],
          nextCursor: page.nextCursor
        }
      }
    }
  })
}

/** `get_section`: a named section of one paper. */
function getSectionTool(call: CallChannel): McpTool {
  return tool({
    name: 'get_section',
    description:
      'A named section of a paper (abstract, introduction, method, results, conclusion…).',
    input: z.strictObject({
      paperId: PaperIdSchema,
      section: z.string().trim().min(1).max(100),
      cursor: Cursor
    }),
    output: z.object({
      paperId: z.string(),
      section: z.string(),
      pages: z.array(z.number().int()),
      text: z.string().describe('The part of the section this call sent'),
      nextCursor: NextCursor
    }),
    run: async (a, raw) => {
      const r = await call('search:section', { paperId: a.paperId, section: a.section })
      const head = `${r.paperId} §${r.section}, pages ${r.pages.join(', ')}. ${UNTRUSTED_NOTE}`
      const page = pageOf('get_section', raw, head, [
        { head: `${r.paperId} §${r.section}`, text: r.text, data: {} }
      ])
      return {
        text: page.text,
        structured: {
          paperId: r.paperId,
          section: r.section,
          pages: r.pages,
          text: (page.data[0]?.text as string | undefined) ?? '',
          nextCursor: page.nextCursor
        }
      }
    }
  })
}
