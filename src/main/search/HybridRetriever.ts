import type { z } from 'zod'
import {
  SearchInputSchema,
  SectionInputSchema,
  type SearchInput,
  type SectionInput
} from '../../shared/contract'
import type {
  Paper,
  Passage,
  SearchResponse,
  SearchResult,
  SectionResult
} from '../../shared/types'
import type { PaperText } from '../domain'
import { describeIssues, isUserFacing, throwIfAborted, UserFacingError } from '../errors'
import { questionNameKeys } from './introducedNames'
import { abstractPages, asksForQuantity, proximityRerank } from './proximity'
import { namedPapers, pageOf, referenceOnlyPages, rerank } from './rerank'
import { reciprocalRankFusion } from './rrf'
import { extractSection } from './sectionText'
import { queryTerms } from './tokenizer'
import type { ChunkSource, EmbedderProvider, KeywordIndex, Retriever, VectorStore } from './types'

/** What the retriever needs. */
export interface HybridRetrieverDeps {
  vectors: VectorStore
  keywords: KeywordIndex & ChunkSource
  embedder: EmbedderProvider
  /**
   * The ids in the catalog. Called on every search: it must not copy the catalog's records
   * (cloning 12,500 papers took ~50 ms a search at 1M chunks).
   */
  paperIds: () => string[]
  /** One paper of the catalog (titles, sections), or undefined when there is none. */
  paper: (id: string) => Paper | undefined
  /** `pages/<paperId>.json` of a paper. */
  paperText: (paperId: string) => Promise<PaperText>
}

/** Default number of results. */
export const DEFAULT_LIMIT = 5
/** How deep each ranking is read before fusion, at least. */
const MIN_DEPTH = 50
/** How many of the fused candidates are re-ranked by proximity (their text is read). */
const PROXIMITY_DEPTH = 20

/**
 * search_documents and extract_section: dense + BM25 fused by reciprocal rank fusion.
 * @remarks Without the model (or when the stored vectors come from another embedder) the search
 * is keyword-only and the response's `embedder` is null. Input is validated here as well as at
 * the IPC boundary, because the agent and the CLI call this directly.
 */
export class HybridRetriever implements Retriever {
  constructor(private readonly deps: HybridRetrieverDeps) {}

  async search(input: SearchInput, signal?: AbortSignal): Promise<SearchResponse> {
    const parsed = SearchInputSchema.safeParse(input)
    if (!parsed.success) throw invalid('search', parsed.error)
    const { query, paperIds } = parsed.data
    const limit = parsed.data.limit ?? DEFAULT_LIMIT
    const known = paperIds ? paperIds.map((id) => this.deps.paper(id)) : []
    const unknown = (paperIds ?? []).filter((_, i) => !known[i])
    if (unknown.length > 0) {
      throw new UserFacingError('NOT_FOUND', {
        key: 'noSuchPapers',
        params: { ids: unknown.join(', ') }
      })
    }
    const scope = paperIds ? [...new Set(paperIds)] : this.deps.paperIds()
    const { keywords, vectors } = this.deps
    if (!scope.some((id) => keywords.hasPaper(id) || vectors.hasPaper(id))) {
      // References kept without a PDF are never searched: say that, not "not indexed yet".
      const noPdf = paperIds && known.every((p) => p?.status === 'metadata')
      throw new UserFacingError(
        'NOT_FOUND',
        noPdf
          ? { key: 'scopeHasNoPdf' }
          : paperIds
            ? { key: 'noneOfIndexed', params: { ids: scope.join(', ') } }
            : { key: 'nothingIndexed' }
      )
    }
    const depth = Math.max(MIN_DEPTH, limit * 4)
    const terms = queryTerms(query)
    const titleOf = (id: string): string | undefined => this.deps.paper(id)?.title
    const introducing = new Set(
      keywords.papersIntroducing?.(questionNameKeys(query), paperIds ? scope : undefined) ?? []
    )
    const named = namedPapers(terms, scope, titleOf, introducing)
    const keywordHits = keywords.query(query, depth, scope, named)
    const dense = await this.dense(query, depth, scope, signal)
    throwIfAborted(signal, { key: 'cancelledSearch' })
    if (!dense && terms.length === 0) {
      throw new UserFacingError('INVALID_INPUT', {
        key: 'noSearchableWords',
        params: { query: query.slice(0, 80) }
      })
    }
    const fused = dense
      ? reciprocalRankFusion([dense.ids, keywordHits.map((h) => h.chunkId)])
      : keywordHits.map((h) => ({ id: h.chunkId, score: h.score }))
    const ranked = this.byProximity(
      rerank(fused, terms, paperOfChunk, titleOf, (id) => this.referencePages(id), introducing),
      query,
      terms
    )
    return {
      query,
      embedder: dense ? dense.embedderId : null,
      results: this.results(onePerPageFirst(ranked), limit)
    }
  }

