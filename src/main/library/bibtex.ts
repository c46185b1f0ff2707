import { Cite, plugins, type CslItem } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import '@citation-js/plugin-ris'
import type { Paper } from '../../shared/types'
import type { EntryIssue } from '../../shared/imports'
import { UserFacingError } from '../errors'
import { decodeLatexPath, readBibtex, type Creator, type ReadProgress } from './bibtexEntries'
import { splitName } from './names'
import { noteText } from './noteText'

/** What a BibTeX entry is made from: a catalog record, or what a citation still knows of it. */
export type BibPaper = Pick<Paper, 'id' | 'title' | 'authors' | 'year' | 'arxivId'> &
  Partial<Pick<Paper, 'venue' | 'doi' | 'abstract' | 'literalAuthors'>>

/**
 * BibTeX and RIS through citation-js (formatted references are in `citationStyles.ts`).
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

/** A paper as CSL-JSON, the form citation-js formats and exports from. */
export function toCsl(p: BibPaper, key: string): CslItem {
  const item: CslItem = {
    id: key,
    'citation-key': key,
    title: p.title,
    // An institution stays one name: citation-js writes a literal as `{Gruppe I}`.
    author: p.authors.map((a) => (p.literalAuthors?.includes(a) ? { literal: a } : splitName(a)))
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
  /** Authors that are one name (a brace-protected institution). */
  literalAuthors: string[]
  /** Keywords and tags (BibTeX `keywords`, Mendeley's `mendeley-tags`, RIS `KW`). */
  tags: string[]
  /** The user's notes as text (BibTeX `annote`/`comment` from Zotero, Mendeley, JabRef; RIS `N1`). */
  notes: string[]
  /** The entry's first line in the file. */
  line: number
}

/** The entries of a bibliography file and what was odd about some of them. */
export interface BibliographyRead {
  entries: BibEntry[]
  issues: EntryIssue[]
}

/**
 * Reads a BibTeX or RIS text entry by entry: a bad entry costs that entry only, and is listed
 * with its line and reason; INVALID_INPUT only when the text holds no entry at all.
 */
export async function parseBibliography(
  text: string,
  name = 'The file',
  options: { progress?: ReadProgress; signal?: AbortSignal } = {}
): Promise<BibliographyRead> {
  const trimmed = text.replace(/^\uFEFF/, '')
  let read: BibliographyRead | null = null
  if (/^TY {2}-/m.test(trimmed) && !/^\s*@\w+\s*[{(]/m.test(trimmed)) read = parseRis(trimmed)
  else if (/^\s*@\s*\w+\s*[{(]/m.test(trimmed)) read = await parseBib(trimmed, options)
  if (read && (read.entries.length || read.issues.length)) return read
  throw new UserFacingError('INVALID_INPUT', { key: 'bibEmpty', params: { name } })
}

function parseBib(
  text: string,
  options: { progress?: ReadProgress; signal?: AbortSignal }
): Promise<BibliographyRead> {
  return readBibtex(text, options).then(({ entries, issues }) => {
    const used = new Set(entries.map((e) => e.key))
    const out = entries.map((r): BibEntry => {
      const f = r.fields
      const eprint =
        (f.archiveprefix ?? f.eprinttype ?? '').toLowerCase() === 'arxiv' ? f.eprint : undefined
      const dateText = f.year ?? f.date ?? ''
      const year = /\b(1[5-9]\d{2}|20\d{2})\b/.exec(dateText)?.[1]
      if (dateText && !year)
        issues.push({ line: r.line, key: r.key || null, code: 'badDate', detail: dateText })
      const entry: BibEntry = {
        key: r.key || null,
        title: f.title ? stripHtml(f.title) : null,
        authors: (r.creators.author ?? r.creators.editor ?? []).map(creatorName).filter(Boolean),
        literalAuthors: (r.creators.author ?? r.creators.editor ?? [])
          .filter((c) => c.name)
          .map((c) => c.name!),
        year: year ? Number(year) : null,
        venue: f.journal ?? f.journaltitle ?? f.booktitle ?? f.series ?? null,
        doi: f.doi?.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '').toLowerCase() ?? null,
        arxivId: arxivIn(eprint ?? f.arxivid ?? f.url ?? f.journal ?? ''),
        abstract: f.abstract ?? null,
        files: [...bibFiles(f.file ?? f.pdf ?? ''), ...bibFiles(f.filename ?? '')],
        tags: tagList([f.keywords, f['mendeley-tags']]),
        notes: noteList([f.annote, f.comment]),
        line: r.line
      }
      if (entry.venue && /^arxiv( preprint)?/i.test(entry.venue)) entry.venue = null
      if (!entry.key) {
        // A keyless entry (JabRef, Mendeley) gets the key an export would give it.
        let key = baseKey({ authors: entry.authors, year: entry.year, title: entry.title ?? '' })
        for (let n = 1; used.has(key); n++) key = `${key.replace(/-\d+$/, '')}-${n}`
        used.add(key)
        entry.key = key
        const issue = issues.find((i) => i.code === 'noKey' && i.line === r.line)
        if (issue) issue.detail = key
      }
      return entry
    })
    issues.sort((a, b) => a.line - b.line)
    return { entries: out, issues }
  })
}

/** A creator as one display name; a brace-protected corporate name stays whole. */
function creatorName(c: Creator): string {
  if (c.name) return c.name
  return [c.firstName, c.prefix, c.lastName, c.suffix].filter(Boolean).join(' ').trim()
}

/** A title as text: markup some exporters leave (`<i>`, `<sub>`, `<span style=…>`) removed. */
function stripHtml(s: string): string {
  return s
    .replace(/<\/?[a-z][^<>]*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** RIS record by record (one bad record costs that record), each through citation-js. */
function parseRis(text: string): BibliographyRead {
  const entries: BibEntry[] = []
  const issues: EntryIssue[] = []
  let line = 1
  for (const part of text.split(/^(?=TY {2}-)/m)) {
    const start = line
    line += part.split('\n').length - 1
    if (!/^TY {2}-/.test(part)) continue
    let record: Record<string, string | string[]> | undefined
    let csl: CslItem | undefined
    try {
      record = (plugins.input.chainLink(part) as Record<string, string | string[]>[])[0]
      if (record)
        csl = (
          plugins.input.chain([record], {
            target: '@csl/list+object',
            generateGraph: false
          }) as CslItem[]
        )[0]
    } catch (e) {
      issues.push({
        line: start,
        key: null,
        code: 'syntax',
        detail: e instanceof Error ? e.message : String(e)
      })
      continue
    }
    if (!record || !csl) {
      issues.push({ line: start, key: null, code: 'syntax', detail: 'no fields' })
      continue
    }
    const entry = risEntry(record, csl, start)
    const dates = [record.PY, record.DA, record.Y1].flat().filter(Boolean).join(' ')
    if (entry.year === null) {
      const year = /\b(1[5-9]\d{2}|20\d{2})\b/.exec(dates)?.[1]
      if (year) entry.year = Number(year)
      else if (dates) issues.push({ line: start, key: entry.key, code: 'badDate', detail: dates })
    }
    entries.push(entry)
  }
  return { entries, issues }
}

function risEntry(r: Record<string, string | string[]>, csl: CslItem, line: number): BibEntry {
  const all = (k: string): string[] => {
    const v = r[k]
    return v === undefined ? [] : Array.isArray(v) ? v : [v]
  }
  const links = [...all('L1'), ...all('L2'), ...all('UR')]
  const doi = all('DO')[0] ?? (csl.DOI as string | undefined) ?? null
  const base = fromCsl(csl)
  return {
    ...base,
    title: base.title ? stripHtml(base.title) : null,
    year: base.year !== null && base.year >= 1500 && base.year <= 2100 ? base.year : null,
    key: all('ID')[0] ?? null,
    literalAuthors: ((csl.author as { literal?: string }[] | undefined) ?? [])
      .filter((n) => n.literal)
      .map((n) => n.literal!),
    doi: doi ? doi.replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '').toLowerCase() : null,
    arxivId: arxivIn(links.join(' ') + ' ' + all('JO').join(' ')),
    files: links
      .filter((l) => /\.pdf$/i.test(l) && !/^https?:/i.test(l))
      .map((l) => (l.startsWith('file://') ? decodeURIComponent(new URL(l).pathname) : l)),
    tags: tagList(all('KW')),
    notes: noteList(all('N1')),
    line
  }
}

/** Tags from keyword fields: `a, b; c` as three, each once. */
function tagList(fields: (string | undefined)[]): string[] {
  const tags = fields.flatMap((f) => (f ?? '').split(/[,;]/)).map((t) => t.trim())
  return [...new Set(tags.filter(Boolean))]
}

/** Notes as plain text; an exporter's HTML (Zotero's RIS writes notes as HTML) made text. */
function noteList(fields: (string | undefined)[]): string[] {
  const notes = fields.map((f) => (f && /<[a-z][^<>]*>/i.test(f) ? noteText(f) : (f ?? '').trim()))
  return [...new Set(notes.filter(Boolean))]
}

function fromCsl(
  csl: CslItem
): Omit<
  BibEntry,
  'key' | 'doi' | 'arxivId' | 'files' | 'line' | 'literalAuthors' | 'tags' | 'notes'
> {
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
    if (!/\.pdf$/i.test(path) && !type.includes('pdf')) continue
    // Mendeley writes accents in paths as LaTeX; the path as written is tried first.
    const decoded = decodeLatexPath(path)
    out.push(path)
    if (decoded !== path) out.push(decoded)
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
