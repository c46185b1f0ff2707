import type { SearchInput, SectionInput } from '../../shared/contract'
import type { Passage, SearchResponse, SearchResult, SectionResult } from '../../shared/types'
import { isUserFacing, toAppError } from '../errors'
import { reciprocalRankFusion } from '../search/rrf'
import type { Retriever } from '../search/types'
import type { LabHit } from './LabStore'
import { labChunkId, labPaperId } from './LabService'

/** What the fusion needs of the lab. */
export interface LabSearch {
  /** Whether a lab is connected (a connection is saved); no network is used to answer. */
  connected(): Promise<unknown>
  search(query: string, limit: number, signal?: AbortSignal): Promise<LabHit[]>
  passage(chunkId: string): Promise<LabHit | null>
}

/**
 * Search over this library and the connected lab together: the hook in the search path.
 * @remarks Both rankings are fused by the same RRF as dense and keyword results are. A lab hit
 * on a paper this library already has (same sha256) is left out: the local copy is cited. When
 * the lab cannot be reached, the local results come back with `lab.state = 'unreachable'`
 * and the reason — never an error that hides them.
 */
export class LabRetriever implements Retriever {
  constructor(
    private readonly local: Retriever,
    private readonly lab: LabSearch,
    /** The sha256 of every paper in this library. */
    private readonly localSha256s: () => ReadonlySet<string>
  ) {}

  async search(input: SearchInput, signal?: AbortSignal): Promise<SearchResponse> {
    const { source, ...rest } = input
    // A search limited to papers of this library stays in it.
    const wanted = rest.paperIds?.length ? 'local' : (source ?? 'all')
    if (wanted === 'local' || !(await this.lab.connected().catch(() => null))) {
      return this.local.search(rest, signal)
    }
    const limit = rest.limit ?? 5
    const labSide = this.lab.search(rest.query, limit * 4, signal).then(
      (hits) => ({ ok: true as const, hits }),
      (error: unknown) => ({ ok: false as const, error })
    )
    if (wanted === 'lab') {
      const r = await labSide
      if (!r.ok) throw r.error
      return {
        query: rest.query,
        embedder: null,
        results: this.labResults(r.hits, limit),
        lab: { state: 'searched' }
      }
    }
    // This library may be empty while the lab is not: then only the lab answers.
    const localSide = await this.local.search(rest, signal).catch((e: unknown) => {
      if (isUserFacing(e, 'NOT_FOUND')) return null
      throw e
    })
    const r = await labSide
    if (!r.ok) {
      if (!isUserFacing(r.error) || !localSide) throw r.error
      const error = toAppError(r.error)
      return {
        ...localSide,
        lab: {
          state: 'unreachable',
          message: error.message,
          ...(error.key && { key: error.key }),
          ...(error.params && { params: error.params })
        }
      }
    }
    const labResults = this.labResults(r.hits, limit * 4)
    const localResults = localSide?.results ?? []
    const byId = new Map<string, SearchResult>(
      [...localResults, ...labResults].map((x) => [x.chunkId, x])
    )
    const fused = reciprocalRankFusion([
      localResults.map((x) => x.chunkId),
      labResults.map((x) => x.chunkId)
    ])
    return {
      query: rest.query,
      embedder: localSide?.embedder ?? null,
      results: fused.slice(0, limit).map((f) => ({ ...byId.get(f.id)!, score: f.score })),
      lab: { state: 'searched' }
    }
  }

  async section(input: SectionInput): Promise<SectionResult> {
    return this.local.section(input)
  }

  async passage(chunkId: string): Promise<Passage> {
    if (!chunkId.startsWith('lab-')) return this.local.passage(chunkId)
    const hit = await this.lab.passage(chunkId).catch(() => null)
    if (!hit) return this.local.passage(chunkId)
    const { score: _score, ...passage } = this.result(hit)
    return passage
  }

  private labResults(hits: LabHit[], limit: number): SearchResult[] {
    const mine = this.localSha256s()
    return hits
      .filter((h) => !mine.has(h.sha256))
      .slice(0, limit)
      .map((h) => this.result(h))
  }

  private result(h: LabHit): SearchResult {
    return {
      chunkId: labChunkId(h),
      paperId: labPaperId(h.sha256),
      title: h.title,
      page: h.page,
      section: h.section,
      score: h.score,
      text: h.text,
      ...(h.kind !== 'text' &&
        (h.kind === 'ocr' || h.kind === 'figure' || h.kind === 'table') && { kind: h.kind }),
      source: 'lab'
    }
  }
}
