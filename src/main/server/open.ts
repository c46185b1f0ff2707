import type { OpenContext } from '../openContext'
import type { SettingsService } from '../settings/settingsService'
import { LocalApiServer, type RunningApi } from './localServer'

/** What opening the local HTTP API needs beyond {@link OpenContext}. */
export interface ApiServerOpenContext extends OpenContext {
  settings: Pick<SettingsService, 'get'>
  /**
   * Serves the HTTP API over the window's services (the app's `serveApi`); null where there is
   * no window to switch it (the CLI has `serve`).
   */
  serve: ((port: number, token: string) => Promise<RunningApi>) | null
}

/** The local HTTP API switch, and starting it when it was left on. */
export interface OpenedApiServer {
  apiServer: LocalApiServer
  /** Starts the API when Settings has it on and there is a window to serve it. */
  startIfOn(): Promise<void>
}

/** Opens the local HTTP API's switch; nothing listens until it is started. */
export function openApiServer(ctx: ApiServerOpenContext): OpenedApiServer {
  const { settings, log } = ctx
  const apiServer = new LocalApiServer({
    serve: ctx.serve,
    dataDir: ctx.paths.root,
    envToken: ctx.env.RESEARCHPAL_API_TOKEN,
    log
  })
  return {
    apiServer,
    async startIfOn() {
      if (!ctx.serve || !settings.get().apiServer) return
      // A port taken by another program must not keep the app from opening: it is said in the
      // log, and Settings shows the switch off until it is switched on again.
      await apiServer
        .start(settings.get().apiServerPort)
        .catch((e: unknown) =>
          log(`[http] the local API did not start: ${e instanceof Error ? e.message : String(e)}`)
        )
    }
  }
}
