import type { Paper } from '../../shared/types'
import { compact, type CachedReference, type PaperFacts } from './paperFacts'

/** One matched citation between library papers. */
export interface Citation {
  source: string
  target: string
  match: 'arxiv' | 'doi' | 'title'
}

/** A work cited by library papers that the library does not hold. */
export interface Ghost {
  id: string
  title: string
  year: number | null
  add: string | null
  citedBy: string[]
}

/** Shorter titles ("Introduction", "BERT") would be found inside other works' titles. */
const MIN_TITLE = 18

/** The compact forms a paper's title may be cited under: whole, and after a "Name:" lead. */
function titleForms(title: string): string[] {
  const forms = [compact(title)]
  const colon = title.indexOf(':')
  if (colon > 0) forms.push(compact(title.slice(colon + 1)))
  return forms.filter((f) => f.length >= MIN_TITLE)
}

/** Whether a compact reference list prints this arXiv id (`arXiv:1810.04805`, `abs/1810.04805`). */
function printsArxiv(refs: string, id: string): boolean {
  const form = id.replace(/[^0-9a-z]/gi, '').toLowerCase()
  return refs.includes(`arxiv${form}`) || refs.includes(`abs${form}`)
}

/**
 * Which library papers each paper cites: by arXiv id or DOI printed in its reference list, or
 * by the cited paper's title appearing there.
 * @remarks Matching the library's own titles inside the whole reference list does not depend
 * on where one entry ends and the next begins (the entry splitter's guess); the cost is a title
 * found inside a longer one, which {@link MIN_TITLE} keeps rare.
 */
export function matchCitations(papers: Paper[], facts: Map<string, PaperFacts>): Citation[] {
  const out: Citation[] = []
  for (const a of papers) {
    const f = facts.get(a.id)
    if (!f || !f.refs) continue
    const arxiv = new Set(f.entries.map((e) => e.arxivId).filter(Boolean))
    const dois = new Set(f.entries.map((e) => e.doi).filter(Boolean))
    for (const b of papers) {
      if (b.id === a.id) continue
      let match: Citation['match'] | null = null
      if (b.arxivId && (arxiv.has(b.arxivId) || printsArxiv(f.refs, b.arxivId))) match = 'arxiv'
      else if (b.doi && dois.has(b.doi.toLowerCase())) match = 'doi'
      else if (titleForms(b.title).some((t) => f.refs.includes(t))) match = 'title'
      if (match) out.push({ source: a.id, target: b.id, match })
    }
  }
  return out
}

/** Whether a parsed reference names a library paper (so it is no ghost). */
function inLibrary(r: CachedReference, papers: Paper[]): boolean {
  return papers.some(
    (p) =>
      (r.arxivId && p.arxivId === r.arxivId) ||
      (r.doi && p.doi?.toLowerCase() === r.doi) ||
      (r.title &&
        titleForms(p.title).some((t) => {
          const k = compact(r.title!)
          return k.includes(t) || (k.length >= MIN_TITLE && t.includes(k))
        }))
  )
}

/** The most common non-null value (ties: the first seen). */
function mostCommon<T>(values: (T | null)[]): T | null {
  const n = new Map<T, number>()
  for (const v of values) if (v !== null) n.set(v, (n.get(v) ?? 0) + 1)
  let best: T | null = null
  for (const [v, c] of n) if (best === null || c > n.get(best)!) best = v
  return best
}

/**
 * Works cited by at least `minCiters` library papers and not in the library. Entries are one
 * work when they share a title (compacted), or, lacking a title, an arXiv id or a DOI.
 * @remarks Identifiers are not used to join titled entries: an entry the splitter cut wrongly
 * carries its neighbour's arXiv id, and joining on it would merge two works. The identifiers a
 * work is added by are those most of its entries print.
 */
export function findGhosts(
  papers: Paper[],
  facts: Map<string, PaperFacts>,
  minCiters = 2
): Ghost[] {
  const groups = new Map<string, { refs: CachedReference[]; citers: Set<string> }>()
  for (const p of papers) {
    for (const r of facts.get(p.id)?.entries ?? []) {
      if (inLibrary(r, papers)) continue
      const title = r.title ? compact(r.title) : ''
      const key =
        title.length >= MIN_TITLE
          ? `title:${title.slice(0, 40)}`
          : r.arxivId
            ? `arxiv:${r.arxivId}`
            : r.doi
              ? `doi:${r.doi}`
              : null
      if (!key) continue
      const g = groups.get(key) ?? { refs: [], citers: new Set<string>() }
      g.refs.push(r)
      g.citers.add(p.id)
      groups.set(key, g)
    }
  }
  const ghosts: Ghost[] = []
  for (const [key, g] of groups) {
    if (g.citers.size < minCiters) continue
    const arxivId = mostCommon(g.refs.map((r) => r.arxivId))
    const doi = mostCommon(g.refs.map((r) => r.doi))
    ghosts.push({
      id: `ghost:${key}`,
      title: mostCommon(g.refs.map((r) => r.title)) ?? arxivId ?? doi ?? key,
      year: mostCommon(g.refs.map((r) => r.year)),
      add: arxivId ? `arxiv:${arxivId}` : doi ? `doi:${doi}` : null,
      citedBy: [...g.citers].sort()
    })
  }
  return ghosts.sort((a, b) => b.citedBy.length - a.citedBy.length || a.id.localeCompare(b.id))
}
