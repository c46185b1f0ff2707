import { Cite, plugins, type CslItem } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-ris'
import type { Paper } from '../../shared/types'
import { UserFacingError } from '../errors'
import { splitName } from './names'

/** What a BibTeX entry is made from: a catalog record, or what a citation still knows of it. */
export type BibPaper = Pick<Paper, 'id' | 'title' | 'authors' | 'year' | 'arxivId'> &
  Partial<Pick<Paper, 'venue' | 'doi' | 'abstract'>>

/**
 * BibTeX and RIS through citation-js: the only import of it.
 * @remarks Writing goes paper -> CSL-JSON -> citation-js's BibTeX; reading takes citation-js's
 * raw entries (which keep `file`, `eprint`, RIS `DO`/`L1` that its CSL mapping drops) and its
 * CSL mapping for names, dates and titles.
 */

const STOP = /^(?:a|an|the|on|of|in|for|to|and|with|towards?|is|are|via|from)$/

function ascii(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
}

/** `authorYEARword`: first author's surname, the year, the first word of the title that says something. */
export function baseKey(p: Pick<Paper, 'authors' | 'year' | 'title'>): string {
  const family = p.authors[0] ? splitName(p.authors[0]).family.split(/\s+/).pop()! : 'anon'
  const word =
    ascii(p.title)
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .find((w) => w.length > 1 && !STOP.test(w)) ?? 'paper'
  const who =
    ascii(family)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '') || 'anon'
  return `${who}${p.year ?? 'nd'}${word}`
}

/**
 * Citation keys for the whole library, deduplicated with a, b, c... in the order papers were
 * added, so a paper keeps its key whether one paper or the whole library is exported.
 */
export function citationKeys(papers: readonly Paper[]): Map<string, string> {
  const ordered = [...papers].sort(
    (a, b) => a.addedAt.localeCompare(b.addedAt) || a.id.localeCompare(b.id)
  )
  const used = new Map<string, number>()
  const keys = new Map<string, string>()
  for (const p of ordered) {
    const base = baseKey(p)
    const n = used.get(base) ?? 0
    used.set(base, n + 1)
    keys.set(p.id, n === 0 ? base : `${base}${String.fromCharCode(96 + Math.min(n, 26))}`)
  }
  return keys
}

const CONFERENCE =
  /conference|proceedings|workshop|symposium|\b(?:ICLR|NeurIPS|NIPS|ICML|ACL|EMNLP|NAACL|EACL|COLING|AAAI|IJCAI|CVPR|ICCV|ECCV|SIGIR|KDD|WWW)\b/i

function toCsl(p: BibPaper, key: string): CslItem {
  const item: CslItem = {
    id: key,
    'citation-key': key,
    title: p.title,
    author: p.authors.map((a) => splitName(a))
  }
  if (p.year) item.issued = { 'date-parts': [[p.year]] }
  if (p.venue) {
    item.type = CONFERENCE.test(p.venue) ? 'paper-conference' : 'article-journal'
    item['container-title'] = p.venue
  } else if (p.arxivId) {
    item.type = 'article-journal'
    item['container-title'] = `arXiv preprint arXiv:${p.arxivId}`
  } else item.type = 'document' // no venue known: @misc
  // arXiv registers a DataCite DOI for every paper: the citation gets one even without a journal's.
  if (p.doi) item.DOI = p.doi
  else if (p.arxivId) item.DOI = `10.48550/arXiv.${p.arxivId}`
  if (p.arxivId) item.URL = `https://arxiv.org/abs/${p.arxivId}`
  if (p.abstract) item.abstract = p.abstract
  return item
}

/** BibTeX for these papers, with keys from {@link citationKeys} over `library`. */
export function papersToBibtex(papers: readonly Paper[], library: readonly Paper[]): string {
  if (papers.length === 0) return ''
  const keys = citationKeys(library.length ? library : papers)
  const items = papers.map((p) => toCsl(p, keys.get(p.id) ?? baseKey(p)))
  return new Cite(items).format('bibtex', { format: 'text' }).trim() + '\n'
}

/** One entry of a bibliography file, as ResearchPal uses it. */
export interface BibEntry {
  key: string | null
  title: string | null
  authors: string[]
  year: number | null
  venue: string | null
  doi: string | null
  arxivId: string | null
  abstract: string | null
  /** Attached files as written in the entry (absolute, or relative to the file's folder). */
  files: string[]
}

