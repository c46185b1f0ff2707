import type { Paper } from '../../shared/types'
import { isUserFacing, UserFacingError } from '../errors'
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

/**
 * How deep the library's ranking is read for a scope's papers: in the 64-paper library the
 * asked paper is among the first 10 passages for all 96 eval questions (first 5: 93).
 */
const SCOPE_DEPTH = 10
/** How many outside papers are named. */
const OUTSIDE_PAPERS = 3

/**
 * The papers outside `scope` that discuss a question the scope's papers do not: none of the
 * library's best {@link SCOPE_DEPTH} passages for it is in scope. Null when the scope holds
 * one of them (or the library could not be searched).
 * @remarks A scoped thread would otherwise answer a question about another paper with
 * unrelated passages of its own, quietly; this lets the answer say so and offer to widen.
 */
export async function papersOutsideScope(
  retriever: Retriever,
  scope: readonly string[],
  query: string,
  signal?: AbortSignal
): Promise<string[] | null> {
  const inScope = new Set(scope)
  let results
  try {
    ;({ results } = await retriever.search({ query, limit: SCOPE_DEPTH }, signal))
  } catch (e) {
    if (isUserFacing(e, 'NOT_FOUND') || isUserFacing(e, 'INVALID_INPUT')) return null
    throw e
  }
  if (results.length === 0 || results.some((r) => inScope.has(r.paperId))) return null
  return [...new Set(results.map((r) => r.paperId))].slice(0, OUTSIDE_PAPERS)
}
