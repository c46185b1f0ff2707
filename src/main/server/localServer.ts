import { join } from 'node:path'
import type { ApiServerStatus } from '../../shared/apiServer'
import { UserFacingError } from '../errors'
import { API_TOKEN_FILE, apiToken } from './apiToken'

/** A running HTTP API (what `serveApi` gives). */
export interface RunningApi {
  url: string
  close(): Promise<void>
}

/** What the app's local API server needs (all of it plain Node: tested without Electron). */
export interface LocalApiServerDeps {
  /**
   * Serves the HTTP API over the window's services (`serveApi`, read-only routes); null where
   * there is no window to switch it (the CLI has `serve`).
   */
  serve: ((port: number, token: string) => Promise<RunningApi>) | null
  dataDir: string
  /** RESEARCHPAL_API_TOKEN, which overrides the token file. */
  envToken: string | undefined
  log: (message: string) => void
}

/**
 * The HTTP API (`researchpal serve`) run inside the app by Settings' switch.
 * @remarks Same server as the CLI's, on 127.0.0.1 only; read-only routes (`POST /papers` stays
 * off: papers are added in the window), answers through the window's services. Starts and
 * stops are serialized, so a quick on-off-on leaves one server at the last state asked for.
 */
export class LocalApiServer {
  private server: RunningApi | null = null
  private port: number | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly deps: LocalApiServerDeps) {}

  /** Whether it runs, and where; never the token. */
  status(port: number): ApiServerStatus {
    return {
      running: this.server !== null,
      url: this.server?.url ?? null,
      port: this.port ?? port,
      tokenFile: join(this.deps.dataDir, API_TOKEN_FILE),
      tokenFromEnvironment: Boolean(this.deps.envToken?.trim()),
      token: null
    }
  }

  /** Runs it on `port` (restarting on a new port); the answer carries the token, once. */
  start(port: number): Promise<ApiServerStatus> {
    return this.serialized(async () => {
      if (this.server && this.port === port) return this.status(port)
      await this.close()
      const serve = this.deps.serve
      if (!serve) throw new UserFacingError('INVALID_INPUT', { key: 'apiServerWindowOnly' })
      const token = await apiToken(this.deps.dataDir, this.deps.envToken)
      try {
        this.server = await serve(port, token.token)
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code
        if (code === 'EADDRINUSE' || code === 'EACCES')
          throw new UserFacingError('INVALID_INPUT', {
            key: 'apiServerPortInUse',
            params: { port }
          })
        throw e
      }
      this.port = port
      this.deps.log(`[http] the local API serves ${this.server.url}`)
      return { ...this.status(port), token: token.token }
    })
  }

  /** Stops it (nothing to do when it is not running). */
  stop(port: number): Promise<ApiServerStatus> {
    return this.serialized(async () => {
      await this.close()
      return this.status(port)
    })
  }

  private async close(): Promise<void> {
    const running = this.server
    this.server = null
    this.port = null
    if (running) await running.close()
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work)
    this.queue = next.catch(() => undefined)
    return next
  }
}
