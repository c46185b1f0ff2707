import type { ApiServerStatus } from '../../shared/apiServer'
import type { apiServerChannels } from '../../shared/apiServerChannels'
import { UserFacingError } from '../errors'
import type { HandlerSlice } from '../ipc/combine'
import type { SettingsService } from '../settings/settingsService'

/** What the local HTTP API's switch needs. */
export interface ApiServerHandlerDeps {
  settings: SettingsService
  /** The local HTTP API Settings switch on and off (see `server/localServer.ts`). */
  apiServer: {
    status(port: number): ApiServerStatus
    start(port: number): Promise<ApiServerStatus>
    stop(port: number): Promise<ApiServerStatus>
  }
}

/** The handlers of the local HTTP API's switch (`apiServer:*`). */
export function apiServerHandlers(
  deps: ApiServerHandlerDeps
): HandlerSlice<keyof typeof apiServerChannels> {
  return {
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
    }
  }
}
