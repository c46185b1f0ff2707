import { mkdir, stat } from 'node:fs/promises'
import { AgentService } from './agent/AgentService'
import type { ChatModel } from './agent/ChatModel'
import { createGeminiChatModel } from './agent/GeminiChatModel'
import { LocalModels } from './agent/LocalModels'
import { MessageClassifier } from './agent/messageKind'
import { ConversationService } from './chat/ConversationService'
import { ThreadStore } from './chat/ThreadStore'
import { EventHub } from './events'
import { extractionWorkerScript } from './ingest/extractionWorkerScript'
import { WorkerPdfReader } from './ingest/WorkerPdfReader'
import { createHandlers, type FilePicker } from './ipc/handlers'
import { createRouter, type Router } from './ipc/router'
import { LibraryService } from './library/LibraryService'
import { ocrWorkerScript, WorkerRecognizer } from './ocr/WorkerRecognizer'
import { dataPaths, type DataPaths } from './paths'
import { Bm25KeywordIndex } from './search/Bm25KeywordIndex'
import { embedderWorkerScript } from './search/embedder/embedderWorkerScript'
import { ModelEmbedderProvider } from './search/embedder/ModelEmbedderProvider'
import { HybridRetriever } from './search/HybridRetriever'
import type { EmbedderProvider, Retriever } from './search/types'
import { VectraStore } from './search/VectraStore'
import { vectraWorkerScript, WorkerVectraWriter } from './search/WorkerVectraWriter'
import type { Settings } from '../shared/types'
import type { SecretStore } from './settings/secretStore'
import { SettingsService } from './settings/settingsService'
import { UserFacingError } from './errors'
import { currentCliLaunch, mcpConfig, type CliLaunch } from './mcp/mcpConfig'
import packageJson from '../../package.json'
import { CompareService } from './compare/CompareService'
import { ComparisonStore } from './compare/ComparisonStore'

/** Everything the Electron entry, the CLI and the e2e harness need. */
export interface Services {
  version: string
  paths: DataPaths
  events: EventHub
  settings: SettingsService
  embedder: EmbedderProvider
  library: LibraryService
  retriever: Retriever
  agent: AgentService
  compare: CompareService
  conversations: ConversationService
  router: Router
  /** Whether this process only reads the library (see {@link ServiceOptions.readOnly}). */
  readOnly: boolean
  /**
   * A read-only library reads the catalog and indexes again if another process changed them
   * since the last call; a no-op for the writer.
   */
  refresh(): Promise<void>
  close(): Promise<void>
}

