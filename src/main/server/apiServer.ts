import { randomBytes, timingSafeEqual } from 'node:crypto'
import { join } from 'node:path'
import { serve, type HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { streamSSE } from 'hono/streaming'
import type { z } from 'zod'
import type { Channel, ChannelOutput } from '../../shared/contract'
import { describeIssues, isUserFacing, toAppError, UserFacingError } from '../errors'
import { handleMcpHttp, loadHttpTransport, mcpHttpGuard } from '../mcp/mcpServer'
import type { RouterHost } from '../ipc/routerHost'
import { describeHolder, LOCK_FILE, readHolder } from '../storage/DataFolderLock'
import { API_ROUTES, type CallChannel } from './apiRoutes'
import { AskBodySchema, seedAnswer } from './askRoute'
import { swaggerAssets } from './docsPage'
import { openApiDocument } from './openapi'
import { problemOf, type ProblemCode } from './problem'
import { RateLimiter } from './rateLimit'

/** How `researchpal serve` runs. */
export interface ApiServerOptions {
  /** 0: any free port. */
  port: number
  token: string
  /** Offer `POST /papers` (the library is then open for writing). */
  allowAdd: boolean
  log: (message: string) => void
  /** Largest request body, in bytes (64 KiB by default). */
  maxBodyBytes?: number
  /** Requests per second allowed on average, and the burst above it (20 and 120 by default). */
  rate?: { perSecond: number; burst: number }
  /** Questions answered at once; more get 429 (2 by default). */
  maxConcurrentAsks?: number
}

/** A running API server. */
export interface ApiServer {
  url: string
  close(): Promise<void>
}

type Env = { Bindings: HttpBindings }

class HttpProblem extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly retryAfterSeconds?: number
  ) {
    super(message)
  }
}

function problemResponse(
  c: Context<Env>,
  error: { code: ProblemCode; message: string; retryAfterSeconds?: number }
): Response {
  const body = problemOf(error, new URL(c.req.url).pathname)
  const headers: Record<string, string> = { 'content-type': 'application/problem+json' }
  if (error.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(Math.ceil(error.retryAfterSeconds))
  if (error.code === 'UNAUTHORIZED') headers['www-authenticate'] = 'Bearer realm="researchpal"'
  return new Response(JSON.stringify(body), { status: body.status, headers })
}

function toProblem(
  e: unknown,
  where: string
): { code: ProblemCode; message: string; retryAfterSeconds?: number } {
  if (e instanceof HttpProblem) return e
  const error = toAppError(e, where)
  return error
}

function parse<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  what: string
): z.output<S> | Record<string, never> {
  if (!schema) return {}
  const r = schema.safeParse(value)
  if (!r.success)
    throw new HttpProblem('INVALID_INPUT', `Invalid ${what}: ${describeIssues(r.error)}`)
  return r.data
}

/** Paths as Hono writes them: `/papers/{id}` -> `/papers/:id`. */
const honoPath = (p: string): string => p.replace(/\{(\w+)\}/g, ':$1')

/**
 * The HTTP API over the app's services (the only place, with its route table, that knows Hono).
 * @remarks Every route calls the same router as the window, the CLI and MCP. The guards come
 * first, in this order: Host (DNS rebinding), Origin (a web page in a browser), rate, token.
 * `/openapi.json` and `/docs` need no token (they hold no library data); the docs page is
 * Swagger UI from the npm package, so it works offline.
 */
