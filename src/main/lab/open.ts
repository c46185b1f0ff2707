import type { LibraryService } from '../library/LibraryService'
import type { OpenContext } from '../openContext'
import { HybridRetriever } from '../search/HybridRetriever'
import type { ChunkSource, EmbedderProvider, KeywordIndex, VectorStore } from '../search/types'
import type { LabSecrets } from './labConnection'
import { labLibrary, localSha256s } from './labLibrary'
import { LabRetriever } from './LabRetriever'
import { LabService } from './LabService'

/** What opening the lab and the retrieval over both libraries needs beyond {@link OpenContext}. */
export interface LabOpenContext extends OpenContext {
  library: LibraryService
  embedder: EmbedderProvider
  vectors: VectorStore
  keywords: KeywordIndex & ChunkSource
  /** Where the connection string is kept (the app's secret store), when there is one. */
  secrets?: LabSecrets
}

/** The lab connection and the one retriever every feature searches with. */
export interface OpenedLab {
  lab: LabService
  retriever: LabRetriever
}

/**
 * Opens the lab library (issue 36) and the retriever that searches this library and, when
 * connected, the lab's beside it.
 */
export function openLab(ctx: LabOpenContext): OpenedLab {
  const { library, keywords, vectors, embedder } = ctx
  const lab = new LabService({
    root: ctx.paths.root,
    env: ctx.env,
    embedder,
    library: labLibrary(library, keywords, vectors),
    ...(ctx.secrets && { secrets: ctx.secrets })
  })
  const retriever = new LabRetriever(
    new HybridRetriever({
      vectors,
      keywords,
      embedder,
      paperIds: () => library.paperIds(),
      paper: (id) => library.byId(id),
      paperText: (id) => library.paperText(id)
    }),
    lab,
    localSha256s(library)
  )
  return { lab, retriever }
}
