import type { AgentService } from '../agent/AgentService'
import type { ConversationService } from '../chat/ConversationService'
import type { CompareService } from '../compare/CompareService'
import type { DesktopEntry } from '../desktop/desktopEntry'
import type { ErrorText } from '../errors'
import type { EventHub } from '../events'
import type { FolderImport } from '../imports/FolderImport'
import type { IngestTuning } from '../imports/IngestTuning'
import type { measureIngestion } from '../imports/measureIngestion'
import type { FilePicker } from '../ipc/filePicker'
import type { Router } from '../ipc/router'
import type { LabService } from '../lab/LabService'
import type { LibraryService } from '../library/LibraryService'
import type { CliLaunch } from '../mcp/mcpConfig'
import type { DataPaths } from '../paths'
import type { EmbedderProvider, Retriever } from '../search/types'
import type { RunningApi } from '../server/localServer'
import type { SecretStore } from '../settings/secretStore'
import type { SettingsService } from '../settings/settingsService'
import type { DataFolderLock, LockHolder } from '../storage/DataFolderLock'
import type { Settings } from '../../shared/types'

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
  /** Folder imports (a thousand PDFs), resumable across restarts. */
  folderImport: FolderImport
  /** ONNX Runtime threads and batch size measured on this machine. */
  tuning: IngestTuning
  /** Measures ingestion settings again on these PDFs (or the import's first files). */
  measureIngestion(pdfs: readonly string[]): ReturnType<typeof measureIngestion>
  /** Where links and files from the desktop come in (src/main/desktop/desktopEntry.ts). */
  desktop: DesktopEntry
  /** The lab library this data folder is connected to, if any (src/main/lab/). */
  lab: LabService
  router: Router
  /** The data folder's writer lock; null when opened read-only. */
  lock: DataFolderLock | null
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
  /**
   * Ask arXiv/Crossref about each paper once indexed (the app). The CLI and tests leave it
   * off and ask explicitly. Base URLs come from RESEARCHPAL_ARXIV_API_URL, _CROSSREF_URL,
   * _OPENALEX_URL and _UNPAYWALL_URL when set (local fakes), else the real services.
   */
  onlineMetadata?: boolean
  /**
   * Follow the watched folders and the Zotero link set up with `watch add` / `zotero link`
   * while the services are open (the app). The CLI runs `sync` itself and leaves it off.
   */
  syncInBackground?: boolean
  /** Replaces the model-backed embedder (tests, e2e). */
  embedder?: EmbedderProvider
  log?: (message: string) => void
  /**
   * Open the library without writing to it (`papers`, `search`, the MCP server beside the app):
   * no writer lock is taken, nothing is resumed, repaired or re-embedded, adding or removing
   * papers fails, and {@link Services.refresh} follows the writer's changes. By default the
   * library is opened for writing, which first takes the data folder's writer lock.
   */
  readOnly?: boolean
  /** Who is writing (shown to a process that waits) and how long to wait for another writer. */
  lock?: {
    purpose: string
    waitMs?: number
    onWait?: (holder: LockHolder, message: string, text: ErrorText) => void
  }
  /** How an MCP client starts the CLI (Settings shows it); this process's own way by default. */
  cliLaunch?: CliLaunch
  /** Resume a folder import the app was running when it last stopped (the app, not the CLI). */
  resumeFolderImport?: boolean
  /** Measure ingestion settings before a folder import when this machine has none (default on). */
  measureIngestion?: boolean
  /**
   * Measure them also once the app has been left alone for a minute with papers in the library
   * (the app, not the CLI or tests: see {@link IdleTuning}).
   */
  tuneWhenIdle?: boolean
  /** How long "idle" is for that (a minute by default; tests shorten it). */
  tuneWhenIdleAfterMs?: number
  /**
   * Serves the HTTP API over these services (the app passes `serveApi`, loaded when first
   * switched on): Settings' switch then works, and starts it now when it was left on.
   */
  serveApi?: (
    services: Services,
    options: { port: number; token: string; log: (message: string) => void }
  ) => Promise<RunningApi>
}
