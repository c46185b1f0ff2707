import type { EventHub } from '../events'
import type { Router } from './router'

/**
 * What a transport (the MCP server, the HTTP API) needs from the services: the router to call,
 * the app's version, the data folder and its events. Keeps mcp/ and server/ off services.ts.
 */
export interface RouterHost {
  version: string
  paths: { root: string }
  events: EventHub
  router: Router
  /** Reads the catalog and indexes again if another process changed them (read-only library). */
  refresh(): Promise<void>
}
