import { UserFacingError } from '../errors'

/** Where a lab error happened, for its message: the server, and the role logged in. */
export interface LabPlace {
  host: string
  user: string
}

/** SQLSTATE classes and codes the lab's messages tell apart. */
const AUTH_CODES = new Set(['28P01', '28000'])
const NO_DATABASE = '3D000'
const NO_PERMISSION = '42501'
const STATEMENT_TIMEOUT = '57014'
/** Connection failures Node reports before any Postgres message arrives. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE'
])

interface PgLike {
  code?: string
  message?: string
  errors?: unknown[]
}

/** The Postgres SQLSTATE or the Node network code of a failure, if any. */
export function failureCode(e: unknown): string | undefined {
  const err = e as PgLike
  if (typeof err?.code === 'string') return err.code
  // Node ≥ 20 tries IPv4 and IPv6 and throws an AggregateError of both refusals.
  const inner = err?.errors?.find((x) => typeof (x as PgLike)?.code === 'string') as PgLike
  return inner?.code
}

/** True when the connection itself failed or dropped (the server is down or unreachable). */
export function isConnectionFailure(e: unknown): boolean {
  const code = failureCode(e)
  if (code && NETWORK_CODES.has(code)) return true
  const message = (e as PgLike)?.message ?? ''
  return /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(
    message
  )
}

function reasonOf(e: unknown): string {
  const err = e as PgLike
  const code = failureCode(e)
  const message = err?.message?.trim() || (code ?? String(e))
  return message.length > 200 ? `${message.slice(0, 200)}…` : message
}

/**
 * Turns a failure of the `pg` client into a message a person can act on.
 * @remarks The one place lab failures are named: unreachable, refused login, missing database,
 * not allowed, timed out; anything else keeps the server's own words. The connection string's
 * password never appears in a message.
 */
export function labError(e: unknown, place: LabPlace): UserFacingError {
  if (e instanceof UserFacingError) return e
  const code = failureCode(e)
  const reason = reasonOf(e)
  const params = { host: place.host, user: place.user, reason }
  if (isConnectionFailure(e)) {
    return new UserFacingError(
      'UPSTREAM_UNAVAILABLE',
      { key: 'labUnreachable', params },
      { cause: e }
    )
  }
  if (code && AUTH_CODES.has(code)) {
    return new UserFacingError('INVALID_INPUT', { key: 'labAuth', params }, { cause: e })
  }
  if (code === NO_DATABASE) {
    return new UserFacingError('NOT_FOUND', { key: 'labNoDatabase', params }, { cause: e })
  }
  if (code === NO_PERMISSION) {
    return new UserFacingError('INVALID_INPUT', { key: 'labNoPermission', params }, { cause: e })
  }
  if (code === STATEMENT_TIMEOUT) {
    return new UserFacingError('TIMEOUT', { key: 'labTimeout', params }, { cause: e })
  }
  return new UserFacingError(
    'UPSTREAM_UNAVAILABLE',
    { key: 'labServerError', params },
    { cause: e }
  )
}