  /**
   * The first {@link PROXIMITY_DEPTH} candidates re-ranked by where the question's terms sit in
   * them ({@link proximityRerank}); the rest follow in their order.
   * @remarks Reads the candidates' text from the keyword index (the papers of the first pass
   * are mostly those pseudo-relevance feedback has just read).
   */
  private byProximity(
    ranked: { id: string; score: number }[],
    query: string,
    terms: readonly string[]
  ): { id: string; score: number }[] {
    const { keywords } = this.deps
    if (!keywords.termWeights || !keywords.chunkTerms || terms.length === 0) return ranked
    const head = ranked.slice(0, PROXIMITY_DEPTH)
    const wanted = new Set(terms)
    const chunkTerms = keywords.chunkTerms(head.map((r) => r.id))
    const reranked = proximityRerank(head, {
      weights: keywords.termWeights([...wanted]),
      quantity: asksForQuantity(query),
      termsOf: (id) => chunkTerms.get(id),
      placeOf: (id) => {
        const paperId = paperOfChunk(id)
        const page = pageOf(id)
        return paperId !== undefined && page !== null ? { paperId, page } : null
      },
      onAbstract: (id) => {
        const paperId = paperOfChunk(id)
        const page = pageOf(id)
        return paperId !== undefined && page !== null && this.abstractPages(paperId).has(page)
      }
    })
    return [...reranked, ...ranked.slice(PROXIMITY_DEPTH)]
  }

  /** A paper's abstract pages (memoised per catalog record). */
  private abstractPages(paperId: string): ReadonlySet<number> {
    const paper = this.deps.paper(paperId)
    if (!paper) return new Set()
    let pages = this.abstracts.get(paper)
    if (!pages) this.abstracts.set(paper, (pages = abstractPages(paper.sections ?? [])))
    return pages
  }

  private readonly abstracts = new WeakMap<Paper, Set<number>>()

  /** A paper's pages that only its reference list covers (memoised per catalog record). */
  private referencePages(paperId: string): ReadonlySet<number> {
    const paper = this.deps.paper(paperId)
    if (!paper) return new Set()
    let pages = this.references.get(paper)
    if (!pages) this.references.set(paper, (pages = referenceOnlyPages(paper.sections ?? [])))
    return pages
  }

  private readonly references = new WeakMap<Paper, Set<number>>()

  async passage(chunkId: string): Promise<Passage> {
    const [c] = this.deps.keywords.getChunks([chunkId])
    const paper = c && this.deps.paper(c.paperId)
    if (!c || !paper) {
      const paperId = chunkId.replace(/-page-\d+-chunk-\d+$/, '')
      throw new UserFacingError('NOT_FOUND', {
        key: this.deps.paper(paperId) ? 'noSuchPassage' : 'noPassageNoPaper',
        params: { paperId, chunkId }
      })
    }
    return {
      chunkId: c.id,
      paperId: c.paperId,
      title: paper.title,
      page: c.page,
      section: c.section,
      text: c.text
    }
  }

