import type { CitationGraph, GraphEdge, GraphNode } from '../../shared/graph'
import type { Paper } from '../../shared/types'
import { findGhosts, matchCitations } from './citationMatch'
import { detectClusters } from './clusters'
import type { PaperFacts } from './paperFacts'
import { alikePairs, tfidf } from './similarity'

/**
 * The citation map of these papers from their cached facts: citation edges, ghost nodes for
 * works at least two of them cite, similarity edges between papers with no citation either
 * way, and Louvain clusters over both kinds of edge.
 */
export function buildGraph(papers: Paper[], facts: Map<string, PaperFacts>): CitationGraph {
  const citations = matchCitations(papers, facts)
  const ghosts = findGhosts(papers, facts)
  const linked = new Set(
    citations.flatMap((c) => [`${c.source}|${c.target}`, `${c.target}|${c.source}`])
  )
  const mine = new Map([...facts].filter(([id]) => papers.some((p) => p.id === id)))
  const alike = alikePairs(tfidf(mine), (a, b) => linked.has(`${a}|${b}`))
  const cluster = detectClusters(
    papers.map((p) => p.id),
    [
      ...citations.map((c) => ({ a: c.source, b: c.target, weight: 1 })),
      ...alike.map((s) => ({ a: s.a, b: s.b, weight: s.score }))
    ]
  )
  const citedBy = new Map<string, number>()
  for (const c of citations) citedBy.set(c.target, (citedBy.get(c.target) ?? 0) + 1)
  const nodes: GraphNode[] = papers.map((p) => ({
    id: p.id,
    kind: 'paper',
    title: p.title,
    authors: p.authors,
    year: p.year,
    collectionIds: p.collectionIds,
    citedBy: citedBy.get(p.id) ?? 0,
    cluster: cluster.get(p.id)!,
    add: null
  }))
  for (const g of ghosts) {
    const votes = new Map<number, number>()
    for (const c of g.citedBy) votes.set(cluster.get(c)!, (votes.get(cluster.get(c)!) ?? 0) + 1)
    const top = [...votes].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]![0]
    nodes.push({
      id: g.id,
      kind: 'ghost',
      title: g.title,
      authors: [],
      year: g.year,
      collectionIds: [],
      citedBy: g.citedBy.length,
      cluster: top,
      add: g.add
    })
  }
  const edges: GraphEdge[] = [
    ...citations.map((c) => ({ ...c, kind: 'cites' as const, weight: 1 })),
    ...ghosts.flatMap((g) =>
      g.citedBy.map((s) => ({
        source: s,
        target: g.id,
        kind: 'cites' as const,
        match: null,
        weight: 1
      }))
    ),
    ...alike.map((s) => ({
      source: s.a,
      target: s.b,
      kind: 'similar' as const,
      match: null,
      weight: Math.round(s.score * 1000) / 1000
    }))
  ]
  const vectors = tfidf(mine)
  const clusters = [...new Set(cluster.values())]
    .sort((a, b) => a - b)
    .map((id) => {
      const paperIds = papers.filter((p) => cluster.get(p.id) === id).map((p) => p.id)
      const weight = new Map<string, number>()
      for (const pid of paperIds)
        for (const [w, x] of vectors.get(pid) ?? []) weight.set(w, (weight.get(w) ?? 0) + x)
      const label = [...weight]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([w]) => w)
        .join(', ')
      return { id, size: paperIds.length, label, paperIds }
    })
  return { nodes, edges, clusters, similarity: 'keywords' }
}
