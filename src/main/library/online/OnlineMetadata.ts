import { UserFacingError, isUserFacing } from '../../errors'
import { hasPdfSignature } from '../../pdf/PdfReader'
import type { FieldSource } from '../../../shared/types'
import type { MetadataValues } from '../metadataMerge'
import { arxivById, arxivSearchTitle, type ArxivEntry } from './arxivApi'
import { crossrefByDoi, openAlexByDoi, unpaywallPdf } from './crossref'
import { getOk, type OnlineOptions } from './http'

/** Values from one registry, with the registry named. */
export interface SourcedValues {
  source: FieldSource
  values: MetadataValues
}

/**
 * The registries behind "metadata that is right" online: the arXiv API for arXiv papers,
 * Crossref for DOIs with OpenAlex when Crossref does not know the DOI or is down, Unpaywall for
 * open-access PDFs — never a shadow library.
 */
export class OnlineMetadata {
  constructor(private readonly o: OnlineOptions) {}

  /**
   * What the registries say about a paper, arXiv first then Crossref (or OpenAlex).
   * @remarks OFFLINE and RATE_LIMITED are thrown as they are, for the caller to wait and retry.
   */
  async lookup(
    ids: { arxivId: string | null; doi: string | null },
    signal?: AbortSignal
  ): Promise<SourcedValues[]> {
    const out: SourcedValues[] = []
    let doi = ids.doi
    if (ids.arxivId) {
      const e = await arxivById(ids.arxivId, this.o, signal)
      if (e) {
        out.push({ source: 'arxiv', values: e.values })
        doi ??= e.values.doi ?? null
      }
    }
    if (doi) {
      let found: MetadataValues | null = null
      try {
        found = await crossrefByDoi(doi, this.o, signal)
        if (found) out.push({ source: 'crossref', values: found })
      } catch (e) {
        if (!isUserFacing(e, 'UPSTREAM_UNAVAILABLE') && !isUserFacing(e, 'TIMEOUT')) throw e
      }
      if (!found) {
        const alt = await openAlexByDoi(doi, this.o, signal)
        if (alt) out.push({ source: 'openalex', values: alt })
      }
    }
    return out
  }

  /** arXiv's candidates for a title, to pick from. */
  searchTitle(title: string, signal?: AbortSignal): Promise<ArxivEntry[]> {
    return arxivSearchTitle(title, this.o, signal)
  }

  /**
   * The open-access PDF of a DOI (Unpaywall) and the DOI's metadata.
   * @remarks NOT_FOUND with what to do when there is no open copy.
   */
  async openAccessPdf(
    doi: string,
    signal?: AbortSignal
  ): Promise<{ bytes: Uint8Array; url: string; metadata: SourcedValues[] }> {
    const url = await unpaywallPdf(doi, this.o, signal)
    if (!url) throw new UserFacingError('NOT_FOUND', { key: 'noOpenAccessPdf', params: { doi } })
    const res = await getOk(url, 'The open-access repository', this.o, signal)
    const bytes = new Uint8Array(await res.arrayBuffer())
    if (!hasPdfSignature(bytes))
      throw new UserFacingError('DOWNLOAD_FAILED', {
        key: 'openAccessNotPdf',
        params: { doi, url }
      })
    return { bytes, url, metadata: await this.lookup({ arxivId: null, doi }, signal) }
  }
}
