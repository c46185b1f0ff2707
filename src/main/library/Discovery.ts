import type { Paper } from '../../shared/types'
import type { PaperText } from '../domain'
import { UserFacingError } from '../errors'
import type { Retriever } from '../search/types'
import { parseReferences, titleKey, type Reference } from './references'

/** A paper of the library like another one, and the passage that shows it. */
export interface RelatedPaper {
  paperId: string
  title: string
  score: number
  passage: string
}

/** What {@link Discovery} reads. */
export interface DiscoveryDeps {
  papers: () => Paper[]
  paperText: (id: string) => Promise<PaperText>
  retriever: Retriever
}

/**
 * Finding your way from one paper: the library's papers most like it, and the references it
 * cites that the library does not have.
 */
export class Discovery {
  constructor(private readonly deps: DiscoveryDeps) {}

  /**
   * The papers most like this one: its title and abstract searched through the same hybrid
   * retrieval as questions (vectors when the model is there, else keywords), by paper.
   */
  async related(paperId: string, limit = 5): Promise<{ related: RelatedPaper[]; mode: string }> {
    const p = this.paper(paperId)
    const text = await this.deps.paperText(paperId).catch(() => null)
    // A metadata-only paper has no text: its abstract (when the import had one) stands in.
    const abstract = (text?.pages[0]?.text ?? p.abstract ?? '').slice(0, 1500)
    const query = `${p.title}. ${abstract}`.slice(0, 1900)
    const others = this.deps
      .papers()
      .filter((x) => x.id !== paperId && x.status === 'indexed')
      .map((x) => x.id)
    if (!others.length) return { related: [], mode: 'none' }
    const r = await this.deps.retriever.search({ query, limit: 50, paperIds: others })
    const best = new Map<string, RelatedPaper>()
    for (const hit of r.results) {
      const cur = best.get(hit.paperId)
      if (cur) cur.score += hit.score * 0.25
      else
        best.set(hit.paperId, {
          paperId: hit.paperId,
          title: hit.title,
          score: hit.score,
          passage: hit.text.slice(0, 200)
        })
    }
    return {
      related: [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit),
      mode: r.embedder ? `vectors (${r.embedder}) and keywords` : 'keywords'
    }
  }

  /**
   * The references this paper cites that are not in the library, with how to add each, and
   * those the library holds only as metadata-only papers (in the library, no PDF yet).
   */
  async missingReferences(paperId: string): Promise<{
    total: number
    missing: (Reference & { add: string | null })[]
    withoutPdf: { paperId: string; title: string }[]
  }> {
    const text = await this.deps.paperText(paperId)
    const refs = parseReferences(text.pages.map((pg) => pg.text).join('\n'))
    const library = this.deps.papers().filter((p) => p.id !== paperId)
    const titles = library
      .map((p) => ({ p, key: titleKey(p.title) }))
      .filter((t) => t.key.length >= 12)
    const held = (r: Reference): Paper | undefined => {
      const byId = library.find(
        (p) => (r.arxivId && p.arxivId === r.arxivId) || (r.doi && p.doi === r.doi)
      )
      if (byId || !r.title) return byId
      const k = titleKey(r.title)
      return titles.find(
        (t) => t.key === k || (k.length >= 12 && (t.key.startsWith(k) || k.startsWith(t.key)))
      )?.p
    }
    const withoutPdf = new Map<string, { paperId: string; title: string }>()
    const missing = refs
      .filter((r) => {
        const p = held(r)
        if (p?.status === 'metadata') withoutPdf.set(p.id, { paperId: p.id, title: p.title })
        return !p
      })
      .map((r) => ({
        ...r,
        add: r.arxivId ? `arxiv:${r.arxivId}` : r.doi ? `doi:${r.doi}` : null
      }))
    return { total: refs.length, missing, withoutPdf: [...withoutPdf.values()] }
  }

  private paper(id: string): Paper {
    const p = this.deps.papers().find((x) => x.id === id)
    if (!p) throw new UserFacingError('NOT_FOUND', { key: 'noSuchPaper', params: { id } })
    return p
  }
}
