import type { graphChannels } from '../../shared/graphChannels'
import type { HandlerSlice } from '../ipc/combine'
import type { CitationGraphService } from './CitationGraphService'

/** What the citation map channel needs. */
export interface GraphHandlerDeps {
  /** The citation map. */
  citationGraph: CitationGraphService
}

/** The handler of the citation map channel (`graph:get`). */
export function graphHandlers(deps: GraphHandlerDeps): HandlerSlice<keyof typeof graphChannels> {
  return {
    'graph:get': ({ collectionId }) => deps.citationGraph.graph({ collectionId })
  }
}
