import type { CitationGraph, GraphEdge, GraphNode } from '../../../../shared/graph'

/** What the map shows: a collection, a year range and words of a title or author. */
export interface MapFilter {
  collectionId: string
  fromYear: number | null
  toYear: number | null
  search: string
  /** Works several papers cite that are not in the library. */
  ghosts: boolean
}

/** Shows everything. */
export const NO_FILTER: MapFilter = {
  collectionId: '',
  fromYear: null,
  toYear: null,
  search: '',
  ghosts: true
}

/** Colours of the clusters (a colour-blind-safe palette, Okabe-Ito), repeated past eight. */
const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#f0e442',
  '#7f7f7f'
]

/** A cluster's colour. */
export function clusterColour(cluster: number): string {
  return PALETTE[cluster % PALETTE.length]!
}

/** What the nodes' colours tell: the detected cluster, or the paper's collection. */
export type ColourBy = 'cluster' | 'collection'

/** The colour of a paper in no collection, and of a missing work coloured by collection. */
export const NO_COLLECTION_COLOUR = '#9e9e9e'

/**
 * How each node is coloured: by its cluster, or by the first of its collections in the order
 * the library lists them (`collectionIds`), grey when it is in none.
 */
export function nodeColours(
  by: ColourBy,
  collectionIds: readonly string[]
): (n: GraphNode) => string {
  if (by === 'cluster') return (n) => clusterColour(n.cluster)
  const rank = new Map(collectionIds.map((id, i) => [id, i]))
  return (n) => {
    const first = Math.min(...n.collectionIds.map((id) => rank.get(id) ?? Infinity))
    return Number.isFinite(first) ? clusterColour(first) : NO_COLLECTION_COLOUR
  }
}

/** A node's drawn radius: by how many library papers cite it. */
export function nodeSize(n: GraphNode): number {
  return (n.kind === 'ghost' ? 3 : 5) + 2.2 * Math.sqrt(n.citedBy)
}

/** The nodes and edges the filter keeps (a ghost stays while a kept paper cites it). */
export function filterGraph(
  g: CitationGraph,
  f: MapFilter
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const words = f.search.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const keepPaper = (n: GraphNode): boolean =>
    (!f.collectionId || n.collectionIds.includes(f.collectionId)) &&
    (f.fromYear === null || (n.year !== null && n.year >= f.fromYear)) &&
    (f.toYear === null || (n.year !== null && n.year <= f.toYear)) &&
    words.every((w) => `${n.title} ${n.authors.join(' ')} ${n.id}`.toLowerCase().includes(w))
  const papers = new Set(g.nodes.filter((n) => n.kind === 'paper' && keepPaper(n)).map((n) => n.id))
  const cited = new Set(
    g.edges
      .filter((e) => papers.has(e.source) && e.target.startsWith('ghost:'))
      .map((e) => e.target)
  )
  const kept = g.nodes.filter((n) => papers.has(n.id) || (f.ghosts && cited.has(n.id)))
  const ids = new Set(kept.map((n) => n.id))
  return { nodes: kept, edges: g.edges.filter((e) => ids.has(e.source) && ids.has(e.target)) }
}

/** A start position on a circle per cluster, stable for a node id, for the layout to refine. */
export function seedPosition(id: string, cluster: number): { x: number; y: number } {
  let h = 2166136261
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619)
  const r = ((h >>> 0) % 1000) / 1000
  const angle = cluster * 2.399963 // the golden angle: clusters spread around the centre
  return {
    x: Math.cos(angle) * (10 + cluster * 2) + Math.cos(r * 6.283) * 5,
    y: Math.sin(angle) * (10 + cluster * 2) + Math.sin(r * 6.283) * 5
  }
}
