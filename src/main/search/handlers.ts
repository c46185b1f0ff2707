import type { searchChannels } from '../../shared/searchChannels'
import type { HandlerSlice } from '../ipc/combine'
import type { Retriever } from './types'

/** What the search channels need. */
export interface SearchHandlerDeps {
  retriever: Retriever
}

/** The handlers of the search channels (`search:*`). */
export function searchHandlers(deps: SearchHandlerDeps): HandlerSlice<keyof typeof searchChannels> {
  return {
    'search:query': (input) => deps.retriever.search(input),
    'search:section': (input) => deps.retriever.section(input),
    'search:passage': ({ chunkId }) => deps.retriever.passage(chunkId)
  }
}