/** Reads a BibTeX or RIS file; INVALID_INPUT naming the problem when it is neither. */
export function parseBibliography(text: string, name = 'The file'): BibEntry[] {
  const trimmed = text.trim()
  try {
    if (/^TY {2}- /m.test(trimmed) && !/^\s*@\w+\s*[{(]/m.test(trimmed)) return parseRis(trimmed)
    if (/@\w+\s*[{(]/.test(trimmed)) return parseBib(trimmed)
  } catch (e) {
    const detail = `: ${e instanceof Error ? e.message : String(e)}`
    throw new UserFacingError('INVALID_INPUT', { key: 'bibUnreadable', params: { name, detail } })
  }
  throw new UserFacingError('INVALID_INPUT', { key: 'bibEmpty', params: { name } })
}

interface RawBib {
  type: string
  label: string
  properties: Record<string, string>
}

function parseBib(text: string): BibEntry[] {
  const raw = plugins.input.chain(text, {
    target: '@biblatex/entries+list',
    generateGraph: false
  }) as RawBib[]
  return raw.map((r) => {
    const csl = (
      plugins.input.chain(r, { target: '@csl/list+object', generateGraph: false }) as CslItem[]
    )[0]!
    const f = r.properties
    const eprint =
      (f.archiveprefix ?? f.eprinttype ?? '').toLowerCase() === 'arxiv' ? f.eprint : undefined
    return {
      ...fromCsl(csl),
      key: r.label || null,
      doi: (f.doi ?? (csl.DOI as string | undefined) ?? null)?.toLowerCase() ?? null,
      arxivId: arxivIn(eprint ?? f.arxivid ?? f.url ?? f.journal ?? ''),
      files: bibFiles(f.file ?? f.pdf ?? '')
    }
  })
}

function parseRis(text: string): BibEntry[] {
  const records = plugins.input.chainLink(text) as Record<string, string | string[]>[]
  return records.map((r) => {
    const csl = (
      plugins.input.chain([r], { target: '@csl/list+object', generateGraph: false }) as CslItem[]
    )[0]!
    const all = (k: string): string[] => {
      const v = r[k]
      return v === undefined ? [] : Array.isArray(v) ? v : [v]
    }
    const links = [...all('L1'), ...all('L2'), ...all('UR')]
    const doi = all('DO')[0] ?? (csl.DOI as string | undefined) ?? null
    return {
      ...fromCsl(csl),
      key: all('ID')[0] ?? null,
      doi: doi ? doi.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '').toLowerCase() : null,
      arxivId: arxivIn(links.join(' ') + ' ' + all('JO').join(' ')),
      files: links
        .filter((l) => /\.pdf$/i.test(l) && !/^https?:/i.test(l))
        .map((l) => (l.startsWith('file://') ? decodeURIComponent(new URL(l).pathname) : l))
    }
  })
}

function fromCsl(csl: CslItem): Omit<BibEntry, 'key' | 'doi' | 'arxivId' | 'files'> {
  const names = (csl.author as { given?: string; family?: string; literal?: string }[]) ?? []
  const date = (csl.issued ?? csl['event-date']) as { 'date-parts'?: number[][] } | undefined
  const year = date?.['date-parts']?.[0]?.[0]
  return {
    title: typeof csl.title === 'string' ? csl.title : null,
    authors: names
      .map(
        (n) =>
          n.literal ??
          [n.given, (n as Record<string, string>)['non-dropping-particle'], n.family]
            .filter(Boolean)
            .join(' ')
      )
      .filter(Boolean),
    year: typeof year === 'number' ? year : year ? Number(year) || null : null,
    venue:
      typeof csl['container-title'] === 'string' &&
      !/^arxiv( preprint)?/i.test(csl['container-title'])
        ? csl['container-title']
        : null,
    abstract: typeof csl.abstract === 'string' ? csl.abstract : null
  }
}

function arxivIn(s: string): string | null {
  return /(?:arxiv[:/ ]|abs\/|pdf\/|^)(\d{4}\.\d{4,5})(?:v\d+)?\b/i.exec(s.trim())?.[1] ?? null
}

/**
 * The PDF paths of a `file` field as Zotero, Better BibTeX and JabRef write it:
 * `desc:path:type` items separated by `;`, with `\:` and `\\` escaped, or plain paths.
 */
export function bibFiles(field: string): string[] {
  if (!field.trim()) return []
  const items = field.split(/(?<!\\);/)
  const out: string[] = []
  for (const item of items) {
    const parts = item.split(/(?<!\\):/)
    let path: string
    // A plain Windows path ("C:\x.pdf") splits in two; desc:path:type splits in three.
    if (parts.length >= 3) path = parts.slice(1, parts.length - 1).join(':')
    else path = item
    path = path.replace(/\\([:;\\])/g, '$1').trim()
    const type = parts.length >= 3 ? parts[parts.length - 1]!.toLowerCase() : ''
    if (/\.pdf$/i.test(path) || type.includes('pdf')) out.push(path)
  }
  return out
}

/** One BibTeX entry's key, per paper. */
export interface BibtexKey {
  paperId: string
  key: string
}

/**
 * Keys for papers in the order given, deduplicated among them (the MCP server's selection).
 * @remarks Same `authorYEARword` rule as {@link citationKeys}; pass the whole library there
 * when keys must not depend on the selection.
 */
export function bibtexKeys(papers: readonly BibPaper[]): BibtexKey[] {
  const used = new Map<string, number>()
  return papers.map((p) => {
    const base = baseKey(p)
    const n = used.get(base) ?? 0
    used.set(base, n + 1)
    return {
      paperId: p.id,
      key: n === 0 ? base : `${base}${String.fromCharCode(96 + Math.min(n, 26))}`
    }
  })
}

/** The BibTeX of papers in the order given, with the keys used. */
export function toBibtex(papers: readonly BibPaper[]): {
  bibtex: string
  entries: BibtexKey[]
} {
  const entries = bibtexKeys(papers)
  if (!papers.length) return { bibtex: '', entries }
  const bibtex = new Cite(papers.map((p, i) => toCsl(p, entries[i]!.key)))
    .format('bibtex', { format: 'text' })
    .trim()
  return { bibtex, entries }
}
