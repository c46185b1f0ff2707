import type { MetadataValues } from '../metadataMerge'
import { getOk, NotKnownError, type OnlineOptions } from './http'

interface CrossrefWork {
  title?: string[]
  author?: { given?: string; family?: string; name?: string }[]
  issued?: { 'date-parts'?: number[][] }
  'container-title'?: string[]
  DOI?: string
  abstract?: string
}

interface OpenAlexWork {
  title?: string
  display_name?: string
  authorships?: { author?: { display_name?: string } }[]
  publication_year?: number
  primary_location?: { source?: { display_name?: string } | null } | null
  doi?: string
}

interface UnpaywallRecord {
  best_oa_location?: { url_for_pdf?: string | null } | null
  oa_locations?: { url_for_pdf?: string | null }[]
}

/** How each DOI service is asked about a DOI: `{base}{path}{doi}?{mail}=<contact>`. */
const DOI_SERVICES = {
  crossref: { name: 'Crossref', base: 'crossrefUrl', path: '/works/', mail: 'mailto' },
  openAlex: { name: 'OpenAlex', base: 'openAlexUrl', path: '/works/doi:', mail: 'mailto' },
  unpaywall: { name: 'Unpaywall', base: 'unpaywallUrl', path: '/v2/', mail: 'email' }
} as const

/**
 * One DOI service's JSON record of a DOI; null when it does not know the DOI (404). Other
 * failures throw as {@link getOk} says.
 */
async function getDoiJson<T>(
  service: keyof typeof DOI_SERVICES,
  doi: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<T | null> {
  const { name, base, path, mail } = DOI_SERVICES[service]
  const url = `${o[base]}${path}${encodeURIComponent(doi)}?${mail}=${encodeURIComponent(o.email)}`
  try {
    return (await (await getOk(url, name, o, signal)).json()) as T
  } catch (e) {
    if (e instanceof NotKnownError) return null
    throw e
  }
}

/** Crossref's `/works/{doi}` (JSON) as metadata; null when Crossref does not know the DOI. */
export async function crossrefByDoi(
  doi: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<MetadataValues | null> {
  const body = await getDoiJson<{ message?: CrossrefWork }>('crossref', doi, o, signal)
  if (!body) return null
  const w = body.message ?? {}
  return {
    title: w.title?.[0] ?? null,
    authors: (w.author ?? []).map((a) => a.name ?? [a.given, a.family].filter(Boolean).join(' ')),
    year: w.issued?.['date-parts']?.[0]?.[0] ?? null,
    venue: w['container-title']?.[0] ?? null,
    doi: w.DOI?.toLowerCase() ?? doi,
    // Crossref abstracts are JATS XML: keep the words.
    abstract: w.abstract
      ? w.abstract
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : null
  }
}

/** OpenAlex's `/works/doi:{doi}` as metadata (the fallback when Crossref fails). */
export async function openAlexByDoi(
  doi: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<MetadataValues | null> {
  const w = await getDoiJson<OpenAlexWork>('openAlex', doi, o, signal)
  if (!w) return null
  return {
    title: w.title ?? w.display_name ?? null,
    authors: (w.authorships ?? []).map((a) => a.author?.display_name ?? '').filter(Boolean),
    year: w.publication_year ?? null,
    venue: w.primary_location?.source?.display_name ?? null,
    doi: w.doi?.replace(/^https?:\/\/doi\.org\//i, '').toLowerCase() ?? doi
  }
}

/** Unpaywall's open-access PDF link for a DOI, or null when there is none. */
export async function unpaywallPdf(
  doi: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<string | null> {
  const j = await getDoiJson<UnpaywallRecord>('unpaywall', doi, o, signal)
  return (
    j?.best_oa_location?.url_for_pdf ??
    j?.oa_locations?.find((l) => l.url_for_pdf)?.url_for_pdf ??
    null
  )
}