export function createApiApp(
  services: RouterHost,
  options: ApiServerOptions,
  port: () => number
): Hono<Env> {
  const log = options.log
  const expected = Buffer.from(`Bearer ${options.token}`)
  const hosts = (): string[] => [`127.0.0.1:${port()}`, `localhost:${port()}`]
  const limiter = new RateLimiter(options.rate?.perSecond ?? 20, options.rate?.burst ?? 120)
  const maxAsks = options.maxConcurrentAsks ?? 2
  let asking = 0
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
  app.onError((e, c) => {
    if (!isUserFacing(e) && !(e instanceof HttpProblem))
      log(
        `[http] ${c.req.method} ${c.req.path} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`
      )
    return problemResponse(c, toProblem(e, `in ${c.req.method} ${c.req.path}`))
  })
  app.notFound((c) => {
    const other = [
      ...API_ROUTES.map((r) => [r.method, r.path] as const),
      ['post', '/ask'] as const
    ].filter(([, p]) => new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(c.req.path))
    if (other.length)
      return problemResponse(c, {
        code: 'METHOD_NOT_ALLOWED',
        message: `${c.req.method} is not allowed on ${c.req.path}; use ${other.map(([m]) => m.toUpperCase()).join(' or ')}.`
      })
    return problemResponse(c, {
      code: 'NO_SUCH_ROUTE',
      message: `There is no ${c.req.path}. The routes are listed at /openapi.json and shown at /docs.`
    })
  })
  app.use('*', async (c, next) => {
    const host = c.req.header('host') ?? ''
    if (!hosts().includes(host))
      throw new HttpProblem(
        'FORBIDDEN',
        `Forbidden: Host '${host.slice(0, 100)}' is not this server; use http://127.0.0.1:${port()}.`
      )
    const origin = c.req.header('origin')
    if (origin !== undefined && !hosts().some((h) => origin === `http://${h}`))
      throw new HttpProblem(
        'FORBIDDEN',
        `Forbidden: requests from the web page at ${origin.slice(0, 200)} are refused; this server answers scripts on this computer and its own /docs page.`
      )
    const wait = limiter.take()
    if (wait > 0)
      throw new HttpProblem(
        'TOO_MANY_REQUESTS',
        `Too many requests; try again in ${Math.ceil(wait)} s.`,
        wait
      )
    const path = c.req.path
    // /mcp checks its token itself, with the MCP clients' wording (mcp-remote's --header).
    const open = path === '/openapi.json' || path === '/docs' || path.startsWith('/docs/')
    if (!open && path !== '/mcp') {
      const got = Buffer.from(c.req.header('authorization') ?? '')
      if (!(got.length === expected.length && timingSafeEqual(got, expected)))
        throw new HttpProblem(
          'UNAUTHORIZED',
          `Unauthorized: ${c.req.header('authorization') ? 'the bearer token is wrong' : 'no bearer token was sent'}. Send Authorization: Bearer <token>; the token is in the file api-token in the library folder, or RESEARCHPAL_API_TOKEN when the server was started with it.`
        )
    }
    await next()
  })
  app.use(
    '*',
    bodyLimit({
      maxSize: options.maxBodyBytes ?? 64 * 1024,
      onError: () => {
        throw new HttpProblem(
          'PAYLOAD_TOO_LARGE',
          `The request body is larger than ${Math.round((options.maxBodyBytes ?? 65536) / 1024)} KiB.`
        )
      }
    })
  )

  const mcpGuard = mcpHttpGuard(options.token, port)
  app.all('/mcp', async (c) => {
    await handleMcpHttp(
      services,
      { allowAdd: options.allowAdd, log },
      mcpGuard,
      c.env.incoming,
      c.env.outgoing
    )
    return RESPONSE_ALREADY_SENT
  })

  app.get('/openapi.json', (c) =>
    c.json(openApiDocument(services.version, `http://127.0.0.1:${port()}`))
  )
  const assets = swaggerAssets()
  app.get('/docs', async (c) => c.html(await assets.page()))
  app.get('/docs/:file', async (c) => {
    const asset = await assets.file(c.req.param('file'))
    if (!asset) return c.notFound()
    return c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'max-age=3600' })
  })

  const jsonBody = async (c: Context<Env>): Promise<unknown> => {
    const type = c.req.header('content-type') ?? ''
    if (!/^application\/json\b/i.test(type))
      throw new HttpProblem(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the body as JSON with Content-Type: application/json${type ? `, not ${type.slice(0, 100)}` : ''}.`
      )
    try {
      return await c.req.json()
    } catch {
      throw new HttpProblem('INVALID_INPUT', 'The request body is not valid JSON.')
    }
  }

  for (const route of API_ROUTES) {
    app[route.method](honoPath(route.path), async (c) => {
      if (route.writes && !options.allowAdd) {
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

  app.post('/ask', async (c) => {
    const body = parse(AskBodySchema, await jsonBody(c), 'body') as z.output<typeof AskBodySchema>
    if (asking >= maxAsks)
      throw new HttpProblem(
        'TOO_MANY_REQUESTS',
        `${asking} questions are being answered; ask again when one is done.`,
        5
      )
    const requestId = `http-${randomBytes(6).toString('hex')}`
    const input = {
      question: body.question,
      requestId,
      ...(body.thread && { threadId: body.thread }),
      ...(body.papers && { paperIds: body.papers }),
      ...(body.provider && { provider: body.provider })
    }
    const stream = /\btext\/event-stream\b/.test(c.req.header('accept') ?? '')
    asking++
    if (!stream) {
      try {
        return c.json(seedAnswer(await call('chat:ask', input), body.details))
      } finally {
        asking--
      }
    }
    return streamSSE(c, async (sse) => {
      let chain = Promise.resolve()
      let finished = false
      const send = (event: string, data: unknown): Promise<void> =>
        (chain = chain.then(() =>
          finished && !['citations', 'answer', 'error'].includes(event)
            ? undefined
            : sse.writeSSE({ event, data: JSON.stringify(data) })
        ))
      const unsubscribe = services.events.subscribe((event, payload) => {
        if (event !== 'chat:event') return
        const p = payload as { requestId: string; type: string }
        if (p.requestId !== requestId) return
        const { requestId: _id, type, ...rest } = p
        void send(type, rest)
      })
      sse.onAbort(() => {
        if (!finished)
          void services.router.invoke('chat:cancel', { requestId }, { transport: 'http' })
      })
      try {
        const answer = seedAnswer(await call('chat:ask', input), body.details)
        finished = true
        await send('citations', answer.citations)
        await send('answer', answer)
      } catch (e) {
        finished = true
        if (!isUserFacing(e))
          log(`[http] /ask failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
        await send('error', problemOf(toProblem(e, 'in /ask'), '/ask'))
      } finally {
        unsubscribe()
        asking--
        await chain
      }
    })
  })
  return app
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
