import { join } from 'node:path'
import type { CitationGraph } from '../../shared/graph'
import type { Paper } from '../../shared/types'
import type { PaperText } from '../domain'
import { buildGraph } from './buildGraph'
import { openGraphCache, saveGraphCache } from './graphCache'
import { fingerprint, readFacts, type PaperFacts } from './paperFacts'

/** What {@link CitationGraphService} reads. */
export interface CitationGraphDeps {
  papers: () => Paper[]
  paperText: (id: string) => Promise<PaperText>
  /** The cache file; null when this process only reads the library (nothing is written). */
  cacheFile: string | null
  /** Where the cache would be read from when it is not written (read-only processes). */
  readFrom?: string
  log?: (message: string) => void
}

/**
 * The library's citation map, kept up to date as papers come and go.
 * @remarks Each paper's text is read once (references and keywords, cached in `graph.json`
 * with the paper's fingerprint); a paper added or re-indexed is read on the next call, a
 * removed one leaves the cache. The edges and clusters are recomputed from the cached facts,
 * which costs milliseconds at library sizes.
 */
export class CitationGraphService {
  private facts: Map<string, PaperFacts> | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly deps: CitationGraphDeps) {}

  /** The map of the indexed papers, or of one collection's. */
  graph(options: { collectionId?: string | null } = {}): Promise<CitationGraph> {
    const run = this.queue.then(() => this.compute(options.collectionId ?? null))
    this.queue = run.catch(() => undefined)
    return run
  }

  private async compute(collectionId: string | null): Promise<CitationGraph> {
    const facts = await this.open()
    const papers = this.deps.papers().filter((p) => p.status === 'indexed')
    let changed = false
    const present = new Set(papers.map((p) => p.id))
    for (const id of [...facts.keys()]) {
      if (!present.has(id)) {
        facts.delete(id)
        changed = true
      }
    }
    for (const p of papers) {
      if (facts.get(p.id)?.fingerprint === fingerprint(p)) continue
      const text = await this.deps.paperText(p.id).catch(() => null)
      if (!text) continue
      facts.set(p.id, readFacts(p, text))
      changed = true
    }
    if (changed && this.deps.cacheFile) await saveGraphCache(this.deps.cacheFile, facts)
    const shown = collectionId
      ? papers.filter((p) => p.collectionIds.includes(collectionId))
      : papers
    return buildGraph(shown, facts)
  }

  private async open(): Promise<Map<string, PaperFacts>> {
    if (this.facts) return this.facts
    const file = this.deps.cacheFile ?? this.deps.readFrom
    if (!file) return (this.facts = new Map())
    const opened = await openGraphCache(file, !this.deps.cacheFile)
    if (opened.putAside)
      this.deps.log?.(`graph cache unreadable, rebuilt (kept as ${opened.putAside})`)
    this.facts = opened.papers
    return this.facts
  }
}

/** Where a library keeps its map's cache. */
export function graphFile(root: string): string {
  return join(root, 'graph.json')
}
