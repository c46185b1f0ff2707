import { UserFacingError } from '../errors'
import type { LabPlace } from './labErrors'

/** The server and role of a connection string, never its password (for messages). */
export function labPlace(url: string): LabPlace {
  try {
    const u = new URL(url)
    if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new Error(u.protocol)
    const host = `${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname || ''}`
    return { host, user: decodeURIComponent(u.username) || 'postgres' }
  } catch (cause) {
    throw new UserFacingError(
      'INVALID_INPUT',
      { key: 'labBadUrl', params: { url: url.replace(/\/\/[^@/]*@/, '//…@').slice(0, 120) } },
      { cause }
    )
  }
}

/** A vector as pgvector's text form; a non-finite component is sent as 0. */
export function vectorText(v: Float32Array): string {
  return `[${Array.from(v, (x) => (Number.isFinite(x) ? x : 0)).join(',')}]`
}
