/**
 * The citation map at scale (issue 34): a synthetic library of 10,000 papers (2,000 with
 * `--quick`) in 20 topics, each citing a few papers of its topic by title. Times the map's
 * build in main (citation matching, ghosts, similarity, Louvain) and the ForceAtlas2 layout the
 * map's web worker runs (the same graphology-layout-forceatlas2 code, run here synchronously
 * for a fixed number of iterations, Barnes-Hut on as the map sets it above 500 nodes).
 */
import Graph from 'graphology'
import forceAtlas2 from 'graphology-layout-forceatlas2'
import { buildGraph } from '../src/main/graph/buildGraph'
import { compact, termCounts, type PaperFacts } from '../src/main/graph/paperFacts'
import { PaperSchema, type Paper } from '../src/shared/types'

const WORDS =
  'neural retrieval attention graph protein climate soil language vision speech robot market policy health energy ocean galaxy quantum cell crop'.split(
    ' '
  )

/** Runs the map bench; `papers` nodes, `iterations` of ForceAtlas2. */
export async function mapBench(quick: boolean): Promise<Record<string, unknown>> {
  const n = quick ? 2000 : 10_000
  const iterations = 100
  const papers: Paper[] = []
  const facts = new Map<string, PaperFacts>()
  const title = (i: number): string =>
    `${WORDS[i % 20]} study number ${i} of ${WORDS[(i * 7) % 20]} systems`
  for (let i = 0; i < n; i++) {
    const id = `p${String(i).padStart(5, '0')}`
    papers.push(
      PaperSchema.parse({
        id,
        title: title(i),
        authors: [],
        year: 2000 + (i % 25),
        arxivId: null,
        source: { kind: 'file', fileName: `${id}.pdf` },
        sha256: null,
        pages: 1,
        chunks: 1,
        sections: [],
        status: 'indexed',
        error: null,
        addedAt: '2026-12-01T00:00:00.000Z',
        indexedAt: '2026-12-01T00:00:00.000Z',
        embedderId: null
      })
    )
    // Cites 4 earlier papers of its topic, and one of two shared classics per topic.
    const cited = [1, 2, 3, 4].map((k) => i - 20 * k).filter((j) => j >= 0)
    const refs = [...cited.map(title), `classic work on ${WORDS[i % 20]} number ${i % 2}`]
    facts.set(id, {
      fingerprint: 'bench',
      refs: compact(refs.join(' ')),
      entries: refs.map((t) => ({ title: t, arxivId: null, doi: null, year: 2000 })),
      terms: termCounts(`${title(i)} ${WORDS[(i * 3) % 20]} ${WORDS[i % 20]} methods`)
    })
  }
  let t0 = performance.now()
  const g = buildGraph(papers, facts)
  const buildMs = performance.now() - t0
  const graph = new Graph({ type: 'directed', multi: false })
  g.nodes.forEach((node, i) =>
    graph.addNode(node.id, { x: Math.cos(i) * i, y: Math.sin(i) * i, size: 1 })
  )
  for (const e of g.edges)
    if (!graph.hasEdge(e.source, e.target)) graph.addEdge(e.source, e.target, { weight: e.weight })
  t0 = performance.now()
  forceAtlas2.assign(graph, {
    iterations,
    settings: { ...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > 500 }
  })
  const layoutMs = performance.now() - t0
  return {
    papers: n,
    nodes: graph.order,
    edges: graph.size,
    clusters: g.clusters.length,
    buildMs: Math.round(buildMs),
    layout: {
      iterations,
      ms: Math.round(layoutMs),
      msPerIteration: Math.round((layoutMs / iterations) * 10) / 10
    },
    note: 'synthetic titles and reference lists; layout timed in Node on one core (the app runs it in a web worker, drawing positions as they come)'
  }
}
