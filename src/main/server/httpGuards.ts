import { timingSafeEqual } from 'node:crypto'
import type { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { isUserFacing } from '../errors'
import { API_ROUTES } from './apiRoutes'
import { HttpProblem, problemResponse, toProblem, type Env } from './httpProblem'
import { RateLimiter } from './rateLimit'

/** What the guards in front of every route are set with. */
export interface HttpGuardOptions {
  token: string
  log: (message: string) => void
  /** Largest request body, in bytes (64 KiB by default). */
  maxBodyBytes?: number
  /** Requests per second allowed on average, and the burst above it (20 and 120 by default). */
  rate?: { perSecond: number; burst: number }
}

/**
 * Installs the error and not-found answers and the guards every request passes first.
 * @remarks The guards run in this order: Host (DNS rebinding), Origin (a web page in a browser),
 * rate, token, body size. `/openapi.json` and `/docs` need no token (they hold no library data);
 * `/mcp` checks its token itself.
 */
export function guardRequests(app: Hono<Env>, options: HttpGuardOptions, port: () => number): void {
  answerFailures(app, options.log)
  const expected = Buffer.from(`Bearer ${options.token}`)
  const hosts = (): string[] => [`127.0.0.1:${port()}`, `localhost:${port()}`]
  const limiter = new RateLimiter(options.rate?.perSecond ?? 20, options.rate?.burst ?? 120)
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
}

/** Every failure as a problem response; a path that exists under another method says which. */
function answerFailures(app: Hono<Env>, log: (message: string) => void): void {
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
}
