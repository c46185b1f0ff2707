import { EventHub } from '../events'
import { noticeOf, type ErrorText } from '../errors'
import { extractionWorkerScript } from '../ingest/extractionWorkerScript'
import { WorkerPdfReader } from '../ingest/WorkerPdfReader'
import type { OpenContext } from '../openContext'
import { dataPaths } from '../paths'
import { Bm25KeywordIndex } from '../search/Bm25KeywordIndex'
import { embedderWorkerScript } from '../search/embedder/embedderWorkerScript'
import { ModelEmbedderProvider } from '../search/embedder/ModelEmbedderProvider'
import type { EmbedderProvider } from '../search/types'
import { VectraStore } from '../search/VectraStore'
import { vectraWorkerScript, WorkerVectraWriter } from '../search/WorkerVectraWriter'
import type { SettingsService } from '../settings/settingsService'
import type { WorkerScript } from '../workerScript'
import { catalogStamp, followWriter } from './followWriter'
import { LibraryService } from './LibraryService'
import { DEFAULT_ONLINE } from './online/http'
import { OnlineMetadata } from './online/OnlineMetadata'

/** What opening the library needs beyond {@link OpenContext}. */
export interface LibraryOpenContext extends OpenContext {
  settings: Pick<SettingsService, 'get' | 'damaged'>
  /** The ingestion settings measured on this machine (the imports feature's `IngestTuning`). */
  tuning: { workers(): number; threads(): number | undefined; batchSize(): number }
  /** Replaces the model-backed embedder (tests, e2e). */
  embedder?: EmbedderProvider
  /** `process.resourcesPath` in a packaged app (where the bundled model lives), else null. */
  resourcesPath?: string | null
  fetch?: typeof fetch
  arxivBaseUrl?: string
  defaultCorpusDir?: string | null
  /** Ask the registries about each paper once indexed (the app). */
  onlineMetadata?: boolean
}

/** A library opened for ingestion trials, with only what the trials call. */
export interface ScratchLibrary {
  addPaths(files: string[]): Promise<unknown>
  whenIdle(): Promise<void>
  list(): readonly { status: string; chunks: number }[]
  close(): Promise<void>
}

/** The library and what it is built on, opened. */
export interface OpenedLibrary {
  embedder: EmbedderProvider
  /** The embedder worker's code when run from built workers, else undefined. */
  embedderScript: WorkerScript | undefined
  vectors: VectraStore
  keywords: Bm25KeywordIndex
  reader: WorkerPdfReader
  library: LibraryService
  /** Opens a scratch library in `dir` built as this one is, announcing to nobody. */
  openScratch(dir: string, embedder: EmbedderProvider, batchSize: number): Promise<ScratchLibrary>
  /** For a reader: loads the catalog and indexes again when the writer changed them. */
  refresh(): Promise<void>
}

/**
 * Opens the embedder, both indexes, the PDF reader and the library over them.
 * @remarks Opening the library resumes papers a crash interrupted; the embedding model is loaded
 * lazily on first use so start-up stays fast. What the indexes and settings found damaged is
 * shown on the library's notices, in that order, before the library opens.
 */
export async function openLibrary(ctx: LibraryOpenContext): Promise<OpenedLibrary> {
  const { paths, readOnly, env, log, workerDir: workers, settings, tuning } = ctx
  const embedderScript = workers ? embedderWorkerScript(workers) : undefined
  const embedder =
    ctx.embedder ??
    new ModelEmbedderProvider({
      env,
      dataDir: paths.root,
      resourcesPath: ctx.resourcesPath ?? null,
      script: embedderScript,
      // Asked at every load: a new measurement restarts the embedder with it.
      options: () => ({
        workers: tuning.workers(),
        threads: tuning.threads(),
        batchSize: tuning.batchSize()
      })
    })
  // A tuning knob for the bench and tests: the library size from which search packs are built.
  const packMin = Number(env.RESEARCHPAL_PACK_MIN_CHUNKS)
  const pack = Number.isFinite(packMin) && packMin > 0 ? { minChunks: packMin } : undefined
  const vectors = new VectraStore({
    dir: paths.index,
    pack,
    writer: workers ? new WorkerVectraWriter(() => vectraWorkerScript(workers)) : undefined,
    readOnly,
    log
  })
  const keywords = new Bm25KeywordIndex({ dir: paths.index, readOnly, log, pack })
  const stamp = readOnly ? await catalogStamp(paths.library) : ''
  const [vectorNotices, keywordNotices] = await Promise.all([vectors.open(), keywords.open()])
  // pdf.js and the tokenizer load in the worker on the first paper, not at start-up, so
  // opening a large library does not compete with them for the two cores.
  const reader = new WorkerPdfReader({
    script: workers ? extractionWorkerScript(workers) : undefined
  })
  const library = new LibraryService({
    paths,
    reader,
    embedder,
    vectors,
    keywords,
    events: ctx.events,
    settings: () => settings.get(),
    fetch: ctx.fetch,
    ...(ctx.arxivBaseUrl && { arxivBaseUrl: ctx.arxivBaseUrl }),
    defaultCorpusDir: ctx.defaultCorpusDir ?? null,
    log,
    online: new OnlineMetadata({
      ...DEFAULT_ONLINE,
      fetch: ctx.fetch ?? fetch,
      arxivApiUrl: env.RESEARCHPAL_ARXIV_API_URL ?? DEFAULT_ONLINE.arxivApiUrl,
      crossrefUrl: env.RESEARCHPAL_CROSSREF_URL ?? DEFAULT_ONLINE.crossrefUrl,
      openAlexUrl: env.RESEARCHPAL_OPENALEX_URL ?? DEFAULT_ONLINE.openAlexUrl,
      unpaywallUrl: env.RESEARCHPAL_UNPAYWALL_URL ?? DEFAULT_ONLINE.unpaywallUrl
    }),
    autoOnlineMetadata: ctx.onlineMetadata ?? false,
    readOnly,
    get embedBatchSize() {
      return tuning.batchSize()
    }
  })
  const damage: (ErrorText | null)[] = [...vectorNotices, ...keywordNotices, settings.damaged()]
  for (const text of damage) if (text) library.addNotice(noticeOf('warning', text, null))
  keywords.onDamaged = (paperId, reason) => library.reportDamaged(paperId, reason)
  await library.open()
  // The ingestion trials' scratch libraries: built as this one is (reader, stores, settings),
  // in a folder of their own, announcing to nobody.
  const openScratch: OpenedLibrary['openScratch'] = async (dir, trialEmbedder, batchSize) => {
    const scratch = dataPaths(dir)
    const v = new VectraStore({
      dir: scratch.index,
      pack,
      writer: workers ? new WorkerVectraWriter(() => vectraWorkerScript(workers)) : undefined,
      log
    })
    const k = new Bm25KeywordIndex({ dir: scratch.index, log, pack })
    await Promise.all([v.open(), k.open()])
    const lib = new LibraryService({
      paths: scratch,
      reader,
      embedder: trialEmbedder,
      vectors: v,
      keywords: k,
      events: new EventHub(),
      settings: () => settings.get(),
      log,
      embedBatchSize: batchSize
    })
    await lib.open()
    return {
      addPaths: (files) => lib.addPaths(files),
      whenIdle: () => lib.whenIdle(),
      list: () => lib.list(),
      async close() {
        await lib.close()
        await Promise.all([v.close(), k.close()])
      }
    }
  }
  const refresh = readOnly
    ? followWriter(paths.library, stamp, library, [vectors, keywords])
    : async () => {}
  return { embedder, embedderScript, vectors, keywords, reader, library, openScratch, refresh }
}
