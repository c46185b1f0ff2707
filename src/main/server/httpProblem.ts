import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import type { z } from 'zod'
import { describeIssues, toAppError } from '../errors'
import { problemOf, type ProblemCode } from './problem'

/** The Hono environment of the API server: Node's request and response are reachable. */
export type Env = { Bindings: HttpBindings }

/** A refusal of the HTTP layer itself (a guard, a bad body), answered as its problem code. */
export class HttpProblem extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
    readonly retryAfterSeconds?: number
  ) {
    super(message)
  }
}

/** A problem as the code, message and wait it is answered with. */
export interface ProblemOf {
  code: ProblemCode
  message: string
  retryAfterSeconds?: number
}

/** The `application/problem+json` response for a problem, with its Retry-After or challenge. */
export function problemResponse(c: Context<Env>, error: ProblemOf): Response {
  const body = problemOf(error, new URL(c.req.url).pathname)
  const headers: Record<string, string> = { 'content-type': 'application/problem+json' }
  if (error.retryAfterSeconds !== undefined)
    headers['retry-after'] = String(Math.ceil(error.retryAfterSeconds))
  if (error.code === 'UNAUTHORIZED') headers['www-authenticate'] = 'Bearer realm="researchpal"'
  return new Response(JSON.stringify(body), { status: body.status, headers })
}

/** Any thrown value as a problem: the HTTP layer's own as they are, the rest as app errors. */
export function toProblem(e: unknown, where: string): ProblemOf {
  if (e instanceof HttpProblem) return e
  const error = toAppError(e, where)
  return error
}

/** A part of the request checked against its schema (nothing to check gives `{}`). */
export function parse<S extends z.ZodType>(
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

/** The request's body, which must be JSON and say so. */
export async function jsonBody(c: Context<Env>): Promise<unknown> {
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
