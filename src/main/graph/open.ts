import { Discovery } from '../library/Discovery'
import type { LibraryService } from '../library/LibraryService'
import type { OpenContext } from '../openContext'
import type { Retriever } from '../search/types'
import { CitationGraphService, graphFile } from './CitationGraphService'

/** What opening the map of the library needs beyond {@link OpenContext}. */
export interface GraphOpenContext extends OpenContext {
  library: LibraryService
  retriever: Retriever
}

/** How papers relate: the citation map, and the papers like one paper or missing from it. */
export interface OpenedGraph {
  citationGraph: CitationGraphService
  discovery: Discovery
}

/**
 * Opens the citation map (cached in `graph.json`, read but never written by a reader) and the
 * related-papers and missing-references finder.
 * @remarks Nothing is read until the first map or related-papers request.
 */
export function openGraph(ctx: GraphOpenContext): OpenedGraph {
  const { library } = ctx
  return {
    discovery: new Discovery({
      papers: () => library.list(),
      paperText: (id) => library.paperText(id),
      retriever: ctx.retriever
    }),
    citationGraph: new CitationGraphService({
      papers: () => library.list(),
      paperText: (id) => library.paperText(id),
      cacheFile: ctx.readOnly ? null : graphFile(ctx.paths.root),
      readFrom: graphFile(ctx.paths.root),
      log: ctx.log
    })
  }
}
