import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono } from 'hono'
import type { Channel, ChannelOutput } from '../../shared/contract'
import { UserFacingError } from '../errors'
import { handleMcpHttp, loadHttpTransport, mcpHttpGuard } from '../mcp/mcpServer'
import type { RouterHost } from '../ipc/routerHost'
import { describeHolder, LOCK_FILE, readHolder } from '../storage/DataFolderLock'
import { API_ROUTES, type CallChannel } from './apiRoutes'
import { serveAsk } from './askHttp'
import { swaggerAssets } from './docsPage'
import { guardRequests, type HttpGuardOptions } from './httpGuards'
import { HttpProblem, jsonBody, parse, type Env } from './httpProblem'
import { openApiDocument } from './openapi'

/** How `researchpal serve` runs. */
export interface ApiServerOptions extends HttpGuardOptions {
  /** 0: any free port. */
  port: number
  /** Offer `POST /papers` (the library is then open for writing). */
  allowAdd: boolean
  /** Questions answered at once; more get 429 (2 by default). */
  maxConcurrentAsks?: number
}

/** A running API server. */
export interface ApiServer {
  url: string
  close(): Promise<void>
}

/** Paths as Hono writes them: `/papers/{id}` -> `/papers/:id`. */
const honoPath = (p: string): string => p.replace(/\{(\w+)\}/g, ':$1')

/**
 * The HTTP API over the app's services (this folder is the only place that knows Hono).
 * @remarks Every route calls the same router as the window, the CLI and MCP. The guards
 * ({@link guardRequests}) come first. The docs page is Swagger UI from the npm package, so it
 * works offline.
 */
export function createApiApp(
  services: RouterHost,
  options: ApiServerOptions,
  port: () => number
): Hono<Env> {
  const call: CallChannel = async <C extends Channel>(channel: C, input: unknown) => {
    await services.refresh()
    const r = await services.router.invoke(channel, input, { transport: 'http' })
    if (!r.ok) {
      const { code, message, retryAfterSeconds } = r.error
      throw new UserFacingError(
        code,
        message,
        retryAfterSeconds === undefined ? {} : { retryAfterSeconds }
      )
    }
    return r.value as ChannelOutput<C>
  }
  const app = new Hono<Env>()
  guardRequests(app, options, port)
  const mcpGuard = mcpHttpGuard(options.token, port)
  app.all('/mcp', async (c) => {
    await handleMcpHttp(
      services,
      { allowAdd: options.allowAdd, log: options.log },
      mcpGuard,
      c.env.incoming,
      c.env.outgoing
    )
    return RESPONSE_ALREADY_SENT
  })
  serveDocs(app, services.version, port)
  serveRoutes(app, services, options.allowAdd, call)
  serveAsk(app, { services, call, log: options.log, maxAsks: options.maxConcurrentAsks ?? 2 })
  return app
}

/** `/openapi.json` and the Swagger UI page at `/docs` with its files. */
function serveDocs(app: Hono<Env>, version: string, port: () => number): void {
  app.get('/openapi.json', (c) => c.json(openApiDocument(version, `http://127.0.0.1:${port()}`)))
  const assets = swaggerAssets()
  app.get('/docs', async (c) => c.html(await assets.page()))
  app.get('/docs/:file', async (c) => {
    const asset = await assets.file(c.req.param('file'))
    if (!asset) return c.notFound()
    return c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'max-age=3600' })
  })
}

/** The route table's routes; a writing one is refused, saying who writes, when read-only. */
function serveRoutes(
  app: Hono<Env>,
  services: RouterHost,
  allowAdd: boolean,
  call: CallChannel
): void {
  for (const route of API_ROUTES) {
    app[route.method](honoPath(route.path), async (c) => {
      if (route.writes && !allowAdd) {
        // Who writes the library now, so a script knows where to add the paper instead.
        const holder = await readHolder(join(services.paths.root, LOCK_FILE)).catch(() => 'gone')
        const busy =
          typeof holder === 'object'
            ? ` Right now ${describeHolder(holder)} is writing this library: add the paper there, or close it and start researchpal serve --allow-add.`
            : ''
        throw new HttpProblem(
          'READ_ONLY',
          `This server opened the library read-only; start it with researchpal serve --allow-add to add papers (it then writes the library, so the app must not be writing it).${busy}`
        )
      }
      const input = {
        params: parse(route.params, c.req.param(), 'path') as Record<string, unknown>,
        query: parse(route.query, c.req.query(), 'query'),
        body: route.body ? parse(route.body, await jsonBody(c), 'body') : undefined
      }
      const out = await route.run(call, input)
      if (route.mediaType)
        return c.body(String(out), route.status ?? 200, {
          'content-type': `${route.mediaType}; charset=utf-8`
        })
      return c.json(out as object, route.status ?? 200)
    })
  }
}

/** Serves the HTTP API on 127.0.0.1 only until {@link ApiServer.close}. */
export async function serveApi(
  services: RouterHost,
  options: ApiServerOptions
): Promise<ApiServer> {
  let port = 0
  // Before the first request: /mcp must not wait for the transport module mid-request.
  await loadHttpTransport()
  const app = createApiApp(services, options, () => port)
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: '127.0.0.1' }, () =>
      resolve(s)
    )
    s.once('error', reject)
  })
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        const http = server as unknown as { closeAllConnections?: () => void }
        http.closeAllConnections?.()
        server.close(() => resolve())
      })
  }
}