/** How to build the services; everything but the data dir and the key store has a default. */
export interface ServiceOptions {
  dataDir: string
  secrets: SecretStore
  filePicker?: FilePicker
  version?: string
  /** `process.resourcesPath` in a packaged app (where the bundled model lives), else null. */
  resourcesPath?: string | null
  env?: NodeJS.ProcessEnv
  /** Settings for this process only, over the saved ones (the CLI's --provider, --model). */
  settingsOverrides?: Partial<Settings>
  fetch?: typeof fetch
  /** Where arXiv PDFs come from (a mirror); `https://arxiv.org` by default. */
  arxivBaseUrl?: string
  /** A folder holding `<arXiv id>.pdf` for the default papers, used instead of downloading. */
  defaultCorpusDir?: string | null
  /**
   * A folder with the built workers (`out/main`), for a process run from source that should run
   * them as the app does (the bench). By default each is found next to its module.
   */
  workerDir?: string
  /** Replaces the model-backed embedder (tests, e2e). */
  embedder?: EmbedderProvider
  log?: (message: string) => void
  /**
   * Open the library without writing to it (the MCP server beside the app): nothing is resumed
   * or re-embedded, adding or removing papers fails, and {@link Services.refresh} follows the
   * writer's changes.
   */
  readOnly?: boolean
  /** How an MCP client starts the CLI (Settings shows it); this process's own way by default. */
  cliLaunch?: CliLaunch
}

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
  const env = options.env ?? process.env
  const log = options.log ?? ((m: string) => console.error(m))
  const paths = dataPaths(options.dataDir)
  const workers = options.workerDir
  const readOnly = options.readOnly ?? false
  if (!readOnly) {
    await mkdir(paths.root, { recursive: true }).catch((cause: NodeJS.ErrnoException) => {
      const shown = paths.root.length > 200 ? `${paths.root.slice(0, 200)}…` : paths.root
      throw new UserFacingError(
        'DISK_WRITE_FAILED',
        `Could not create the library folder ${shown} (${cause.code ?? cause.message}). Choose another folder (--data-dir, or RESEARCHPAL_DATA_DIR).`,
        { cause }
      )
    })
  }
  const events = new EventHub()
  const settings = new SettingsService({
    file: paths.settings,
    secrets: options.secrets,
    env,
    overrides: options.settingsOverrides
  })
  await settings.load()
  const embedder =
    options.embedder ??
    new ModelEmbedderProvider({
      env,
      dataDir: paths.root,
      resourcesPath: options.resourcesPath ?? null,
      script: workers ? embedderWorkerScript(workers) : undefined
    })
  const vectors = new VectraStore({
    dir: paths.index,
    writer: workers ? new WorkerVectraWriter(() => vectraWorkerScript(workers)) : undefined,
    readOnly
  })
  const keywords = new Bm25KeywordIndex({ dir: paths.index, readOnly })
  const stamp = readOnly ? await catalogStamp(paths.library) : ''
  await Promise.all([vectors.open(), keywords.open()])
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
    readOnly
  })
  await library.open()
  const retriever = new HybridRetriever({
    vectors,
    keywords,
    embedder,
    papers: () => library.list(),
    paperText: (id) => library.paperText(id)
  })
  // Pages shown to the model are drawn in the OCR worker (pdf.js + canvas), off the main thread.
  const pageImages = new WorkerRecognizer(workers ? () => ocrWorkerScript(workers) : undefined)
  let keyForModel: string | null = await settings.apiKey()
  const localModels = new LocalModels({ settings: () => settings.get() })
  const chatModel = (): ChatModel | null => {
    const s = settings.get()
    if (s.provider === 'local') return localModels.model()
    return keyForModel
      ? createGeminiChatModel({
          apiKey: keyForModel,
          model: s.model,
          baseUrl: s.geminiBaseUrl,
          timeoutMs: s.requestTimeoutMs
        })
      : null
  }
  const agent = new AgentService({
    retriever,
    papers: () => library.list(),
    settings: () => settings.get(),
    events,
    pageImage: async (paperId, page) =>
      pageImages.pagePng(await library.pdfBytes(paperId), page, PAGE_IMAGE_WIDTH, paperId),
    fallbackModel: () => (settings.get().provider === 'gemini' ? localModels.model() : null),
    classifier: new MessageClassifier(() => embedder.current()),
    chatModel
  })
  const comparisons = new ComparisonStore(paths.comparisons, log, readOnly)
  await comparisons.open()
  const compare = new CompareService({
    store: comparisons,
    retriever,
    papers: () => library.list(),
    settings: () => settings.get(),
    events,
    chatModel
  })
  const threads = new ThreadStore(paths.threads, log, undefined, readOnly)
  await threads.open()
  const conversations = new ConversationService({
    store: threads,
    agent,
    papers: () => library.list(),
    modelName: () => settings.get().model
  })
  const handlers = createHandlers({
    version: options.version ?? packageJson.version,
    paths,
    settings,
    embedderStatus: () => embedder.status(),
    library,
    retriever,
    agent,
    localModels,
    conversations,
    filePicker: options.filePicker ?? noPicker,
    pageImages,
    compare,
    mcpConfig: () => mcpConfig(options.cliLaunch ?? currentCliLaunch(), paths.root)
  })
  // Both can change the key: saving one, or moving the API address (which forgets it).
  const setApiKey = handlers['settings:setApiKey']
  handlers['settings:setApiKey'] = async (input, ctx) => {
    const out = await setApiKey(input, ctx)
    keyForModel = await settings.apiKey()
    return out
  }
  const update = handlers['settings:update']
  handlers['settings:update'] = async (input, ctx) => {
    const out = await update(input, ctx)
    keyForModel = await settings.apiKey()
    return out
  }
  const router = createRouter(handlers, {
    log: (m, e) => log(`${m} ${e instanceof Error ? (e.stack ?? e.message) : ''}`)
  })
  return {
    version: options.version ?? packageJson.version,
    paths,
    events,
    settings,
    embedder,
    library,
    retriever,
    agent,
    compare,
    conversations,
    router,
    readOnly,
    refresh: readOnly
      ? followWriter(paths.library, stamp, library, [vectors, keywords])
      : async () => {},
    async close() {
      await threads.flush()
      await library.close()
      await Promise.all([embedder.close(), reader.close(), vectors.close(), pageImages.close()])
    }
  }
}

async function catalogStamp(file: string): Promise<string> {
  const s = await stat(file).catch(() => null)
  return s ? `${s.ino}:${s.mtimeMs}:${s.size}` : 'none'
}

/**
 * Reloads the catalog, then both indexes, when `library.json` has changed since the last look.
 * @remarks The writer saves a paper's index files before the catalog entry that announces
 * them, each by atomic rename; reading the catalog first therefore never finds a paper whose
 * index files are older than its entry. Concurrent callers share one reload.
 */
function followWriter(
  catalogFile: string,
  initial: string,
  library: { reload(): Promise<void> },
  indexes: { open(): Promise<void> }[]
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
