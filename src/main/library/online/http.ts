import { UserFacingError } from '../../errors'

/** How the online services are reached; tests point every base URL at a local fake. */
export interface OnlineOptions {
  fetch: typeof fetch
  arxivApiUrl: string
  crossrefUrl: string
  openAlexUrl: string
  unpaywallUrl: string
  /** Unpaywall and Crossref's polite pool ask for a contact address. */
  email: string
  timeoutMs: number
}

/** The real services. */
export const DEFAULT_ONLINE: Omit<OnlineOptions, 'fetch'> = {
  arxivApiUrl: 'https://export.arxiv.org',
  crossrefUrl: 'https://api.crossref.org',
  openAlexUrl: 'https://api.openalex.org',
  unpaywallUrl: 'https://api.unpaywall.org',
  email: 'researchpal@users.noreply.github.com',
  timeoutMs: 20_000
}

/** A 404: the service does not know the paper. */
export class NotKnownError extends Error {}

/**
 * GETs a URL and returns the response, turning transport failures into the errors a person
 * understands: OFFLINE (no connection), RATE_LIMITED (429, with Retry-After), TIMEOUT,
 * UPSTREAM_UNAVAILABLE (5xx); a 404 is {@link NotKnownError}.
 */
export async function getOk(
  url: string,
  service: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<Response> {
  const timeout = AbortSignal.timeout(o.timeoutMs)
  let res: Response
  try {
    res = await o.fetch(url, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      headers: { 'user-agent': `ResearchPal (mailto:${o.email})` }
    })
  } catch (e) {
    if (timeout.aborted)
      throw new UserFacingError(
        'TIMEOUT',
        { key: 'serviceTimeout', params: { service } },
        {
          cause: e
        }
      )
    throw new UserFacingError(
      'OFFLINE',
      { key: 'serviceOffline', params: { service } },
      { cause: e }
    )
  }
  if (res.status === 404) throw new NotKnownError(`${service}: 404`)
  if (res.status === 429) {
    const after = Number(res.headers.get('retry-after') ?? '')
    throw new UserFacingError(
      'RATE_LIMITED',
      after
        ? { key: 'serviceRateLimitedWait', params: { service, seconds: after } }
        : { key: 'serviceRateLimited', params: { service } },
      Number.isFinite(after) && after > 0 ? { retryAfterSeconds: after } : {}
    )
  }
  if (res.status >= 500)
    throw new UserFacingError('UPSTREAM_UNAVAILABLE', {
      key: 'serviceDown',
      params: { service, status: res.status }
    })
  if (!res.ok)
    throw new UserFacingError('UPSTREAM_UNAVAILABLE', {
      key: 'serviceRefused',
      params: { service, status: res.status }
    })
  return res
}
