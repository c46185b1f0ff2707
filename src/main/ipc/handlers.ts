import { resolve } from 'node:path'
import type { FindPapersInput, PagesInput } from '../../shared/contract'
import type { ApiServerStatus } from '../../shared/apiServer'
import type { BackgroundSync } from '../sync/backgroundSync'
import type {
  Answer,
  EmbedderStatus,
  LibraryNotice,
  LocalModelList,
  LocalModelTest,
  McpConfig,
  PageRange,
  Paper,
  Region,
  UiLanguage
} from '../../shared/types'
import { mainUiLanguage } from '../agent/language'
import type { PageImager } from '../ocr/PageRecognizer'
import type { ConversationService, SavedAnswer } from '../chat/ConversationService'
import type { ImportKind } from '../../shared/imports'
import { UserFacingError } from '../errors'
import type { DataPaths } from '../paths'
import type { Retriever } from '../search/types'
import type { SettingsService } from '../settings/settingsService'
import type { Discovery } from '../library/Discovery'
import type { CitationGraphService } from '../graph/CitationGraphService'
import type { LibraryImports } from '../library/LibraryImports'
import type { Organizer } from '../library/Organizer'
import type { MetadataRefresher } from '../library/online/MetadataRefresher'
import type { Handlers } from './router'
import type { PassageLink } from '../../shared/deepLink'
import type { CompareService } from '../compare/CompareService'
import { toCsv, toMarkdown } from '../compare/exportTable'
import type { FolderImportStatus, IngestTuningInfo } from '../../shared/folderImport'
import type { IngestTuning } from '../ingest/bulk/IngestTuning'
import { tuningInfo } from '../ingest/bulk/measureIngestion'

/** What the handlers need of the library. */
export interface LibraryPort {
  list(): Paper[]
  find(input: FindPapersInput): Paper[]
  pages(input: PagesInput): Promise<PageRange>
  bibtex(paperIds: readonly string[]): {
    bibtex: string
    entries: { paperId: string; key: string }[]
  }
  addPaths(paths: string[]): Promise<Paper[]>
  addBytes(name: string, bytes: Uint8Array): Promise<Paper>
  addArxiv(idOrUrl: string): Promise<Paper>
  addDefaults(): Promise<Paper[]>
  remove(paperId: string): Promise<void>
  retry(paperId: string): Promise<Paper>
  cancel(paperId?: string): number
  pdfBytes(paperId: string): Promise<Uint8Array>
  pdfPath(paperId: string): string
  readonly organizer: Organizer
  readonly metadata: MetadataRefresher | null
  readonly imports: Pick<
    LibraryImports,
    'bibliography' | 'cancelBibliography' | 'zotero' | 'zoteroCollections'
  >
  addDoi(doi: string): Promise<Paper>
  attachPdf(paperId: string, name: string, bytes: Uint8Array): Promise<Paper>
  fetchPdf(paperId: string): Promise<Paper>
  notices(): LibraryNotice[]
  ocrWords(paperId: string, page: number): Promise<{ text: string; box: Region }[]>
}

/** What the handlers need of the agent. */
export interface AgentPort {
  ask(
    input: { question: string; requestId: string; paperIds?: readonly string[] },
    signal?: AbortSignal
  ): Promise<Answer>
  cancel(requestId: string): boolean
}

/** What the handlers need of the local model settings. */
export interface LocalModelsPort {
  list(baseUrl?: string): Promise<LocalModelList>
  test(): Promise<LocalModelTest>
}

/** What the handlers need of conversations (asking goes through them, in a thread or not). */
export type ConversationPort = Pick<
  ConversationService,
  'list' | 'get' | 'create' | 'rename' | 'setScope' | 'delete' | 'restore' | 'export'
> & {
  ask(
    input: {
      question: string
      requestId: string
      threadId?: string
      paperIds?: readonly string[]
    },
    signal?: AbortSignal
  ): Promise<SavedAnswer>
}

