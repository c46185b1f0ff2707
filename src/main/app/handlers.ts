import type { EmbedderStatus, McpConfig } from '../../shared/types'
import type { PassageLink } from '../../shared/deepLink'
import type { appChannels } from '../../shared/appChannels'
import type { DataPaths } from '../paths'
import type { HandlerSlice } from '../ipc/combine'

/** What the app's own channels need. */
export interface AppHandlerDeps {
  version: string
  paths: DataPaths
  embedderStatus: () => EmbedderStatus
  /** How an MCP client starts the server on this library (Settings shows it). */
  mcpConfig: () => McpConfig
  /** The window is ready for desktop links; returns the ones that came before. */
  desktopReady: () => PassageLink[]
}

/** The handlers of the app's own channels (`app:*`, `desktop:ready`). */
export function appHandlers(deps: AppHandlerDeps): HandlerSlice<keyof typeof appChannels> {
  return {
    'app:info': () => ({
      version: deps.version,
      dataDir: deps.paths.root,
      embedder: deps.embedderStatus()
    }),
    'app:mcpConfig': () => deps.mcpConfig(),
    'desktop:ready': () => ({ links: deps.desktopReady() })
  }
}
