// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { CitationGraph, GraphNode } from '../../../../src/shared/graph'
import { toGraphml, toSvg } from '../../../../src/renderer/src/features/map/mapExport'
import {
  clusterColour,
  filterGraph,
  nodeColours,
  NO_COLLECTION_COLOUR,
  NO_FILTER
} from '../../../../src/renderer/src/features/map/mapView'

const node = (id: string, year: number | null, extra: Partial<GraphNode> = {}): GraphNode => ({
  id,
  kind: 'paper',
  title: `Paper ${id}`,
  authors: ['Ada Lovelace'],
  year,
  collectionIds: [],
  citedBy: 0,
  cluster: 0,
  add: null,
  ...extra
})

const GRAPH: CitationGraph = {
  nodes: [
    node('a', 2017, { collectionIds: ['c1'] }),
    node('b', 2019),
    node('ghost:x', 2015, { kind: 'ghost', title: 'Adam & <friends>', add: 'arxiv:1412.6980' })
  ],
  edges: [
    { source: 'b', target: 'a', kind: 'cites', match: 'title', weight: 1 },
    { source: 'b', target: 'ghost:x', kind: 'cites', match: null, weight: 1 }
  ],
  clusters: [{ id: 0, size: 2, label: 'x', paperIds: ['a', 'b'] }],
  similarity: 'keywords'
}

describe('the map filter and export', () => {
  it('keeps a missing work only while a shown paper cites it, and edges between shown nodes', () => {
    const only2017 = filterGraph(GRAPH, { ...NO_FILTER, toYear: 2018 })
    expect(only2017.nodes.map((n) => n.id)).toEqual(['a'])
    expect(only2017.edges).toEqual([])
    const byCollection = filterGraph(GRAPH, { ...NO_FILTER, collectionId: 'c1' })
    expect(byCollection.nodes.map((n) => n.id)).toEqual(['a'])
    const all = filterGraph(GRAPH, NO_FILTER)
    expect(all.nodes.map((n) => n.id)).toEqual(['a', 'b', 'ghost:x'])
    expect(filterGraph(GRAPH, { ...NO_FILTER, ghosts: false }).nodes).toHaveLength(2)
    expect(filterGraph(GRAPH, { ...NO_FILTER, search: 'paper b' }).nodes.map((n) => n.id)).toEqual([
      'b',
      'ghost:x'
    ])
  })

  it('writes GraphML with every node and edge, titles escaped', () => {
    const xml = toGraphml(GRAPH.nodes, GRAPH.edges)
    // happy-dom's XML parser refuses GraphML's dotted attribute names (attr.name), so this
    // counts elements instead of parsing.
    expect(xml.match(/<node id=/g)).toHaveLength(3)
    expect(xml.match(/<edge id=/g)).toHaveLength(2)
    expect(xml).toContain('<node id="ghost:x">')
    expect(xml).toContain('<data key="node_add">arxiv:1412.6980</data>')
    expect(xml).toContain('Adam &amp; &lt;friends&gt;')
    expect(xml).not.toContain('<friends>')
  })

  it('colours by cluster, or by the first collection in the library order, grey in none', () => {
    const [a, b] = GRAPH.nodes as [GraphNode, GraphNode]
    const byCluster = nodeColours('cluster', ['c0', 'c1'])
    expect(byCluster(a)).toBe(clusterColour(0))
    const byCollection = nodeColours('collection', ['c0', 'c1'])
    expect(byCollection(a)).toBe(clusterColour(1))
    expect(byCollection(b)).toBe(NO_COLLECTION_COLOUR)
    // Two collections: the one listed first decides, whatever order the paper lists them in.
    expect(byCollection({ ...a, collectionIds: ['c1', 'c0'] })).toBe(clusterColour(0))
  })

  it('writes SVG with each node at its laid-out place, titles escaped, missing works dashed', () => {
    const at: Record<string, { x: number; y: number }> = {
      a: { x: 0, y: 0 },
      b: { x: 10, y: 10 },
      'ghost:x': { x: 10, y: 0 }
    }
    const svg = toSvg(
      GRAPH.nodes,
      GRAPH.edges,
      (id) => at[id],
      () => '#123456',
      '#fff',
      200,
      100
    )
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml')
    const circles = [...doc.querySelectorAll('circle')]
    expect(circles).toHaveLength(3)
    expect(doc.querySelectorAll('line')).toHaveLength(2)
    // Fitted 40 px from the edges (scale 2, the height decides), y up: a bottom left, b above.
    expect([circles[0]!.getAttribute('cx'), circles[0]!.getAttribute('cy')]).toEqual(['40', '60'])
    expect([circles[1]!.getAttribute('cx'), circles[1]!.getAttribute('cy')]).toEqual(['60', '40'])
    expect(circles[2]!.getAttribute('fill')).toBe('none')
    expect(circles[2]!.getAttribute('stroke-dasharray')).toBe('3 2')
    expect(circles[0]!.getAttribute('fill')).toBe('#123456')
    expect(svg).toContain('<title>Adam &amp; &lt;friends&gt;</title>')
  })
})
