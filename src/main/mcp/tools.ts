import { z } from 'zod'
import {
  ChunkIdSchema,
  MAX_QUERY_CHARS,
  PaperIdSchema,
  type Channel,
  type ChannelOutput
} from '../../shared/contract'
import type { Answer, Paper } from '../../shared/types'
import { excerpt, paginate, quoteMeta, quotePaper, UNTRUSTED_NOTE, type ResultItem } from './format'

/** Calls one channel of the app's router; throws the channel's error as a UserFacingError. */
export type CallChannel = <C extends Channel>(
  channel: C,
  input: unknown
) => Promise<ChannelOutput<C>>

/** One MCP tool: its name, a short description, its arguments, and what it runs. */
export interface McpTool {
  name: string
  description: string
  input: z.ZodObject
  /** False for a tool that changes the library (only add_paper). */
  readOnly: boolean
  run(args: Record<string, unknown>): Promise<string>
}

function tool<S extends z.ZodObject>(t: {
  name: string
  description: string
  input: S
  readOnly?: boolean
  run: (args: z.output<S>, raw: Record<string, unknown>) => Promise<string>
}): McpTool {
  return {
    name: t.name,
    description: t.description,
    input: t.input,
    readOnly: t.readOnly ?? true,
    run: (raw) => t.run(t.input.parse(raw), raw)
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

function answerText(a: Answer): { head: string; items: ResultItem[] } {
  const mode =
    a.mode === 'evidence'
      ? `Evidence-only answer (passages, not generated): ${a.notice?.message ?? ''}`
      : `Generated answer (${a.verified ? 'checked' : `unverified${a.notice ? `: ${a.notice.message}` : ''}`}); cite sources by their numbers.`
  const items: ResultItem[] =
    a.mode === 'evidence'
      ? []
      : [{ head: 'Answer (model output from the passages below):', text: a.answer }]
  for (const c of a.citations) {
    items.push({
      head: `[${c.number}] ${where(c)} · ${quoteMeta(c.title)} · ${c.chunkId}`,
      text: c.snippet
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
      run: async (a, raw) => {
        const r = await call('search:query', {
          query: a.query,
          limit: a.k ?? 5,
          ...(a.paperIds && { paperIds: a.paperIds })
        })
        const mode = r.embedder ? 'hybrid' : 'keyword-only (no embedding model)'
        const items = r.results.map((x, i) => ({
          head: `[${i + 1}] ${where(x)} · ${quoteMeta(x.title)} · ${x.chunkId}`,
          text: a.full ? x.text : excerpt(x.text)
        }))
        const head = `${r.results.length} passage(s), ${mode} search. ${UNTRUSTED_NOTE}${a.full ? '' : ' Excerpts: get_passage gives the whole passage.'}`
        return paginate('search_passages', raw, head, items)
      }
    }),
    tool({
      name: 'get_passage',
      description: 'The full text of one passage by chunkId.',
      input: z.strictObject({ chunkId: ChunkIdSchema }),
      run: async (a) => {
        const p = await call('search:passage', { chunkId: a.chunkId })
        return `${UNTRUSTED_NOTE}\n\n${where(p)} · ${quoteMeta(p.title)} · ${p.chunkId}\n${quotePaper(p.text)}`
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
      run: async (a, raw) => {
        const r = await call('library:pages', {
          paperId: a.paperId,
          from: a.from,
          ...(a.to !== undefined && { to: a.to })
        })
        const items = r.pages.map((p) => ({ head: `${r.paperId} page ${p.page}`, text: p.text }))
        const head = `${quoteMeta(r.title)}, ${r.pageCount} pages. ${UNTRUSTED_NOTE}`
        return paginate('read_pages', raw, head, items)
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
      run: async (a, raw) => {
        const r = await call('search:section', { paperId: a.paperId, section: a.section })
        const head = `${r.paperId} §${r.section}, pages ${r.pages.join(', ')}. ${UNTRUSTED_NOTE}`
        return paginate('get_section', raw, head, [
          { head: `${r.paperId} §${r.section}`, text: r.text }
        ])
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
        return paginate(
          'list_papers',
          raw,
          head,
          papers.map((p) => ({ head: paperLine(p) }))
        )
      }
    }),
    tool({
      name: 'get_bibtex',
      description: 'BibTeX entries for papers.',
      input: z.strictObject({ paperIds: PaperIds, cursor: Cursor }),
      run: async (a, raw) => {
        const r = await call('library:bibtex', { paperIds: a.paperIds })
        const entries = r.bibtex.split(/\n(?=@)/)
        return paginate(
          'get_bibtex',
          raw,
          `${r.entries.length} entr${r.entries.length === 1 ? 'y' : 'ies'}:`,
          entries.map((e) => ({ head: e }))
        )
      }
    }),
    tool({
      name: 'ask',
      description:
        'Answer a question from the papers with numbered citations (generated if a model is set, else evidence only; labelled).',
      input: z.strictObject({ question: Question, paperIds: PaperIds.optional(), cursor: Cursor }),
      run: async (a, raw) => {
        const answer = await call('chat:ask', {
          question: a.question,
          requestId: `mcp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
          ...(a.paperIds && { paperIds: a.paperIds })
        })
        const { head, items } = answerText(answer)
        return paginate('ask', raw, head, items)
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
        readOnly: false,
        run: async (a) => {
          const { paper } = await call('library:addArxiv', { id: a.id })
          return `Added ${paperLine(paper)}. list_papers shows when it is indexed.`
        }
      })
    )
  }
  return tools
}
