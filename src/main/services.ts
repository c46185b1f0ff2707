import packageJson from '../../package.json'
import { openRouter } from './app/openRouter'
import type { ServiceOptions, Services } from './app/servicesTypes'
import { openAgent } from './agent/open'
import { openChat } from './chat/open'
import { openCompare } from './compare/open'
import { openDesktop } from './desktop/open'
import { noticeOf, UserFacingError } from './errors'
import { EventHub } from './events'
import { openGraph } from './graph/open'
import { openImports, openTuning } from './imports/open'
import type { FilePicker } from './ipc/filePicker'
import { openLab } from './lab/open'
import { openLibrary } from './library/open'
import { currentCliLaunch, mcpConfig } from './mcp/mcpConfig'
import type { OpenContext } from './openContext'
import { dataPaths, type DataPaths } from './paths'
import { openApiServer } from './server/open'
import { openSettings } from './settings/open'
import { openDataFolder } from './storage/dataFolder'
import type { DataFolderLock } from './storage/DataFolderLock'
import { keepReserve } from './storage/spaceReserve'
import { openSync } from './sync/open'

export type { ServiceOptions, Services } from './app/servicesTypes'

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
 * @remarks The data folder is made ready (and, for a writer, locked) before anything in it is
 * read; a failure to open releases the lock again.
 */
export async function createServices(options: ServiceOptions): Promise<Services> {
  const paths = dataPaths(options.dataDir)
  const { lock, reserveUsed } = await openDataFolder(
    paths.root,
    options.readOnly ?? false,
    options.lock ?? { purpose: 'ResearchPal' }
  )
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

/**
 * Opens each feature in turn, each on the ones before it, and closes them in the reverse sense:
 * what runs on its own (sync, the HTTP API, the idle measurement) stops first, the stores last.
 * @remarks The order is what users see: notices appear in it (the indexes', settings', the folder
 * import's, the key address's, the comparisons'), and the ingestion settings load before the
 * embedder that runs with them. Features given `...options` read options of the same name.
 */
async function openServices(
  options: ServiceOptions,
  paths: DataPaths,
  lock: DataFolderLock | null
): Promise<Services> {
  const ctx: OpenContext = {
    paths,
    readOnly: lock === null,
    env: options.env ?? process.env,
    log: options.log ?? ((m: string) => console.error(m)),
    events: new EventHub(),
    workerDir: options.workerDir
  }
  const { readOnly, log, events } = ctx
  const version = options.version ?? packageJson.version
  const settings = await openSettings({ ...options, ...ctx })
  const tuning = await openTuning(ctx)
  const stores = await openLibrary({ ...options, ...ctx, settings, tuning })
  const { library, embedder } = stores
  const imports = await openImports({ ...options, ...ctx, ...stores, tuning })
  const { lab, retriever } = openLab({ ...ctx, ...stores, secrets: options.secrets })
  const answers = await openAgent({ ...ctx, settings, library, embedder, retriever })
  const { agent } = answers
  const { threads, conversations } = await openChat({ ...ctx, ...stores, settings, agent })
  const compare = await openCompare({
    ...ctx,
    settings,
    library,
    retriever,
    chatModel: answers.chatModel,
    threadScope: (threadId) => threads.get(threadId).scope
  })
  const desktop = openDesktop({ library, events })
  const sync = openSync({ ...ctx, library })
  let built: Services | null = null
  const serveApi = options.serveApi
  const api = openApiServer({
    ...ctx,
    settings,
    serve: serveApi ? (port, token) => serveApi(built!, { port, token, log }) : null
  })
  const router = openRouter(
    {
      ...openGraph({ ...ctx, library, retriever }),
      version,
      paths,
      settings,
      library,
      retriever,
      agent,
      conversations,
      compare,
      sync,
      localModels: answers.localModels,
      pageImages: answers.pageImages,
      keyChanged: () => answers.modelKey.reread(),
      lab,
      labPdf: (paperId) => lab.pdfBytes(paperId),
      embedderStatus: () => embedder.status(),
      filePicker: options.filePicker ?? noPicker,
      folderImport: imports.folderImport,
      tuning,
      measureIngestion: imports.measure,
      mcpConfig: () => mcpConfig(options.cliLaunch ?? currentCliLaunch(), paths.root),
      apiServer: api.apiServer,
      desktopReady: () => desktop.ready()
    },
    {
      log,
      events,
      idleTuning: imports.idleTuning,
      tuneWhenIdle: !!options.tuneWhenIdle && !readOnly
    }
  )
  built = {
    version,
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
    folderImport: imports.folderImport,
    tuning,
    measureIngestion: imports.measure,
    desktop,
    router,
    lock,
    readOnly,
    refresh: stores.refresh,
    async close() {
      try {
        await sync.stop()
        await api.apiServer.stop(settings.get().apiServerPort)
        await imports.idleTuning.close()
        await threads.flush()
        await imports.folderImport.close()
        await library.close()
        await Promise.all([
          lab.close(),
          embedder.close(),
          stores.reader.close(),
          stores.vectors.close(),
          stores.keywords.close(),
          answers.pageImages.close()
        ])
      } finally {
        await lock?.release()
      }
    }
  }
  // Watched folders and the Zotero link followed while the app runs; stopped first when it closes.
  if (options.syncInBackground && lock) await sync.start()
  await api.startIfOn()
  return built
}