/** What the handlers need of folder imports and ingestion tuning. */
export interface FolderImportPort {
  start(folder: string): Promise<FolderImportStatus>
  pause(): Promise<FolderImportStatus>
  resume(): Promise<FolderImportStatus>
  cancel(): Promise<FolderImportStatus>
  current(): FolderImportStatus | null
  pendingFiles(): string[]
}

/** Shows the system's file dialogs (Electron), or scripted ones (e2e). */
export interface FilePicker {
  pickPdfs(): Promise<string[]>
  /** Asks for a folder to import (or to watch); null when the user cancelled. */
  pickFolder?(purpose?: 'import' | 'watch'): Promise<string | null>
  /** Asks for a BibTeX/RIS file or a Zotero data folder to import; null when cancelled. */
  pickImport?(kind: ImportKind): Promise<string | null>
  /** Asks where to save a text file and writes it there; null when the user cancelled. */
  saveText?(suggestedName: string, text: string): Promise<string | null>
}

/** Everything the IPC handlers call. */
export interface HandlerDeps {
  version: string
  paths: DataPaths
  settings: SettingsService
  embedderStatus: () => EmbedderStatus
  library: LibraryPort
  retriever: Retriever
  agent: AgentPort
  localModels: LocalModelsPort
  conversations: ConversationPort
  filePicker: FilePicker
  discovery: Discovery
  /** The citation map. */
  citationGraph: CitationGraphService
  /** Draws page regions (figures) for the chat. */
  pageImages: PageImager
  /** How an MCP client starts the server on this library (Settings shows it). */
  mcpConfig: () => McpConfig
  /** Watched folders and the Zotero link (see `sync/backgroundSync.ts`). */
  sync: Pick<
    BackgroundSync,
    | 'status'
    | 'addFolder'
    | 'removeFolder'
    | 'linkZotero'
    | 'unlinkZotero'
    | 'setPaused'
    | 'syncNow'
  >
  /** The local HTTP API Settings switch on and off (see `server/localServer.ts`). */
  apiServer: {
    status(port: number): ApiServerStatus
    start(port: number): Promise<ApiServerStatus>
    stop(port: number): Promise<ApiServerStatus>
  }
  /** The window is ready for desktop links; returns the ones that came before. */
  desktopReady: () => PassageLink[]
  compare: CompareService
  folderImport: FolderImportPort
  tuning: IngestTuning
  measureIngestion(pdfs: readonly string[]): Promise<IngestTuningInfo>
  /** A lab paper's PDF (`lab-<sha12>`), fetched once into the local cache (src/main/lab/). */
  labPdf?: (paperId: string) => Promise<Uint8Array>
}

/**
 * Binds every channel of the contract to the services.
 * @remarks `library:addPaths` and the import channels only accept paths the user chose in a
 * dialog this session, so a compromised renderer cannot make main read arbitrary paths.
 */
