import { z } from 'zod'
import { UI_LANGUAGES } from '../../shared/languages'
import { CITE_FORMATS, citeList } from '../library/citeList'
import {
  Cursor,
  NextCursor,
  pageOf,
  PaperIds,
  tool,
  type CallChannel,
  type McpTool
} from './toolKit'

/**
 * `cite`: papers' references in a citation style (APA, ABNT, IEEE, Chicago, Vancouver) or as
 * BibTeX or RIS, the same text as the CLI's `cite --style`.
 * @remarks The list is formatted by {@link citeList}, shared with the CLI and the HTTP API; the
 * language picks the CSL locale ("and"/"e", month names) and, with no style, the default one.
 */
export function citeTool(call: CallChannel): McpTool {
  return tool({
    name: 'cite',
    description:
      'Formatted references for papers: apa, abnt, ieee, chicago, vancouver, bibtex, ris.',
    input: z.strictObject({
      paperIds: PaperIds,
      style: z.enum(CITE_FORMATS).optional().describe('Default: apa (abnt in pt-BR)'),
      language: z.enum(UI_LANGUAGES).optional().describe('Locale of the references (default en)'),
      cursor: Cursor
    }),
    output: z.object({
      style: z.enum(CITE_FORMATS),
      count: z.number().int(),
      references: z.array(z.object({ text: z.string() })),
      nextCursor: NextCursor
    }),
    run: async (a, raw) => {
      const list = await citeList(call, { paperIds: a.paperIds }, a.language ?? 'en', a.style)
      const blocks = list.text ? list.text.split(/\n{2,}/) : []
      const page = pageOf(
        'cite',
        raw,
        `${list.count} reference(s), ${list.style}:`,
        blocks.map((b) => ({ head: b, data: { text: b } }))
      )
      return {
        text: page.text,
        structured: {
          style: list.style,
          count: list.count,
          references: page.data as { text: string }[],
          nextCursor: page.nextCursor
        }
      }
    }
  })
}
