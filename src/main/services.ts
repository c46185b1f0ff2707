import { existsSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import { AgentService } from './agent/AgentService'
import { answerModels } from './agent/chatModels'
import { LocalModels } from './agent/LocalModels'
import { MessageClassifier } from './agent/messageKind'
import { ConversationService } from './chat/ConversationService'
import { ThreadStore } from './chat/ThreadStore'
import { EventHub } from './events'
import { extractionWorkerScript } from './ingest/extractionWorkerScript'
import { WorkerPdfReader } from './ingest/WorkerPdfReader'
import { createHandlers, type FilePicker } from './app/createHandlers'
import { createRouter, type Router } from './ipc/router'
import { Discovery } from './library/Discovery'
import { CitationGraphService, graphFile } from './graph/CitationGraphService'
import { LibraryService } from './library/LibraryService'
import { DEFAULT_ONLINE } from './library/online/http'
import { OnlineMetadata } from './library/online/OnlineMetadata'
import { ocrWorkerScript, WorkerRecognizer } from './ocr/WorkerRecognizer'
import { dataPaths, type DataPaths } from './paths'
import { Bm25KeywordIndex } from './search/Bm25KeywordIndex'
import { embedderWorkerScript } from './search/embedder/embedderWorkerScript'
import { ModelEmbedderProvider } from './search/embedder/ModelEmbedderProvider'
import { HybridRetriever } from './search/HybridRetriever'
import { VectraStore } from './search/VectraStore'
import { vectraWorkerScript, WorkerVectraWriter } from './search/WorkerVectraWriter'
import { SettingsService } from './settings/settingsService'
import { BackgroundSync, syncSettleMs } from './sync/backgroundSync'
import { noticeOf, UserFacingError, type ErrorText } from './errors'
import { DataFolderLock } from './storage/DataFolderLock'
import { keepReserve, releaseReserveIfFull } from './storage/spaceReserve'
import { currentCliLaunch, mcpConfig } from './mcp/mcpConfig'
import { LocalApiServer } from './server/localServer'
import packageJson from '../../package.json'
import { CompareService } from './compare/CompareService'
import { ComparisonStore } from './compare/ComparisonStore'
import { FolderImport } from './imports/FolderImport'
import { IdleTuning } from './imports/IdleTuning'
import { IngestTuning } from './imports/IngestTuning'
import { measureIngestion, type MeasureDeps } from './imports/measureIngestion'
import { DesktopEntry } from './desktop/desktopEntry'
import { LabService } from './lab/LabService'
import { LabRetriever } from './lab/LabRetriever'
import { labLibrary, localSha256s } from './lab/labLibrary'
import type { ServiceOptions, Services } from './app/servicesTypes'

export type { ServiceOptions, Services } from './app/servicesTypes'

/**
 * Width in pixels of a page shown to the model.
 * @remarks Small print in tables stays legible at this width; Gemini bills a letter page at it
 * as a few 768-px tiles of 258 tokens each.
 */
const PAGE_IMAGE_WIDTH = 1024

const noPicker: FilePicker = {
  async pickPdfs() {
    throw new UserFacingError(
      'INVALID_INPUT',
      'There is no file dialog here; pass file paths to the ingest command instead.'
    )
  }
}

/**
 * The composition root: the only place that creates real implementations.
 * @remarks Opening the library resumes papers a crash interrupted; the embedding model is loaded
 * lazily on first use so start-up stays fast.
 */
export async function createServices(options: ServiceOptions): Promise<Services> {
  const readOnly = options.readOnly ?? false
  const paths = dataPaths(options.dataDir)
  let lock: DataFolderLock | null = null
  let reserveUsed: ErrorText | null = null
  const shown = paths.root.length > 200 ? `${paths.root.slice(0, 200)}…` : paths.root
  if (readOnly) {
    // A reader creates nothing (a missing folder is an empty library), but says plainly when
    // the folder cannot be opened at all.
    await stat(paths.root).catch((cause: NodeJS.ErrnoException) => {
      if (cause.code === 'ENOENT') return
      throw new UserFacingError(
        'NOT_FOUND',
        {
          key: 'libraryFolderUnreadable',
          params: { dir: shown, reason: cause.code ?? cause.message }
        },
        { cause }
      )
    })
  } else {
    await mkdir(paths.root, { recursive: true }).catch((cause: NodeJS.ErrnoException) => {
      throw new UserFacingError(
        'DISK_WRITE_FAILED',
        {
          key: 'libraryFolderUncreatable',
          params: { dir: shown, reason: cause.code ?? cause.message }
        },
        { cause }
      )
    })
    // A full disk: the room kept for this lets the library open and papers be removed.
    reserveUsed = await releaseReserveIfFull(paths.root)
    // Before anything is read: a second writer loads the catalog only once the first is done.
    lock = await DataFolderLock.acquire(paths.root, options.lock ?? { purpose: 'ResearchPal' })
  }
  try {
    const services = await openServices(options, paths, lock)
    if (reserveUsed) services.library.addNotice(noticeOf('warning', reserveUsed, null))
    else if (lock) await keepReserve(paths.root)
    return services
  } catch (e) {
    await lock?.release()
    throw e
  }
}

async function openServices(
  options: ServiceOptions,
  paths: DataPaths,
  lock: DataFolderLock | null
): Promise<Services> {
  const readOnly = lock === null
  const env = options.env ?? process.env
  const log = options.log ?? ((m: string) => console.error(m))
  const workers = options.workerDir
  const events = new EventHub()
  const settings = new SettingsService({
    file: paths.settings,
    secrets: options.secrets,
    env,
    readOnly,
    log,
    overrides: options.settingsOverrides
  })
  await settings.load()
  const tuning = new IngestTuning({ file: paths.ingestTuning, readOnly, log })
  await tuning.load()
  const embedderScript = workers ? embedderWorkerScript(workers) : undefined
  const embedder =
    options.embedder ??
    new ModelEmbedderProvider({
      env,
      dataDir: paths.root,
      resourcesPath: options.resourcesPath ?? null,
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
  const storeNotices = [...vectorNotices, ...keywordNotices]
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
    events,
    settings: () => settings.get(),
    fetch: options.fetch,
    ...(options.arxivBaseUrl && { arxivBaseUrl: options.arxivBaseUrl }),
    defaultCorpusDir: options.defaultCorpusDir ?? null,
    log,
    online: new OnlineMetadata({
      ...DEFAULT_ONLINE,
      fetch: options.fetch ?? fetch,
      arxivApiUrl: env.RESEARCHPAL_ARXIV_API_URL ?? DEFAULT_ONLINE.arxivApiUrl,
      crossrefUrl: env.RESEARCHPAL_CROSSREF_URL ?? DEFAULT_ONLINE.crossrefUrl,
      openAlexUrl: env.RESEARCHPAL_OPENALEX_URL ?? DEFAULT_ONLINE.openAlexUrl,
      unpaywallUrl: env.RESEARCHPAL_UNPAYWALL_URL ?? DEFAULT_ONLINE.unpaywallUrl
    }),
    autoOnlineMetadata: options.onlineMetadata ?? false,
    readOnly,
    get embedBatchSize() {
      return tuning.batchSize()
    }
  })
  for (const text of storeNotices) library.addNotice(noticeOf('warning', text, null))
  const settingsDamage = settings.damaged()
  if (settingsDamage) library.addNotice(noticeOf('warning', settingsDamage, null))
  keywords.onDamaged = (paperId, reason) => library.reportDamaged(paperId, reason)
  await library.open()
  // The ingestion trials' scratch libraries: built as this one is (reader, stores, settings),
  // in a folder of their own, announcing to nobody.
  const openScratch: MeasureDeps['openLibrary'] = async (dir, trialEmbedder, batchSize) => {
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
  const measure = (
    pdfs: readonly string[],
    signal?: AbortSignal
  ): ReturnType<typeof measureIngestion> =>
    measureIngestion(
      { tuning, embedder, reader, script: embedderScript, openLibrary: openScratch },
      pdfs,
      signal
    )
  const idleTuning = new IdleTuning({
    needsMeasuring: () => !readOnly && tuning.needsMeasuring(),
    canMeasure: () => embedder.status().state === 'ready',
    ingesting: () => library.list().some((p) => p.status !== 'indexed' && p.status !== 'error'),
    // The newest papers first: what this user reads now, and what the next import looks like.
    pdfs: () =>
      library
        .list()
        .filter((p) => p.status === 'indexed' && p.chunks > 0)
        .sort((a, b) => b.addedAt.localeCompare(a.addedAt))
        .slice(0, 10)
        .map((p) => library.pdfPath(p.id))
        .filter((f) => existsSync(f)),
    measure,
    log,
    idleMs: options.tuneWhenIdleAfterMs
  })
  const folderImport = new FolderImport({
    library,
    file: paths.folderImport,
    readOnly,
    log,
    emit: (status) => events.emit('import:progress', status),
    beforeRun: async () => {
      await idleTuning.stop()
      if (!(options.measureIngestion ?? true) || !tuning.needsMeasuring()) return
      if (embedder.status().state === 'missing') return
      const status = folderImport.current()
      const files = status ? folderImport.pendingFiles() : []
      await measure(files).catch((e: unknown) =>
        log(`measuring ingestion settings failed; the defaults stay: ${String(e)}`)
      )
    }
  })
  await folderImport.load()
  const importNotice = folderImport.notice()
  if (importNotice) library.addNotice(importNotice)
  if (!readOnly && options.resumeFolderImport && folderImport.wasRunning())
    void folderImport
      .resume()
      .catch((e: unknown) => log(`resuming the folder import: ${String(e)}`))
  // The lab library (issue 36): searched beside this one when connected (src/main/lab/).
  const lab = new LabService({
    root: paths.root,
    env,
    embedder,
    library: labLibrary(library, keywords, vectors)
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
  // Pages shown to the model are drawn in the OCR worker (pdf.js + canvas), off the main thread.
  const pageImages = new WorkerRecognizer(workers ? () => ocrWorkerScript(workers) : undefined)
  let keyForModel: string | null = await settings.apiKey()
  // Where the key may go: an address settings.json names alone never receives it.
  let keyAddress: string | null = await settings.keyAddress()
  const ignoredAddress = await settings.unconfirmedAddress()
  if (ignoredAddress !== null && keyForModel !== null) {
    const key =
      settings.keySource !== 'Settings'
        ? 'keyAddressIgnoredEnv'
        : keyAddress === null
          ? 'keyAddressIgnoredGoogle'
          : 'keyAddressIgnored'
    const params = {
      address: ignoredAddress,
      keyAddress: keyAddress ?? '',
      source: settings.keySource
    }
    library.addNotice(noticeOf('warning', { key, params }, null))
  }
  const localModels = new LocalModels({ settings: () => settings.get() })
  const { chatModel, fallbackModel } = answerModels(() => settings.get(), {
    apiKey: () => keyForModel,
    keyAddress: () => keyAddress,
    localModels
  })
  const agent = new AgentService({
    retriever,
    papers: () => library.list(),
    settings: () => settings.get(),
    events,
    pageImage: async (paperId, page) =>
      pageImages.pagePng(await library.pdfBytes(paperId), page, PAGE_IMAGE_WIDTH, paperId),
    fallbackModel,
    classifier: new MessageClassifier(() => embedder.current()),
    chatModel
  })
  const threads = new ThreadStore(paths.threads, log, undefined, readOnly)
  await threads.open()
  const comparisons = new ComparisonStore(paths.comparisons, log, readOnly)
  await comparisons.open()
  for (const text of comparisons.notices()) library.addNotice(noticeOf('warning', text, null))
  const compare = new CompareService({
    store: comparisons,
    retriever,
    papers: () => library.list(),
    settings: () => settings.get(),
    events,
    chatModel,
    collection: (id) => {
      const papers = library.organizer.select({ collectionId: id })
      const name = library.organizer.collections().find((c) => c.id === id)!.name
      return { name, paperIds: papers.map((p) => p.id) }
    },
    threadScope: (threadId) => threads.get(threadId).scope
  })
  const conversations = new ConversationService({
    store: threads,
    agent,
    papers: () => library.list(),
    modelName: () => settings.get().model
  })
  // Links and files from the desktop (command line, second launch, open-url, open-file).
  const desktop = new DesktopEntry({
    paper: (id) => library.list().find((p) => p.id === id),
    addPaths: (paths) => library.addPathsDetailed(paths),
    openPassage: (link) => events.emit('desktop:open', link),
    notice: (notice) => events.emit('library:notice', notice)
  })
  let built: Services | null = null
  // Watched folders and the Zotero link (Settings, or `watch add` / `zotero link`): followed
  // while the app runs (`syncInBackground`); elsewhere Settings' sync channels say unavailable.
  const sync = new BackgroundSync({
    library,
    dataDir: paths.root,
    notify: (notice) => library.addNotice(notice),
    onStatus: (status) => events.emit('sync:status', status),
    settleMs: syncSettleMs(env),
    log
  })
  const serveApi = options.serveApi
  const apiServer = new LocalApiServer({
    serve: serveApi ? (port, token) => serveApi(built!, { port, token, log }) : null,
    dataDir: paths.root,
    envToken: env.RESEARCHPAL_API_TOKEN,
    log
  })
  // These can change the key or its address: saving one, moving the API address (which
  // forgets it), or confirming the address settings.json names.
  const rereadKey = async (): Promise<void> => {
    keyForModel = await settings.apiKey()
    keyAddress = await settings.keyAddress()
  }
  const handlers = createHandlers({
    keyChanged: rereadKey,
    version: options.version ?? packageJson.version,
    labPdf: (paperId) => lab.pdfBytes(paperId),
    paths,
    settings,
    embedderStatus: () => embedder.status(),
    library,
    retriever,
    agent,
    localModels,
    conversations,
    filePicker: options.filePicker ?? noPicker,
    discovery: new Discovery({
      papers: () => library.list(),
      paperText: (id) => library.paperText(id),
      retriever
    }),
    citationGraph: new CitationGraphService({
      papers: () => library.list(),
      paperText: (id) => library.paperText(id),
      cacheFile: readOnly ? null : graphFile(paths.root),
      readFrom: graphFile(paths.root),
      log
    }),
    pageImages,
    compare,
    folderImport,
    tuning,
    measureIngestion: measure,
    mcpConfig: () => mcpConfig(options.cliLaunch ?? currentCliLaunch(), paths.root),
    apiServer,
    sync,
    desktopReady: () => desktop.ready()
  })
  const routed = createRouter(handlers, {
    log: (m, e) => log(`${m} ${e instanceof Error ? (e.stack ?? e.message) : ''}`)
  })
  let router: Router = routed
  if (options.tuneWhenIdle && !readOnly) {
    // Every call from the window and every event the app sends (ingestion, an answer's stages)
    // is the app in use: the idle measurement waits, or stops.
    router = {
      invoke(channel, input, ctx) {
        idleTuning.activity()
        return routed.invoke(channel, input, ctx)
      }
    }
    events.subscribe(() => idleTuning.activity())
    idleTuning.start()
  }
  built = {
    version: options.version ?? packageJson.version,
    paths,
    events,
    settings,
    embedder,
    library,
    retriever,
    lab,
    agent,
    compare,
    conversations,
    folderImport,
    tuning,
    measureIngestion: measure,
    desktop,
    router,
    lock,
    readOnly,
    refresh: readOnly
      ? followWriter(paths.library, stamp, library, [vectors, keywords])
      : async () => {},
    async close() {
      try {
        await sync.stop()
        await apiServer.stop(settings.get().apiServerPort)
        await idleTuning.close()
        await threads.flush()
        await folderImport.close()
        await library.close()
        await Promise.all([
          lab.close(),
          embedder.close(),
          reader.close(),
          vectors.close(),
          keywords.close(),
          pageImages.close()
        ])
      } finally {
        await lock?.release()
      }
    }
  }
  // Watched folders and the Zotero link (set up with `watch add` / `zotero link`) followed while
  // the app runs; stopped first when it closes.
  if (options.syncInBackground && lock) await sync.start()
  if (serveApi && settings.get().apiServer) {
    // A port taken by another program must not keep the app from opening: it is said in the log,
    // and Settings shows the switch off until it is switched on again.
    await apiServer
      .start(settings.get().apiServerPort)
      .catch((e: unknown) =>
        log(`[http] the local API did not start: ${e instanceof Error ? e.message : String(e)}`)
      )
  }
  return built
}

// library.json and its journal (changes between full writes): either changing is a change.
async function catalogStamp(file: string): Promise<string> {
  const stamps = await Promise.all(
    [file, file.replace(/\.json$/, '.journal')].map(async (f) => {
      const s = await stat(f).catch(() => null)
      return s ? `${s.ino}:${s.mtimeMs}:${s.size}` : 'none'
    })
  )
  return stamps.join('|')
}

/**
 * Reloads the catalog, then both indexes, when `library.json` or its journal has changed since
 * the last look.
 * @remarks The writer saves a paper's index files before the catalog entry that announces
 * them, each by atomic rename; reading the catalog first therefore never finds a paper whose
 * index files are older than its entry. Concurrent callers share one reload.
 */
function followWriter(
  catalogFile: string,
  initial: string,
  library: { reload(): Promise<void> },
  indexes: { open(): Promise<unknown> }[]
): () => Promise<void> {
  let seen = initial
  let running: Promise<void> | null = null
  const look = async (): Promise<void> => {
    const now = await catalogStamp(catalogFile)
    if (now === seen) return
    await library.reload()
    await Promise.all(indexes.map((i) => i.open()))
    seen = now
  }
  return () => (running ??= look().finally(() => (running = null)))
}
