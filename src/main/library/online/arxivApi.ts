import { XMLParser } from 'fast-xml-parser'
import type { MetadataValues } from '../metadataMerge'
import { getOk, type OnlineOptions } from './http'

/** One arXiv API entry. */
export interface ArxivEntry {
  arxivId: string
  values: MetadataValues
  pdfUrl: string | null
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' })

const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x])
const text = (x: unknown): string =>
  (typeof x === 'object' && x && '#text' in x
    ? String((x as { '#text': unknown })['#text'])
    : String(x ?? '')
  )
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Reads the arXiv API's Atom feed (fast-xml-parser: the only import of it).
 * @remarks Each `<entry>` gives title, authors, published date, abstract, and, when the
 * authors added them, `arxiv:doi` and `arxiv:journal_ref` (the venue).
 */
export function parseArxivAtom(xml: string): ArxivEntry[] {
  const feed = parser.parse(xml)?.feed
  return list(feed?.entry).flatMap((e: Record<string, unknown>) => {
    const id = /abs\/([^v\s]+)(v\d+)?$/.exec(text(e.id))?.[1]
    // The API answers an unknown id with an entry titled "Error".
    if (!id || text(e.title) === 'Error') return []
    const links = list(e.link as Record<string, string> | Record<string, string>[])
    const pdf = links.find((l) => l['@title'] === 'pdf' || l['@type'] === 'application/pdf')
    const year = /^(\d{4})/.exec(text(e.published))?.[1]
    return [
      {
        arxivId: id,
        pdfUrl: pdf?.['@href'] ?? null,
        values: {
          title: text(e.title) || null,
          authors: list(e.author as Record<string, unknown> | Record<string, unknown>[]).map(
            (a: Record<string, unknown>) => text(a.name)
          ),
          year: year ? Number(year) : null,
          abstract: text(e.summary) || null,
          doi: text(e['arxiv:doi']).toLowerCase() || null,
          venue: text(e['arxiv:journal_ref']) || null
        }
      }
    ]
  })
}

/** Looks one arXiv paper up by id; null when arXiv does not know it. */
export async function arxivById(
  id: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<ArxivEntry | null> {
  const url = `${o.arxivApiUrl}/api/query?id_list=${encodeURIComponent(id)}&max_results=1`
  const res = await getOk(url, 'The arXiv API', o, signal)
  return parseArxivAtom(await res.text())[0] ?? null
}

/** Searches arXiv by title: the candidates to pick from. */
export async function arxivSearchTitle(
  title: string,
  o: OnlineOptions,
  signal?: AbortSignal
): Promise<ArxivEntry[]> {
  const words = title
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  const query = words.map((w) => `ti:${w}`).join(' AND ')
  const url = `${o.arxivApiUrl}/api/query?search_query=${encodeURIComponent(query)}&max_results=5`
  const res = await getOk(url, 'The arXiv API', o, signal)
  return parseArxivAtom(await res.text())
}