  async section(input: SectionInput): Promise<SectionResult> {
    const parsed = SectionInputSchema.safeParse(input)
    if (!parsed.success) throw invalid('section', parsed.error)
    const paper = this.deps.paper(parsed.data.paperId)
    if (!paper) {
      throw new UserFacingError('NOT_FOUND', {
        key: 'noSuchPapers',
        params: { ids: parsed.data.paperId }
      })
    }
    let text: PaperText
    try {
      text = await this.deps.paperText(paper.id)
    } catch (cause) {
      if (isUserFacing(cause)) throw cause
      throw new UserFacingError(
        'NOT_FOUND',
        { key: 'paperTextUnavailable', params: { id: paper.id, title: paper.title } },
        { cause }
      )
    }
    return extractSection(paper, text, parsed.data.section)
  }

  /** The dense ranking, or null when there is no usable embedder or no matching vectors. */
  private async dense(
    query: string,
    depth: number,
    scope: string[],
    signal?: AbortSignal
  ): Promise<{ ids: string[]; embedderId: string } | null> {
    const { vectors } = this.deps
    if (vectors.count() === 0) return null
    const embedder = await this.deps.embedder.current()
    if (!embedder || embedder.id !== vectors.embedderId()) return null
    let vector: Float32Array | undefined
    try {
      ;[vector] = await embedder.embed([query], signal)
    } catch (e) {
      // A failing model must not take search down: fall back to keywords (embedder: null).
      if (isUserFacing(e, 'CANCELLED') || signal?.aborted) throw e
      console.warn(`Query embedding failed, searching by keywords only: ${(e as Error).message}`)
      return null
    }
    if (!vector) return null
    const hits = await vectors.query(vector, depth, scope)
    return { ids: hits.map((h) => h.chunkId), embedderId: embedder.id }
  }

  private results(ranked: { id: string; score: number }[], limit: number): SearchResult[] {
    const out: SearchResult[] = []
    const catalog = new Map<string, Paper | undefined>()
    // Chunks whose text is gone (a vector left over from a removed paper) are skipped.
    for (let at = 0; at < ranked.length && out.length < limit; at += limit) {
      const window = ranked.slice(at, at + limit)
      const chunks = new Map(
        this.deps.keywords.getChunks(window.map((r) => r.id)).map((c) => [c.id, c])
      )
      for (const r of window) {
        const c = chunks.get(r.id)
        if (c && !catalog.has(c.paperId)) catalog.set(c.paperId, this.deps.paper(c.paperId))
        const paper = c ? catalog.get(c.paperId) : undefined
        if (!c || !paper || out.length >= limit) continue
        out.push({
          chunkId: c.id,
          paperId: c.paperId,
          title: paper.title,
          page: c.page,
          section: c.section,
          score: r.score,
          text: c.text,
          ...(c.kind && c.kind !== 'text' && { kind: c.kind }),
          ...(c.region && { region: c.region })
        })
      }
    }
    return out
  }
}

function invalid(what: 'search' | 'section', error: z.ZodError): UserFacingError {
  return new UserFacingError('INVALID_INPUT', {
    key: what === 'search' ? 'invalidSearch' : 'invalidSection',
    params: { detail: describeIssues(error) }
  })
}

/**
 * Moves repeats of an already ranked page behind every first-of-its-page chunk.
 * @remarks Chunks of one page overlap and the page is what a citation opens, so five results
 * on five pages give the reader (and the agent) more distinct evidence than two on one page.
 */
/** The paper id in a chunk id (`<paperId>-page-<n>-...`). */
function paperOfChunk(chunkId: string): string | undefined {
  const cut = chunkId.lastIndexOf('-page-')
  return cut > 0 ? chunkId.slice(0, cut) : undefined
}

function onePerPageFirst(ranked: { id: string; score: number }[]): { id: string; score: number }[] {
  const seen = new Set<string>()
  const first: { id: string; score: number }[] = []
  const repeats: { id: string; score: number }[] = []
  for (const r of ranked) {
    // Text, figure and table chunks of one page count as that page.
    const page = r.id.replace(/-(chunk|figure|table)-[^-]+$/, '')
    ;(seen.has(page) ? repeats : first).push(r)
    seen.add(page)
  }
  return [...first, ...repeats]
}
