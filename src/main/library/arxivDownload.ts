import { setTimeout as sleep } from 'node:timers/promises'
import { CancelledError, throwIfAborted, UserFacingError } from '../errors'
import { hasPdfSignature } from '../pdf/PdfReader'
import type { ArxivRef } from './arxivId'

/** How {@link downloadArxivPdf} reaches arXiv. */
export interface DownloadOptions {
  fetch: typeof fetch
  /** `https://arxiv.org` unless a test or mirror says otherwise. */
  baseUrl?: string
  attempts?: number
  /** Wait before the second try; doubles after each failure. */
  backoffMs?: number
  /** Per-attempt timeout. */
  timeoutMs?: number
  signal?: AbortSignal
  onProgress?: (received: number, total: number) => void
}

/** The URL a paper's PDF is fetched from. */
export function arxivPdfUrl(ref: ArxivRef, baseUrl = 'https://arxiv.org'): string {
  return `${baseUrl.replace(/\/+$/, '')}/pdf/${ref.id}${ref.version ?? ''}`
}

/**
 * Downloads an arXiv PDF, retrying network errors, 5xx/429 answers and non-PDF bodies.
 * @remarks arXiv sometimes answers with an HTML page while it builds a PDF, so the `%PDF`
 * signature is checked before the bytes are accepted. A 404 is not retried. After the last try
 * it throws DOWNLOAD_FAILED saying how many tries were made and why the last one failed.
 */
export async function downloadArxivPdf(
  ref: ArxivRef,
  options: DownloadOptions
): Promise<Uint8Array> {
  const url = arxivPdfUrl(ref, options.baseUrl)
  const attempts = Math.max(1, options.attempts ?? 3)
  let wait = options.backoffMs ?? 1000
  let reason: DownloadFailure = { reason: 'offline' }
  for (let attempt = 1; attempt <= attempts; attempt++) {
    throwIfAborted(options.signal, { key: 'cancelledDownload', params: { id: ref.id } })
    try {
      const bytes = await fetchOnce(url, options)
      if (hasPdfSignature(bytes)) return bytes
      reason = { reason: 'notPdf' }
    } catch (e) {
      if (e instanceof CancelledError) throw e
      if (options.signal?.aborted)
        throw new CancelledError({ key: 'cancelledDownload', params: { id: ref.id } })
      if (e instanceof NotFound) {
        throw new UserFacingError(
          'DOWNLOAD_FAILED',
          ref.version
            ? { key: 'arxivNoVersion', params: { id: ref.id, version: ref.version } }
            : { key: 'arxivNoPaper', params: { id: ref.id } },
          { cause: e }
        )
      }
      reason = e instanceof DownloadError ? e.failure : { reason: 'offline' }
    }
    if (attempt < attempts) {
      await sleep(wait, undefined, { signal: options.signal }).catch(() => {
        throw new CancelledError({ key: 'cancelledDownload', params: { id: ref.id } })
      })
      wait *= 2
    }
  }
  throw new UserFacingError('DOWNLOAD_FAILED', {
    key: 'arxivFailed',
    params: { id: ref.id, count: attempts, ...reason }
  })
}

class NotFound extends Error {}

/** Why one download attempt failed, as the catalog's `errors.downloadReasons` names it. */
type DownloadFailure =
  { reason: 'offline' | 'timeout' | 'notPdf' } | { reason: 'http'; status: number }

/** A failed attempt: English text for the log, and its reason for the message. */
class DownloadError extends Error {
  constructor(
    readonly failure: DownloadFailure,
    message: string,
    options?: { cause: unknown }
  ) {
    super(message, options)
  }
}

async function fetchOnce(url: string, options: DownloadOptions): Promise<Uint8Array> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  let res: Response
  try {
    res = await options.fetch(url, { signal, redirect: 'follow' })
  } catch (e) {
    if (timeout.aborted) throw new DownloadError({ reason: 'timeout' }, 'timed out', { cause: e })
    // Words, never an errno: "ENOTFOUND" means nothing to a researcher.
    throw new DownloadError(
      { reason: 'offline' },
      'no internet connection, or arxiv.org cannot be reached',
      { cause: e }
    )
  }
  if (res.status === 404) throw new NotFound(`HTTP 404`)
  if (!res.ok) throw new DownloadError({ reason: 'http', status: res.status }, `HTTP ${res.status}`)
  const total = Number(res.headers.get('content-length') ?? 0)
  if (!res.body) return new Uint8Array(await res.arrayBuffer())
  const parts: Uint8Array[] = []
  let received = 0
  for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
    parts.push(part)
    received += part.length
    options.onProgress?.(received, total)
  }
  return new Uint8Array(Buffer.concat(parts))
}
