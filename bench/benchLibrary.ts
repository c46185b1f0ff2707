import { mkdir } from 'node:fs/promises'
import { EventHub } from '../src/main/events'
import type { PdfReader } from '../src/main/pdf/PdfReader'
import { LibraryService } from '../src/main/library/LibraryService'
import { dataPaths, type DataPaths } from '../src/main/paths'
import { Bm25KeywordIndex } from '../src/main/search/Bm25KeywordIndex'
import { HybridRetriever } from '../src/main/search/HybridRetriever'
import type { EmbedderProvider } from '../src/main/search/types'
import type { PackPolicy } from '../src/main/search/pack/PackedStore'
import { VectraStore } from '../src/main/search/VectraStore'
import { DataFolderLock } from '../src/main/storage/DataFolderLock'
import { DEFAULT_SETTINGS } from '../src/shared/types'
import { benchWorkers } from './benchWorkers'

/** What a bench library is built with; `workerDir` holds the built workers (null: from source). */
export interface BenchDeps {
  reader: PdfReader
  embedder: EmbedderProvider
  workerDir: string | null
  /** Texts per embedding call (the pipeline's default when omitted). */
  embedBatchSize?: number
  /** When the stores build their search packs (defaults: the app's). */
  pack?: Partial<PackPolicy>
}

/** A library wired as the composition root wires it, on a bench data dir. */
export interface BenchLibrary {
  paths: DataPaths
  events: EventHub
  library: LibraryService
  vectors: VectraStore
  keywords: Bm25KeywordIndex
  retriever: HybridRetriever
  /** Closes the library and gives up the data folder's writer lock. */
  close(): Promise<void>
}

/**
 * Opens the real LibraryService, VectraStore, Bm25KeywordIndex and HybridRetriever on `root`.
 * @remarks Mirrors `createServices` (src/main/services.ts) minus settings and the agent, so the
 * bench can choose the PDF reader and share one embedder provider between libraries.
 */
export async function openBenchLibrary(root: string, deps: BenchDeps): Promise<BenchLibrary> {
  const paths = dataPaths(root)
  // One writer per data folder, the bench included (it never waits: its folders are its own).
  await mkdir(root, { recursive: true })
  const lock = await DataFolderLock.acquire(root, { purpose: 'the bench' })
  const events = new EventHub()
  const vectors = new VectraStore({
    dir: paths.index,
    writer: benchWorkers.vectraWriter(deps.workerDir),
    pack: deps.pack
  })
  const keywords = new Bm25KeywordIndex({ dir: paths.index, pack: deps.pack })
  await Promise.all([vectors.open(), keywords.open()])
  const library = new LibraryService({
    paths,
    reader: deps.reader,
    embedder: deps.embedder,
    vectors,
    keywords,
    events,
    settings: () => DEFAULT_SETTINGS,
    embedBatchSize: deps.embedBatchSize,
    log: (m) => console.error(`[library] ${m}`)
  })
  await library.open()
  const retriever = new HybridRetriever({
    vectors,
    keywords,
    embedder: deps.embedder,
    paperIds: () => library.paperIds(),
    paper: (id) => library.byId(id),
    paperText: (id) => library.paperText(id)
  })
  const close = async (): Promise<void> => {
    try {
      await library.close()
      await Promise.all([vectors.close(), keywords.close()])
    } finally {
      await lock.release()
    }
  }
  return { paths, events, library, vectors, keywords, retriever, close }
}
