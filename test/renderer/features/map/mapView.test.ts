// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { CitationGraph, GraphNode } from '../../../../src/shared/graph'
import { toGraphml } from '../../../../src/renderer/src/features/map/mapExport'
import { filterGraph, NO_FILTER } from '../../../../src/renderer/src/features/map/mapView'

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
})
