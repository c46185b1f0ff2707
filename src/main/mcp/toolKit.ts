import { z } from 'zod'
import {
  MAX_QUERY_CHARS,
  PaperIdSchema,
  type Channel,
  type ChannelOutput
} from '../../shared/contract'
import type { Paper } from '../../shared/types'
import { paginated, quoteMeta, type ResultItem } from './format'

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

/** Declares a tool: its arguments are parsed by `input` before `run` sees them. */
export function tool<S extends z.ZodObject, O extends z.ZodObject>(t: {
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
export interface DataItem extends ResultItem {
  data: Record<string, unknown>
}

/** {@link paginated}, with the shown items' data (their `text`: the part sent) for structure. */
export function pageOf(
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

/** The cursor for the rest of a long result. */
export const NextCursor = z
  .string()
  .nullable()
  .describe('Pass as cursor to the same call for the rest; null: nothing left')
/** One passage in structured content. */
export const PassageOut = z.object({
  paperId: z.string(),
  title: z.string(),
  page: z.number().int(),
  section: z.string(),
  chunkId: z.string(),
  text: z.string()
})
/** One paper in structured content. */
export const PaperOut = z.object({
  paperId: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  pages: z.number().int(),
  status: z.string()
})

/** A paper as {@link PaperOut}. */
export function paperData(p: Paper): z.input<typeof PaperOut> {
  return {
    paperId: p.id,
    title: p.title,
    authors: p.authors,
    year: p.year,
    pages: p.pages,
    status: p.status
  }
}

/** The `cursor` argument of a paginated tool. */
export const Cursor = z.string().max(500).optional().describe('From a previous "more:" line')
/** Papers to limit a call to. */
export const PaperIds = z.array(PaperIdSchema).min(1).max(200)
/** A question or query, as long as the app takes one. */
export const Question = z.string().trim().min(1).max(MAX_QUERY_CHARS)

/** Where a passage is: `paperId p.N §section` (no section for the body). */
export function where(p: { paperId: string; page: number; section?: string }): string {
  return `${p.paperId} p.${p.page}${p.section && p.section !== 'body' ? ` §${p.section}` : ''}`
}

/** One paper on one line: id, quoted title, authors, year, pages and a state that is not indexed. */
export function paperLine(p: Paper): string {
  const who = p.authors.length > 2 ? `${p.authors[0]} et al.` : p.authors.join(', ')
  const state =
    p.status === 'indexed' ? '' : ` [${p.status}${p.error ? `: ${p.error.message}` : ''}]`
  return `${p.id} · ${quoteMeta(p.title)} · ${who || 'unknown authors'}${p.year ? ` (${p.year})` : ''} · ${p.pages} pp${state}`
}
