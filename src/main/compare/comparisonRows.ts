import type { Comparison } from '../../shared/compare'
import { MAX_COMPARE_PAPERS } from '../../shared/contract'
import type { Paper } from '../../shared/types'
import { UserFacingError, type ErrorText } from '../errors'
import { unique } from './comparisonGrid'

/** Where a comparison's papers come from (the comparison service's own deps). */
export interface RowSources {
  papers: () => Paper[]
  /** A collection's name and papers; throws NOT_FOUND for an unknown one. */
  collection: (id: string) => { name: string; paperIds: string[] }
  /** A conversation's papers (null: the whole library); throws NOT_FOUND for an unknown one. */
  threadScope: (threadId: string) => readonly string[] | null
}

/**
 * The rows of a new comparison, from its papers, its collection or its conversation: indexed
 * papers only (chosen ones must exist), within the conversation's scope, at most
 * {@link MAX_COMPARE_PAPERS}.
 */
export function comparisonRows(
  input: { paperIds?: readonly string[]; collectionId?: string; threadId?: string },
  deps: RowSources
): {
  paperIds: string[]
  collection: Comparison['collection']
} {
  const scope = input.threadId ? deps.threadScope(input.threadId) : null
  const indexed = (ids: readonly string[]): string[] => {
    const ok = new Set(
      deps
        .papers()
        .filter((p) => p.status === 'indexed')
        .map((p) => p.id)
    )
    return ids.filter((id) => ok.has(id))
  }
  let ids: string[]
  let collection: Comparison['collection'] = null
  let from: ErrorText
  if (input.collectionId) {
    const found = deps.collection(input.collectionId)
    collection = { id: input.collectionId, name: found.name }
    ids = indexed(found.paperIds)
    from = { key: 'compareCollectionEmpty', params: { name: found.name } }
  } else if (input.paperIds?.length) {
    checkPapers(input.paperIds, deps.papers())
    ids = [...input.paperIds]
    from = { key: 'compareNoPapersChosen' }
  } else if (input.threadId) {
    ids = indexed(scope ?? deps.papers().map((p) => p.id))
    from = { key: 'compareConversationEmpty' }
  } else {
    throw new UserFacingError('INVALID_INPUT', { key: 'compareNeedsPapers' })
  }
  if (scope) {
    const inScope = ids.filter((id) => scope.includes(id))
    if (ids.length && !inScope.length) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'compareOutsideConversation',
        params: { ids: ids.join(', '), scope: scope.join(', ') }
      })
    }
    ids = inScope
  }
  ids = unique(ids)
  if (ids.length === 0) {
    throw new UserFacingError('INVALID_INPUT', from)
  }
  if (ids.length > MAX_COMPARE_PAPERS) {
    throw new UserFacingError('INVALID_INPUT', {
      key: 'compareTooMany',
      params: { count: ids.length, max: MAX_COMPARE_PAPERS }
    })
  }
  return { paperIds: ids, collection }
}

/** Throws NOT_FOUND naming the ids that are not papers of the library. */
export function checkPapers(ids: readonly string[], papers: readonly Paper[]): void {
  const known = new Set(papers.map((p) => p.id))
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length) {
    throw new UserFacingError('NOT_FOUND', {
      key: 'noSuchPapers',
      params: { ids: unknown.join(', ') }
    })
  }
}
