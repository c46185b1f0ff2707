import type { KeywordIndex, VectorStore } from '../search/types'
import type { StoredPaper } from '../storage/catalogFormat'
import type { LabLibrary } from './LabService'

/** What the lab reads of the catalog. */
interface Catalog {
  list(): StoredPaper[]
  byId(id: string): StoredPaper | undefined
  pdfPath(id: string): string
  paperIds(): string[]
}

/** The local library as the lab service reads it: the catalog, and the stores' chunks and vectors. */
export function labLibrary(
  catalog: Catalog,
  keywords: KeywordIndex,
  vectors: VectorStore
): LabLibrary {
  return {
    list: () => catalog.list(),
    byId: (id) => catalog.byId(id),
    pdfPath: (id) => catalog.pdfPath(id),
    storedChunks: (id) => keywords.storedChunks?.(id) ?? [],
    storedVectors: (id) => vectors.storedVectors?.(id) ?? null
  }
}

/**
 * The sha256 of every paper in the catalog, built again only when the set of ids changes.
 * @remarks Called on every fused search; reading every record each time would cost tens of
 * milliseconds at ten thousand papers.
 */
export function localSha256s(catalog: Catalog): () => ReadonlySet<string> {
  let key = ''
  let shas: ReadonlySet<string> = new Set()
  return () => {
    const ids = catalog.paperIds()
    const now = `${ids.length}:${ids[0] ?? ''}:${ids.at(-1) ?? ''}`
    if (now !== key) {
      shas = new Set(catalog.list().flatMap((p) => (p.sha256 ? [p.sha256] : [])))
      key = now
    }
    return shas
  }
}
