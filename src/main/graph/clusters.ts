import Graph from 'graphology'
import louvain from 'graphology-communities-louvain'

/** A weighted, undirected link between two papers, for community detection. */
export interface Link {
  a: string
  b: string
  weight: number
}

/** A fixed-seed generator (mulberry32), so the same library gives the same clusters. */
function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Communities of papers (Louvain, graphology's implementation), numbered from 0 by size.
 * @remarks The only graphology import in main. A paper with no link is its own community.
 */
export function detectClusters(ids: string[], links: Link[]): Map<string, number> {
  const g = new Graph({ type: 'undirected', multi: false })
  for (const id of ids) g.addNode(id)
  for (const l of links) {
    if (l.a === l.b || !g.hasNode(l.a) || !g.hasNode(l.b)) continue
    if (g.hasEdge(l.a, l.b)) g.updateEdgeAttribute(l.a, l.b, 'weight', (w) => (w ?? 0) + l.weight)
    else g.addEdge(l.a, l.b, { weight: l.weight })
  }
  const raw = g.size > 0 ? louvain(g, { getEdgeWeight: 'weight', rng: seeded(34) }) : {}
  let next = Math.max(-1, ...Object.values(raw)) + 1
  const community = new Map<string, number>()
  for (const id of ids) community.set(id, raw[id] ?? next++)
  // Renumber by size (largest first), ties by first member, so numbers are stable and readable.
  const members = new Map<number, string[]>()
  for (const [id, c] of community) members.set(c, [...(members.get(c) ?? []), id])
  const order = [...members.entries()].sort(
    (x, y) => y[1].length - x[1].length || x[1][0]!.localeCompare(y[1][0]!)
  )
  const renumber = new Map(order.map(([c], i) => [c, i]))
  return new Map([...community].map(([id, c]) => [id, renumber.get(c)!]))
}
