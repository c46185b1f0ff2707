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

/** Crossref's `/works/{doi}` (JSON) as metadata; null when Crossref does not know the DOI. */
export async function crossrefByDoi(
  doi: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<MetadataValues | null> {
  try {
    const res = await getOk(
      `${o.crossrefUrl}/works/${encodeURIComponent(doi)}?mailto=${encodeURIComponent(o.email)}`,
      'Crossref',
      o,
      signal
    )
    const w = ((await res.json()) as { message?: CrossrefWork }).message ?? {}
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
  } catch (e) {
    if (e instanceof NotKnownError) return null
    throw e
  }
}

interface OpenAlexWork {
  title?: string
  display_name?: string
  authorships?: { author?: { display_name?: string } }[]
  publication_year?: number
  primary_location?: { source?: { display_name?: string } | null } | null
  doi?: string
}

/** OpenAlex's `/works/doi:{doi}` as metadata (the fallback when Crossref fails). */
export async function openAlexByDoi(
  doi: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<MetadataValues | null> {
  try {
    const res = await getOk(
      `${o.openAlexUrl}/works/doi:${encodeURIComponent(doi)}?mailto=${encodeURIComponent(o.email)}`,
      'OpenAlex',
      o,
      signal
    )
    const w = (await res.json()) as OpenAlexWork
    return {
      title: w.title ?? w.display_name ?? null,
      authors: (w.authorships ?? []).map((a) => a.author?.display_name ?? '').filter(Boolean),
      year: w.publication_year ?? null,
      venue: w.primary_location?.source?.display_name ?? null,
      doi: w.doi?.replace(/^https?:\/\/doi\.org\//i, '').toLowerCase() ?? doi
    }
  } catch (e) {
    if (e instanceof NotKnownError) return null
    throw e
  }
}

/** Unpaywall's open-access PDF link for a DOI, or null when there is none. */
export async function unpaywallPdf(
  doi: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<string | null> {
  try {
    const res = await getOk(
      `${o.unpaywallUrl}/v2/${encodeURIComponent(doi)}?email=${encodeURIComponent(o.email)}`,
      'Unpaywall',
      o,
      signal
    )
    const j = (await res.json()) as {
      best_oa_location?: { url_for_pdf?: string | null } | null
      oa_locations?: { url_for_pdf?: string | null }[]
    }
    return (
      j.best_oa_location?.url_for_pdf ??
      j.oa_locations?.find((l) => l.url_for_pdf)?.url_for_pdf ??
      null
    )
  } catch (e) {
    if (e instanceof NotKnownError) return null
    throw e
  }
}
