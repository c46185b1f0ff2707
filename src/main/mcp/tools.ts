import { z } from 'zod'
import {
  ChunkIdSchema,
  MAX_QUERY_CHARS,
  PaperIdSchema,
  type Channel,
  type ChannelOutput
} from '../../shared/contract'
import type { Answer, Paper } from '../../shared/types'
import { GraphOut, graphResult } from './graphTool'
import { UserFacingError } from '../errors'
import {
  excerpt,
  paginated,
  quoteMeta,
  quotePaper,
  UNTRUSTED_NOTE,
  type ResultItem
} from './format'

/** Calls one channel of the app's router; throws the channel's error as a UserFacingError. */
export type CallChannel = <C extends Channel>(
  channel: C,
  input: unknown
) => Promise<ChannelOutput<C>>

/** What a tool returns: the text a model reads, and the same result as structured content. */
export interface ToolResult {
  text: string
  structured: Record<string, unknown>
}

/** One MCP tool: its name, a short description, its arguments, its result, and what it runs. */
export interface McpTool {
  name: string
  description: string
  input: z.ZodObject
  /** The schema of the structured content (sent to clients as `outputSchema`). */
  output: z.ZodObject
  /** False for a tool that changes the library (only add_paper). */
  readOnly: boolean
  run(args: Record<string, unknown>): Promise<ToolResult>
}

function tool<S extends z.ZodObject, O extends z.ZodObject>(t: {
  name: string
  description: string
  input: S
  output: O
  readOnly?: boolean
  run: (
    args: z.output<S>,
    raw: Record<string, unknown>
  ) => Promise<{ text: string; structured: z.input<O> }>
}): McpTool {
  return {
    name: t.name,
    description: t.description,
    input: t.input,
    output: t.output,
    readOnly: t.readOnly ?? true,
    run: async (raw) => {
      const r = await t.run(t.input.parse(raw), raw)
      return { text: r.text, structured: r.structured as Record<string, unknown> }
    }
  }
}

/** Paper text in structured content: the part this call sent (the rest is behind the cursor). */
interface DataItem extends ResultItem {
  data: Record<string, unknown>
}

/** {@link paginated}, with the shown items' data (their `text`: the part sent) for structure. */
function pageOf(
  toolName: string,
  raw: Record<string, unknown>,
  head: string,
  items: DataItem[]
): { text: string; data: Record<string, unknown>[]; nextCursor: string | null } {
  const page = paginated(toolName, raw, head, items)
  const data = page.shown.map(({ item, from, to }) => {
    const it = items[item]!
    return it.text === undefined ? it.data : { ...it.data, text: it.text.slice(from, to) }
  })
  return { text: page.text, data, nextCursor: page.nextCursor }
}

const NextCursor = z
  .string()
  .nullable()
  .describe('Pass as cursor to the same call for the rest; null: nothing left')
const PassageOut = z.object({
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  section: z.string(),
  chunkId: z.string(),
  text: z.string()
})
const PaperOut = z.object({
  paperId: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  pages: z.number().int(),
  status: z.string()
})

function paperData(p: Paper): z.input<typeof PaperOut> {
  return {
    paperId: p.id,
    title: p.title,
    authors: p.authors,
    year: p.year,
    pages: p.pages,
    status: p.status
  }
}

const Cursor = z.string().max(500).optional().describe('From a previous "more:" line')
const PaperIds = z.array(PaperIdSchema).min(1).max(200)
const Question = z.string().trim().min(1).max(MAX_QUERY_CHARS)

function where(p: { paperId: string; page: number; section?: string }): string {
  return `${p.paperId} p.${p.page}${p.section && p.section !== 'body' ? ` §${p.section}` : ''}`
}

function paperLine(p: Paper): string {
  const who = p.authors.length > 2 ? `${p.authors[0]} et al.` : p.authors.join(', ')
  const state =
    p.status === 'indexed' ? '' : ` [${p.status}${p.error ? `: ${p.error.message}` : ''}]`
  return `${p.id} · ${quoteMeta(p.title)} · ${who || 'unknown authors'}${p.year ? ` (${p.year})` : ''} · ${p.pages} pp${state}`
}

function answerText(a: Answer): { head: string; items: DataItem[] } {
  const mode =
    a.mode === 'evidence'
      ? `Evidence-only answer (passages, not generated): ${a.notice?.message ?? ''}`
      : `Generated answer (${a.verified ? 'checked' : `unverified${a.notice ? `: ${a.notice.message}` : ''}`}); cite sources by their numbers.`
  const items: DataItem[] =
    a.mode === 'evidence'
      ? []
      : [
          {
            head: 'Answer (model output from the passages below):',
            text: a.answer,
            data: { kind: 'answer' }
          }
        ]
  for (const c of a.citations) {
    items.push({
      head: `[${c.number}] ${where(c)} · ${quoteMeta(c.title)} · ${c.chunkId}`,
      text: c.snippet,
      data: {
        kind: 'citation',
        number: c.number,
        paperId: c.paperId,
        title: c.title,
        page: c.page,
        chunkId: c.chunkId
      }
    })
  }
  return { head: `${mode}\n${UNTRUSTED_NOTE}`, items }
}

/**
 * The MCP tools, each a thin call into the same router the app and the CLI use.
 * @remarks Outputs are plain text for a model to read: one line of metadata per item, paper
 * text inside `<paper_text>`, and a cursor when a result is longer than the cap. `add_paper`
 * exists only when the server was started with it allowed.
 */
