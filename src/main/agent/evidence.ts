import type { ChunkKind, Region, SearchResult, SectionResult } from '../../shared/types'

/** One passage the model was shown, under the id it cites it by. */
export interface EvidencePassage {
  /** The chunk id, or `{paperId}-section-{name}` for a whole section. */
  id: string
  paperId: string
  title: string
  page: number
  section: string
  text: string
  /** False for a section: its text may run over several pages, so only its start is cited. */
  singlePage: boolean
  /** The (English) query that found it; helps pick the snippet when the answer is not English. */
  query: string
  /** Absent on text passages. */
  kind?: ChunkKind
  /** A figure's or table's region on its page. */
  region?: Region
}

/**
 * Every passage the tools returned during one answer, in the order first seen.
 * @remarks Citations are resolved against this set only, so an id the model made up (or
 * mangled) never becomes a citation.
 */
export class EvidenceSet {
  private readonly byId = new Map<string, EvidencePassage>()

  /** Records search hits for `query`; returns them as passages. */
  addSearchResults(results: readonly SearchResult[], query: string): EvidencePassage[] {
    return results.map((r) =>
      this.add({
        id: r.chunkId,
        paperId: r.paperId,
        title: r.title,
        page: r.page,
        section: r.section,
        text: r.text,
        singlePage: true,
        query,
        ...(r.kind && { kind: r.kind }),
        ...(r.region && { region: r.region })
      })
    )
  }

  /** Records a section's text under a citable id. */
  addSection(section: SectionResult, title: string): EvidencePassage {
    const slug = section.section
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    return this.add({
      id: `${section.paperId}-section-${slug || 'text'}`,
      paperId: section.paperId,
      title,
      page: section.pages[0] ?? 1,
      section: section.section,
      text: section.text,
      singlePage: section.pages.length <= 1,
      query: section.section
    })
  }

  /**
   * Records a page the model looked at as an image, citable as `{paperId}-page-{n}-image`.
   * @remarks Its citation highlights the whole page: what the model read is on the image.
   */
  addPageImage(paperId: string, title: string, page: number): EvidencePassage {
    return this.add({
      id: `${paperId}-page-${page}-image`,
      paperId,
      title,
      page,
      section: 'page image',
      text: `Page ${page}, viewed as an image`,
      singlePage: true,
      query: '',
      kind: 'figure',
      region: { x: 0, y: 0, width: 1, height: 1 }
    })
  }

  get(id: string): EvidencePassage | undefined {
    return this.byId.get(id)
  }

  all(): EvidencePassage[] {
    return [...this.byId.values()]
  }

  /** Forgets every passage not in `ids` (those the model was not shown after trimming). */
  retain(ids: ReadonlySet<string>): void {
    for (const id of [...this.byId.keys()]) if (!ids.has(id)) this.byId.delete(id)
  }

  get size(): number {
    return this.byId.size
  }

  private add(passage: EvidencePassage): EvidencePassage {
    const known = this.byId.get(passage.id)
    if (known) return known
    this.byId.set(passage.id, passage)
    return passage
  }
}