export function createHandlers(deps: HandlerDeps): Handlers {
  const granted = new Set<string>()
  const chosen = (path: string, channel: string): string => {
    const p = resolve(path)
    if (!granted.has(p))
      throw new UserFacingError(
        'INVALID_INPUT',
        `Invalid input for ${channel}: ${path} was not chosen in the import dialog. Choose it with "Import…" in the library.`
      )
    return p
  }
  return {
    'app:info': () => ({
      version: deps.version,
      dataDir: deps.paths.root,
      embedder: deps.embedderStatus()
    }),
    'app:mcpConfig': () => deps.mcpConfig(),
    'apiServer:status': () => deps.apiServer.status(deps.settings.get().apiServerPort),
    'apiServer:set': async ({ enabled, port }, ctx) => {
      // Only the window switches it: not a script through it, nor MCP.
      if (ctx.transport === 'http' || ctx.transport === 'mcp')
        throw new UserFacingError('INVALID_INPUT', { key: 'apiServerWindowOnly' })
      const chosen = port ?? deps.settings.get().apiServerPort
      const status = enabled
        ? await deps.apiServer.start(chosen)
        : await deps.apiServer.stop(chosen)
      await deps.settings.update({ apiServer: enabled, apiServerPort: chosen })
      return status
    },
    'desktop:ready': () => ({ links: deps.desktopReady() }),
    'settings:get': () => deps.settings.getPublic(),
    'settings:update': (patch) => deps.settings.update(patch),
    'settings:setApiKey': ({ apiKey }) => deps.settings.setApiKey(apiKey),
    'settings:confirmAddress': ({ address }) => deps.settings.confirmAddress(address),
    'localModel:list': ({ baseUrl }) => deps.localModels.list(baseUrl),
    'localModel:test': () => deps.localModels.test(),
    'import:start': async () => {
      if (!deps.filePicker.pickFolder)
        throw new UserFacingError(
          'INVALID_INPUT',
          'There is no folder dialog here; use the import-folder command instead.'
        )
      const folder = await deps.filePicker.pickFolder()
      return { status: folder ? await deps.folderImport.start(folder) : null }
    },
    'import:status': () => ({
      status: deps.folderImport.current(),
      tuning: tuningInfo(deps.tuning)
    }),
    'import:pause': async () => ({ status: await deps.folderImport.pause() }),
    'import:resume': async () => ({ status: await deps.folderImport.resume() }),
    'import:cancel': async () => ({ status: await deps.folderImport.cancel() }),
    'import:measure': async () => {
      const fromLibrary = deps.library
        .list()
        .filter((p) => p.status === 'indexed')
        .map((p) => deps.library.pdfPath(p.id))
      const pdfs = [...deps.folderImport.pendingFiles(), ...fromLibrary]
      return { tuning: await deps.measureIngestion(pdfs) }
    },
    'library:list': () => ({ papers: deps.library.list() }),
    'library:find': (input) => ({ papers: deps.library.find(input) }),
    'library:pages': (input) => deps.library.pages(input),
    'library:pickFiles': async () => {
      const paths = (await deps.filePicker.pickPdfs()).map((p) => resolve(p))
      for (const p of paths) granted.add(p)
      return { paths }
    },
    'library:addPaths': async ({ paths }) => {
      const resolved = paths.map((p) => resolve(p))
      resolved.forEach((p, i) => {
        if (!granted.has(p)) {
          throw new UserFacingError(
            'INVALID_INPUT',
            `Invalid input for library:addPaths: paths.${i}: ${paths[i]} was not chosen in the file dialog. Use "Add PDFs" or drag the file onto the window.`
          )
        }
      })
      return { papers: await deps.library.addPaths(resolved) }
    },
    'library:addFile': async ({ name, data }) => ({
      paper: await deps.library.addBytes(name, data)
    }),
    'library:attachPdf': async ({ paperId, name, data }) => ({
      paper: await deps.library.attachPdf(paperId, name, data)
    }),
    'library:fetchPdf': async ({ paperId }) => ({ paper: await deps.library.fetchPdf(paperId) }),
    'library:addArxiv': async ({ id }) => ({ paper: await deps.library.addArxiv(id) }),
    'library:addDefaults': async () => ({ papers: await deps.library.addDefaults() }),
    'library:notices': () => ({ notices: deps.library.notices() }),
    'library:remove': async ({ paperId }) => {
      await deps.library.remove(paperId)
      return { removed: true as const }
    },
    'library:retry': async ({ paperId }) => ({ paper: await deps.library.retry(paperId) }),
    'library:cancel': ({ paperId }) => ({ cancelled: deps.library.cancel(paperId) }),
    'library:pdf': async ({ paperId }) => ({
      paperId,
      data:
        paperId.startsWith('lab-') && deps.labPdf
          ? await deps.labPdf(paperId)
          : await deps.library.pdfBytes(paperId)
    }),
    'library:edit': async ({ paperId, edit }) => ({
      paper: await deps.library.organizer.edit(paperId, edit)
    }),
    'library:collections': () => ({ collections: deps.library.organizer.collections() }),
    'library:createCollection': async ({ name }) => ({
      collection: await deps.library.organizer.createCollection(name)
    }),
    'library:renameCollection': async ({ collectionId, name }) => ({
      collection: await deps.library.organizer.renameCollection(collectionId, name)
    }),
    'library:deleteCollection': async ({ collectionId }) => {
      await deps.library.organizer.deleteCollection(collectionId)
      return { deleted: true as const }
    },
    'library:setCollection': async ({ collectionId, paperIds, member }) => ({
      papers: await deps.library.organizer.setMembership(collectionId, paperIds, member)
    }),
    'library:bibtex': (sel) => deps.library.organizer.bibtex(sel),
    'library:saveBibtex': async (sel) => {
      const { bibtex, count } = deps.library.organizer.bibtex(sel)
      if (!deps.filePicker.saveText)
        throw new UserFacingError(
          'INVALID_INPUT',
          'There is no save dialog here; use the bib command and redirect it to a file.'
        )
      const name = sel.collectionId ? 'collection.bib' : count === 1 ? 'paper.bib' : 'library.bib'
      return { path: await deps.filePicker.saveText(name, bibtex), count }
    },
    'library:refreshMetadata': ({ paperIds }) => online(deps).refresh(paperIds),
    'library:addDoi': async ({ doi }) => ({ paper: await deps.library.addDoi(doi) }),
    'library:searchArxiv': async ({ title }) => ({
      candidates: (await online(deps).searchTitle(title)).map((c) => ({
        arxivId: c.arxivId,
        title: c.values.title ?? c.arxivId,
        authors: c.values.authors ?? [],
        year: c.values.year ?? null
      }))
    }),
    'library:pickImport': async ({ kind }) => {
      if (!deps.filePicker.pickImport)
        throw new UserFacingError(
          'INVALID_INPUT',
          'There is no file dialog here; use the import-bib or import-zotero command instead.'
        )
      const picked = await deps.filePicker.pickImport(kind)
      const path = picked ? resolve(picked) : null
      if (path) granted.add(path)
      return { path }
    },
    'library:zoteroCollections': ({ folder }) =>
      deps.library.imports.zoteroCollections(chosen(folder, 'library:zoteroCollections')),
    'library:importBibliography': ({ file, collection }) =>
      deps.library.imports.bibliography(chosen(file, 'library:importBibliography'), {
        collection
      }),
    'library:cancelBibliographyImport': async () => ({
      cancelled: deps.library.imports.cancelBibliography()
    }),
    'library:importZotero': ({ folder, collections }) =>
      deps.library.imports.zotero(chosen(folder, 'library:importZotero'), { collections }),
    'sync:status': () => deps.sync.status(),
    'sync:addFolder': async ({ poll }) => {
      const folder = await deps.filePicker.pickFolder?.('watch')
      return folder ? deps.sync.addFolder(folder, { poll }) : deps.sync.status()
    },
    'sync:removeFolder': ({ path }) => deps.sync.removeFolder(path),
    'sync:linkZotero': ({ folder, collections }) =>
      deps.sync.linkZotero(chosen(folder, 'sync:linkZotero'), collections),
    'sync:unlinkZotero': () => deps.sync.unlinkZotero(),
    'sync:setPaused': ({ paused }) => deps.sync.setPaused(paused),
    'sync:now': () => deps.sync.syncNow(),
    'library:related': ({ paperId }) => deps.discovery.related(paperId),
    'library:missingRefs': ({ paperId }) => deps.discovery.missingReferences(paperId),
    'graph:get': ({ collectionId }) => deps.citationGraph.graph({ collectionId }),
    'library:ocrWords': async ({ paperId, page }) => ({
      words: await deps.library.ocrWords(paperId, page)
    }),
    'library:regionImage': async ({ paperId, page, region, width }) => {
      const bytes = await deps.library.pdfBytes(paperId)
      const png = await deps.pageImages.pagePng(bytes, page, width, paperId, region)
      return { data: Buffer.from(png).toString('base64') }
    },
    'search:query': (input) => deps.retriever.search(input),
    'search:section': (input) => deps.retriever.section(input),
    'chat:ask': (input) => deps.conversations.ask(input),
    'chat:cancel': ({ requestId }) => ({ cancelled: deps.agent.cancel(requestId) }),
    'threads:list': ({ query }) => deps.conversations.list(query),
    'threads:get': ({ threadId }) => ({ thread: deps.conversations.get(threadId) }),
    'threads:create': async (input) => ({ thread: await deps.conversations.create(input) }),
    'threads:rename': async ({ threadId, title }) => ({
      thread: await deps.conversations.rename(threadId, title)
    }),
    'threads:setScope': async ({ threadId, scope }) => ({
      thread: await deps.conversations.setScope(threadId, scope)
    }),
    'threads:delete': async ({ threadId }) => {
      await deps.conversations.delete(threadId)
      return { deleted: true as const }
    },
    'threads:restore': async ({ threadId }) => ({
      thread: await deps.conversations.restore(threadId)
    }),
    'threads:export': ({ threadId, turnId, format, uiLanguage }) =>
      deps.conversations.export(threadId, format, turnId, documentLanguage(deps, uiLanguage)),
    'search:passage': ({ chunkId }) => deps.retriever.passage(chunkId),
    'compare:list': ({ threadId }) => ({
      comparisons: deps.compare
        .list(threadId)
        .map(({ id, title, updatedAt, threadId, collection, paperIds, columns }) => ({
          id,
          title,
          updatedAt,
          threadId,
          collection,
          paperIds,
          columns
        }))
    }),
    'compare:get': ({ comparisonId }) => deps.compare.get(comparisonId),
    'compare:create': (input) => deps.compare.create(input),
    'compare:update': ({ comparisonId, ...changes }) => deps.compare.update(comparisonId, changes),
    'compare:run': ({ comparisonId, uiLanguage }) => deps.compare.run(comparisonId, { uiLanguage }),
    'compare:cancel': ({ comparisonId }) => ({ cancelled: deps.compare.cancel(comparisonId) }),
    'compare:delete': async ({ comparisonId }) => {
      await deps.compare.remove(comparisonId)
      return { removed: true as const }
    },
    'compare:export': ({ comparisonId, format, uiLanguage }) => {
      const c = deps.compare.get(comparisonId)
      const papers = deps.library.list()
      if (format === 'bibtex') {
        const known = c.paperIds.filter((id) => papers.some((p) => p.id === id))
        return {
          filename: `${comparisonId}.bib`,
          mimeType: 'application/x-bibtex',
          text: known.length ? deps.library.bibtex(known).bibtex : ''
        }
      }
      return format === 'csv'
        ? { filename: `${comparisonId}.csv`, mimeType: 'text/csv', text: toCsv(c, papers) }
        : {
            filename: `${comparisonId}.md`,
            mimeType: 'text/markdown',
            text: toMarkdown(c, papers, documentLanguage(deps, uiLanguage))
          }
    }
  }
}

/** The language an exported document is written in: the caller's, or the setting's. */
function documentLanguage(deps: HandlerDeps, asked: UiLanguage | undefined): UiLanguage {
  return asked ?? mainUiLanguage(deps.settings.get().uiLanguage)
}

function online(deps: HandlerDeps): MetadataRefresher {
  if (!deps.library.metadata) throw new UserFacingError('OFFLINE', { key: 'onlineOff' })
  return deps.library.metadata
}
