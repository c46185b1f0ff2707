import { z } from 'zod'
import { UserFacingError } from '../errors'
import { GraphOut, graphResult } from './graphTool'
import {
  Cursor,
  NextCursor,
  pageOf,
  paperData,
  PaperIds,
  paperLine,
  PaperOut,
  tool,
  type CallChannel,
  type McpTool
} from './toolKit'

/** The tools about the library's papers: the list, the citation map, BibTeX. */
export function libraryTools(call: CallChannel): McpTool[] {
  return [
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
    })
  ]
}

/** `add_paper`: the one tool that changes the library (offered only when allowed). */
export function addPaperTool(call: CallChannel): McpTool {
  return tool({
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
}
