import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema
} from '@modelcontextprotocol/sdk/types.js'
import { isUserFacing, UserFacingError } from '../errors'
import { quoteMeta, quotePaper, UNTRUSTED_NOTE } from './format'
import { protocolError } from './mcpProtocol'
import type { CallChannel } from './tools'

/** Papers per page of `resources/list` (a large library is listed in pages). */
const RESOURCES_PER_PAGE = 100
const PAPER_URI = /^researchpal:\/\/paper\/([A-Za-z0-9._-]+)$/
const PAGE_URI = /^researchpal:\/\/paper\/([A-Za-z0-9._-]+)\/page\/(\d+)$/

/**
 * Offers each paper as a resource (its metadata) and each of its pages by a URI template.
 * @remarks A large library is listed in pages of {@link RESOURCES_PER_PAGE}; an unknown paper or
 * page is the protocol's "resource not found" (-32002), not a tool error.
 */
export function serveResources(server: Server, call: CallChannel): void {
  server.setRequestHandler(ListResourcesRequestSchema, async (request) => {
    const { papers } = await call('library:list', {})
    const cursor = request.params?.cursor
    const start = cursor === undefined ? 0 : Number(cursor)
    if (!Number.isInteger(start) || start < 0 || start > papers.length) {
      throw protocolError(
        ErrorCode.InvalidParams,
        `Invalid cursor '${cursor}': list again from the start.`
      )
    }
    const end = start + RESOURCES_PER_PAGE
    return {
      resources: papers.slice(start, end).map((p) => ({
        uri: `researchpal://paper/${p.id}`,
        name: p.id,
        title: p.title.slice(0, 200),
        description: `${p.pages} pages${p.year ? `, ${p.year}` : ''}; pages at researchpal://paper/${p.id}/page/{n}`,
        mimeType: 'application/json'
      })),
      ...(end < papers.length && { nextCursor: String(end) })
    }
  })
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'researchpal://paper/{paperId}/page/{page}',
        name: 'paper-page',
        description: 'The text of one page of a paper (1-based).',
        mimeType: 'text/plain'
      }
    ]
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    try {
      const page = PAGE_URI.exec(uri)
      if (page) {
        const r = await call('library:pages', { paperId: page[1], from: Number(page[2]) })
        const p = r.pages[0]!
        const text = `${UNTRUSTED_NOTE}\n\n${r.paperId} page ${p.page} of ${r.pageCount} · ${quoteMeta(r.title)}\n${quotePaper(p.text)}`
        return { contents: [{ uri, mimeType: 'text/plain', text }] }
      }
      const paper = PAPER_URI.exec(uri)
      if (paper) {
        const { papers } = await call('library:list', {})
        const p = papers.find((x) => x.id === paper[1])
        if (!p)
          throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id: paper[1] } })
        const meta = {
          paperId: p.id,
          title: p.title,
          authors: p.authors,
          year: p.year,
          arxivId: p.arxivId,
          status: p.status,
          pageCount: p.pages,
          sections: p.sections.map((s) => `${s.name} (pp. ${s.startPage}-${s.endPage})`),
          pages: `researchpal://paper/${p.id}/page/{1..${p.pages}}`
        }
        return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(meta) }] }
      }
    } catch (e) {
      if (isUserFacing(e, 'NOT_FOUND') || isUserFacing(e, 'INVALID_INPUT')) {
        throw protocolError(-32002, e.message, { uri })
      }
      throw e
    }
    throw protocolError(
      -32002,
      `Unknown resource ${uri}. Use researchpal://paper/<paperId> or researchpal://paper/<paperId>/page/<n>.`,
      { uri }
    )
  })
}
