import type { Paper } from '../../shared/types'
import { UserFacingError } from '../errors'
import type { Retriever } from '../search/types'

/** What an answer may draw on: the retriever and the papers, narrowed to a set of papers. */
export interface AnswerScope {
  retriever: Retriever
  papers: () => Paper[]
  /** True when limited to some papers (the prompts say so). */
  limited: boolean
}

/**
 * Narrows the agent to `paperIds`: every search is limited to them and other papers are
 * invisible to it.
 * @remarks Unknown ids fail at once (NOT_FOUND), before any model call.
 */
export function scopeTo(
  retriever: Retriever,
  papers: () => Paper[],
  paperIds: readonly string[] | undefined
): AnswerScope {
  if (!paperIds) return { retriever, papers, limited: false }
  const scope = new Set(paperIds)
  const unknown = [...scope].filter((id) => !papers().some((p) => p.id === id))
  if (unknown.length > 0) {
    throw new UserFacingError('NOT_FOUND', {
      key: 'noSuchPapers',
      params: { ids: unknown.join(', ') }
    })
  }
  const inScope = (id: string): boolean => scope.has(id)
  const outside = (id: string): UserFacingError =>
    new UserFacingError('NOT_FOUND', {
      key: 'paperOutOfScope',
      params: { id, ids: [...scope].join(', ') }
    })
  return {
    limited: true,
    papers: () => papers().filter((p) => inScope(p.id)),
    retriever: {
      search: (input, signal) => {
        const ids = input.paperIds ? input.paperIds.filter(inScope) : [...scope]
        return retriever.search({ ...input, paperIds: ids.length ? ids : [...scope] }, signal)
      },
      section: async (input) => {
        if (!inScope(input.paperId)) throw outside(input.paperId)
        return retriever.section(input)
      },
      passage: async (chunkId) => {
        const p = await retriever.passage(chunkId)
        if (!inScope(p.paperId)) throw outside(p.paperId)
        return p
      }
    }
  }
}
