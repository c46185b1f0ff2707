import { Cite } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import type { Paper } from '../../shared/types'

/** What a BibTeX entry is made from: a catalog record, or what a citation still knows of it. */
export type BibPaper = Pick<Paper, 'id' | 'title' | 'authors' | 'year' | 'arxivId'>

/** One BibTeX entry's key, per paper. */
export interface BibtexKey {
  paperId: string
  key: string
}

const STOP_WORDS = new Set(
  'a an the of on in for to and with from by at as is are via towards toward using'.split(' ')
)

/** ASCII letters and digits only, lower case: what a BibTeX key may safely hold. */
function keyPart(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
}

function familyName(author: string): string {
  const parts = author.trim().split(/\s+/)
  return parts[parts.length - 1] ?? ''
}

/**
 * Stable citation keys, `authorYEARword` (e.g. `vaswani2017attention`), made unique by a
 * letter suffix (`...a`, `...b`) in the order the papers are given.
 * @remarks The key depends only on the paper's metadata, so the same paper keeps its key across
 * exports, and a LaTeX document that cites it does not break.
 */
export function bibtexKeys(papers: readonly BibPaper[]): BibtexKey[] {
  const used = new Map<string, number>()
  return papers.map((p) => {
    const author = keyPart(familyName(p.authors[0] ?? '')) || 'anon'
    const word =
      p.title
        .split(/\s+/)
        .map(keyPart)
        .find((w) => w.length > 0 && !STOP_WORDS.has(w)) ?? ''
    const base = `${author}${p.year ?? ''}${word}` || keyPart(p.id) || 'paper'
    const n = used.get(base) ?? 0
    used.set(base, n + 1)
    return { paperId: p.id, key: n === 0 ? base : `${base}${String.fromCharCode(96 + n)}` }
  })
}

/** A CSL-JSON record of a paper, the form citation-js reads. */
function toCsl(p: BibPaper, key: string): Record<string, unknown> {
  const author = p.authors.map((a) => {
    const parts = a.trim().split(/\s+/)
    return parts.length > 1
      ? { family: parts[parts.length - 1], given: parts.slice(0, -1).join(' ') }
      : { literal: a }
  })
  const csl: Record<string, unknown> = {
    id: p.id,
    'citation-key': key,
    type: p.arxivId ? 'article' : 'document',
    title: p.title,
    author
  }
  if (p.year) csl.issued = { 'date-parts': [[p.year]] }
  if (p.arxivId) {
    csl['container-title'] = `arXiv preprint arXiv:${p.arxivId}`
    csl.URL = `https://arxiv.org/abs/${p.arxivId}`
    csl.DOI = `10.48550/arXiv.${p.arxivId}`
  }
  return csl
}

/**
 * The BibTeX of papers, through citation-js (the only import of it), with the keys used.
 * @remarks Titles and names are escaped by citation-js; keys come from {@link bibtexKeys}.
 */
export function toBibtex(papers: readonly BibPaper[]): {
  bibtex: string
  entries: BibtexKey[]
} {
  const entries = bibtexKeys(papers)
  const cite = new Cite(papers.map((p, i) => toCsl(p, entries[i]!.key)))
  const bibtex = String(cite.format('bibtex', { format: 'text' })).trim()
  return { bibtex, entries }
}
