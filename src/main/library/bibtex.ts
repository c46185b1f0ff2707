import { Cite } from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import type { Paper } from '../../shared/types'

/** What a BibTeX entry is made from: a catalog record, or what a citation still knows of it. */
export type BibPaper = Pick<Paper, 'id' | 'title' | 'authors' | 'year' | 'arxivId'>

const SKIP = new Set(
  'a an the on of in for to and with from by is are towards toward via using what how why when do does'.split(
    ' '
  )
)

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

/** A person's name as CSL: "Vaswani, Ashish" and "Ashish Vaswani" both give family Vaswani. */
function person(name: string): { family: string; given?: string } {
  const trimmed = name.trim()
  if (trimmed.includes(',')) {
    const [family, given] = trimmed.split(',', 2).map((s) => s.trim())
    return given ? { family: family!, given } : { family: family! }
  }
  const parts = trimmed.split(/\s+/)
  if (parts.length === 1) return { family: parts[0]! }
  return { family: parts.at(-1)!, given: parts.slice(0, -1).join(' ') }
}

/**
 * The citation key `authorYEARword`: first author's family name, the year and the first
 * significant title word, ASCII lowercase (`vaswani2017attention`).
 * @remarks A paper whose authors are unknown gets `anon`; without a year, `nd`.
 */
export function citationKey(paper: BibPaper): string {
  const first = paper.authors[0]
  const author = (first && ascii(person(first).family)) || 'anon'
  const word =
    paper.title
      .split(/[\s\-:]+/)
      .map(ascii)
      .find((w) => w && !SKIP.has(w)) ?? ''
  return `${author}${paper.year ?? 'nd'}${word}`
}

/**
 * Stable, unique keys for a list of papers: `authorYEARword`, with `a`, `b`, ... appended to
 * the second and later papers that would share one (in the order given).
 */
export function citationKeys(papers: readonly BibPaper[]): Map<string, string> {
  const keys = new Map<string, string>()
  const used = new Map<string, number>()
  for (const p of papers) {
    if (keys.has(p.id)) continue
    const base = citationKey(p)
    const n = used.get(base) ?? 0
    used.set(base, n + 1)
    keys.set(p.id, n === 0 ? base : `${base}${String.fromCharCode(96 + n)}`)
  }
  return keys
}

/**
 * BibTeX for papers, through citation-js (the one import of it): arXiv papers as `@article`
 * with their arXiv DOI and URL, others as `@misc`.
 */
export function toBibtex(papers: readonly BibPaper[]): string {
  if (papers.length === 0) return ''
  const keys = citationKeys(papers)
  const data = [...keys.keys()].map((id) => {
    const p = papers.find((x) => x.id === id)!
    const key = keys.get(id)!
    return {
      id: key,
      'citation-key': key,
      type: p.arxivId ? 'article' : 'document',
      title: p.title || p.id,
      author: p.authors.map(person),
      ...(p.year && { issued: { 'date-parts': [[p.year]] } }),
      ...(p.arxivId && {
        'container-title': `arXiv preprint arXiv:${p.arxivId}`,
        DOI: `10.48550/arXiv.${p.arxivId}`,
        URL: `https://arxiv.org/abs/${p.arxivId}`
      })
    }
  })
  return new Cite(data).format('bibtex').trim() + '\n'
}