export function mcpTools(call: CallChannel, options: { allowAdd: boolean }): McpTool[] {
  const tools: McpTool[] = [
    tool({
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
    }),
    tool({
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
    }),
    tool({
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
    }),
    tool({
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
    }),
    tool({
      name: 'list_papers',
      description: 'Papers in the library: id, title, authors, year, pages.',
      input: z.strictObject({
        query: z.string().trim().max(200).optional().describe('Words of title, author, id or year'),
        collection: z.string().trim().min(1).max(200).optional(),
        cursor: Cursor
      }),
      output: z.object({ papers: z.array(PaperOut), nextCursor: NextCursor }),
      run: async (a, raw) => {
        const { papers } = await call('library:find', {
          ...(a.query && { query: a.query }),
          ...(a.collection && { collection: a.collection })
        })
        const head = papers.length
          ? `${papers.length} paper(s). Titles are quoted metadata from the PDFs.`
          : a.query
            ? `No paper matches "${a.query}".`
            : 'The library is empty.'
        const page = pageOf(
          'list_papers',
          raw,
          head,
          papers.map((p) => ({ head: paperLine(p), data: paperData(p) }))
        )
        return {
          text: page.text,
          structured: {
            papers: page.data as z.input<typeof PaperOut>[],
            nextCursor: page.nextCursor
          }
        }
      }
    }),
    tool({
      name: 'citation_graph',
      description:
        'Which library papers cite which, works several cite that are missing, and topic clusters.',
      input: z.strictObject({
        collection: z.string().trim().min(1).max(200).optional().describe('A collection name'),
        full: z
          .boolean()
          .optional()
          .describe('Also similarity links and every missing work (default: compact)')
      }),
      output: GraphOut,
      run: async (a) => {
        let collectionId: string | undefined
        if (a.collection) {
          const { collections } = await call('library:collections', {})
          const name = a.collection.toLowerCase()
          const c = collections.find((x) => x.name.toLowerCase() === name || x.id === a.collection)
          if (!c)
            throw new UserFacingError('NOT_FOUND', {
              key: 'noCollectionNamed',
              params: { name: a.collection }
            })
          collectionId = c.id
        }
        return graphResult(await call('graph:get', collectionId ? { collectionId } : {}), !a.full)
      }
    }),
    tool({
      name: 'get_bibtex',
      description: 'BibTeX entries for papers.',
      input: z.strictObject({ paperIds: PaperIds, cursor: Cursor }),
      output: z.object({
        entries: z.array(z.object({ paperId: z.string(), key: z.string(), bibtex: z.string() })),
        nextCursor: NextCursor
      }),
      run: async (a, raw) => {
        const r = await call('library:bibtex', { paperIds: a.paperIds })
        const entries = r.bibtex.split(/\n(?=@)/)
        const page = pageOf(
          'get_bibtex',
          raw,
          `${r.entries.length} entr${r.entries.length === 1 ? 'y' : 'ies'}:`,
          entries.map((e, i) => ({
            head: e,
            data: {
              paperId: r.entries[i]?.paperId ?? '',
              key: r.entries[i]?.key ?? '',
              bibtex: e.trim()
            }
          }))
        )
        return {
          text: page.text,
          structured: {
            entries: page.data as { paperId: string; key: string; bibtex: string }[],
            nextCursor: page.nextCursor
          }
        }
      }
    }),
    tool({
      name: 'ask',
      description:
        'Answer a question from the papers with numbered citations (generated if a model is set, else evidence only; labelled).',
      input: z.strictObject({ question: Question, paperIds: PaperIds.optional(), cursor: Cursor }),
      output: z.object({
        mode: z.string().describe('generated, or evidence (passages only, no model)'),
        verified: z.boolean(),
        notice: z.string().nullable(),
        answer: z.string().nullable().describe('The part of the generated answer this call sent'),
        citations: z.array(
          z.object({
            number: z.number().int(),
            paperId: z.string(),
            title: z.string(),
            page: z.number().int(),
            chunkId: z.string(),
            quote: z.string()
          })
        ),
        nextCursor: NextCursor
      }),
      run: async (a, raw) => {
        const answer = await call('chat:ask', {
          question: a.question,
          requestId: `mcp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
          ...(a.paperIds && { paperIds: a.paperIds })
        })
        const { head, items } = answerText(answer)
        const page = pageOf('ask', raw, head, items)
        const part = page.data.find((d) => d.kind === 'answer')
        return {
          text: page.text,
          structured: {
            mode: answer.mode,
            verified: answer.verified,
            notice: answer.notice?.message ?? null,
            answer: (part?.text as string | undefined) ?? null,
            citations: page.data
              .filter((d) => d.kind === 'citation')
              .map(({ kind: _kind, text, ...c }) => ({ ...c, quote: text })) as never,
            nextCursor: page.nextCursor
          }
        }
      }
    })
  ]
  if (options.allowAdd) {
    tools.push(
      tool({
        name: 'add_paper',
        description:
          'Add a paper by arXiv id, arXiv URL or arXiv DOI; it is indexed in the background.',
        input: z.strictObject({
          id: z.string().trim().min(1).max(300).describe('e.g. 1706.03762')
        }),
        output: z.object({ paper: PaperOut }),
        readOnly: false,
        run: async (a) => {
          const { paper } = await call('library:addArxiv', { id: a.id })
          return {
            text: `Added ${paperLine(paper)}. list_papers shows when it is indexed.`,
            structured: { paper: paperData(paper) }
          }
        }
      })
    )
  }
  return tools
}
