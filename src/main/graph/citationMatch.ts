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

/**
 * Library titles by their first {@link MIN_TITLE} characters, then by length, then whole, for
 * scanning reference lists.
 * @remarks The length level keeps a scan position's cost at one lookup per distinct title length
 * under its prefix, not one comparison per title: titles that share a long start ("Synthetic
 * paper …", a series "Proceedings of the …") would otherwise make each position compare with
 * all of them (a 10,000-paper map took 140 s to match, most of it there).
 */
type TitleIndex = Map<string, Map<number, Map<string, string[]>>>

function titleIndex(papers: Paper[]): TitleIndex {
  const index: TitleIndex = new Map()
  for (const p of papers)
    for (const form of titleForms(p.title)) {
      const key = form.slice(0, MIN_TITLE)
      let byLength = index.get(key)
      if (!byLength) index.set(key, (byLength = new Map()))
      let forms = byLength.get(form.length)
      if (!forms) byLength.set(form.length, (forms = new Map()))
      const ids = forms.get(form)
      if (ids) ids.push(p.id)
      else forms.set(form, [p.id])
    }
  return index
}

/**
 * Which library papers each paper cites: by arXiv id or DOI printed in its reference list, or
 * by the cited paper's title appearing there.
 * @remarks Matching the library's own titles inside the whole reference list does not depend
 * on where one entry ends and the next begins (the entry splitter's guess); the cost is a title
 * found inside a longer one, which {@link MIN_TITLE} keeps rare. Each list is scanned once
 * against an index of the titles, so the cost grows with the lists, not with papers squared.
 */
export function matchCitations(papers: Paper[], facts: Map<string, PaperFacts>): Citation[] {
  const out: Citation[] = []
  const index = titleIndex(papers)
  const byArxiv = new Map(papers.filter((p) => p.arxivId).map((p) => [p.arxivId!, p.id]))
  const byDoi = new Map(papers.filter((p) => p.doi).map((p) => [p.doi!.toLowerCase(), p.id]))
  const byArxivForm = new Map(
    papers
      .filter((p) => p.arxivId)
      .map((p) => [p.arxivId!.replace(/[^0-9a-z]/gi, '').toLowerCase(), p.id])
  )
  for (const a of papers) {
    const f = facts.get(a.id)
    if (!f || !f.refs) continue
    const found = new Map<string, Citation['match']>()
    const note = (id: string | undefined, match: Citation['match']): void => {
      if (id && id !== a.id && !found.has(id)) found.set(id, match)
    }
    for (const e of f.entries) note(e.arxivId ? byArxiv.get(e.arxivId) : undefined, 'arxiv')
    // arXiv ids printed as `arXiv:1810.04805` or `abs/1810.04805` (compacted: no dots).
    for (const m of f.refs.matchAll(/(?:arxiv|abs)(\d{8,9})/g))
      note(byArxivForm.get(m[1]!), 'arxiv')
    for (const e of f.entries) note(e.doi ? byDoi.get(e.doi) : undefined, 'doi')
    for (let i = 0; i + MIN_TITLE <= f.refs.length; i++) {
      const byLength = index.get(f.refs.slice(i, i + MIN_TITLE))
      if (!byLength) continue
      for (const [length, forms] of byLength) {
        if (i + length > f.refs.length) continue
        for (const id of forms.get(f.refs.slice(i, i + length)) ?? []) note(id, 'title')
      }
    }
    for (const [target, match] of found) out.push({ source: a.id, target, match })
  }
  return out
}

/** Tells whether a parsed reference names a library paper (so it is no ghost). */
function libraryLookup(papers: Paper[]): (r: CachedReference) => boolean {
  const arxiv = new Set(papers.map((p) => p.arxivId).filter(Boolean))
  const dois = new Set(papers.map((p) => p.doi?.toLowerCase()).filter(Boolean))
  const forms = new Set<string>()
  const prefixes = new Set<string>()
  const lengths = new Set<number>()
  for (const p of papers)
    for (const t of titleForms(p.title)) {
      forms.add(t)
      lengths.add(t.length)
      for (let n = MIN_TITLE; n <= t.length; n++) prefixes.add(t.slice(0, n))
    }
  return (r) => {
    if ((r.arxivId && arxiv.has(r.arxivId)) || (r.doi && dois.has(r.doi))) return true
    if (!r.title) return false
    const k = compact(r.title)
    // The entry's title is a library title, begins with one, or is the start of one.
    if (prefixes.has(k)) return true
    for (const n of lengths) if (n <= k.length && forms.has(k.slice(0, n))) return true
    return false
  }
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
  const inLibrary = libraryLookup(papers)
  const groups = new Map<string, { refs: CachedReference[]; citers: Set<string> }>()
  for (const p of papers) {
    for (const r of facts.get(p.id)?.entries ?? []) {
      if (inLibrary(r)) continue
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
