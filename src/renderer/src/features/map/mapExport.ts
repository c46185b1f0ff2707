import type { GraphEdge, GraphNode } from '../../../../shared/graph'
import { clusterColour, nodeSize } from './mapView'

const escape = (s: string): string =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!
  )

/** The graph as GraphML (Gephi, Cytoscape, yEd read it), with each node's and edge's fields. */
export function toGraphml(nodes: GraphNode[], edges: GraphEdge[]): string {
  const keys = [
    ['title', 'node', 'string'],
    ['kind', 'node', 'string'],
    ['year', 'node', 'int'],
    ['cluster', 'node', 'int'],
    ['citedBy', 'node', 'int'],
    ['add', 'node', 'string'],
    ['kind', 'edge', 'string'],
    ['weight', 'edge', 'double']
  ]
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
    ...keys.map(
      ([name, on, type]) =>
        `  <key id="${on}_${name}" for="${on}" attr.name="${name}" attr.type="${type}"/>`
    ),
    '  <graph edgedefault="directed">'
  ]
  for (const n of nodes) {
    const data = {
      title: n.title,
      kind: n.kind,
      year: n.year,
      cluster: n.cluster,
      citedBy: n.citedBy,
      add: n.add
    }
    lines.push(`    <node id="${escape(n.id)}">`)
    for (const [k, v] of Object.entries(data))
      if (v !== null) lines.push(`      <data key="node_${k}">${escape(String(v))}</data>`)
    lines.push('    </node>')
  }
  edges.forEach((e, i) => {
    lines.push(
      `    <edge id="e${i}" source="${escape(e.source)}" target="${escape(e.target)}">`,
      `      <data key="edge_kind">${e.kind}</data>`,
      `      <data key="edge_weight">${e.weight}</data>`,
      '    </edge>'
    )
  })
  lines.push('  </graph>', '</graphml>')
  return `${lines.join('\n')}\n`
}

/**
 * Draws the map as laid out onto a canvas (for PNG): citation edges solid, similarity links
 * faint, ghosts hollow and dashed, papers filled in their cluster's colour.
 */
export function drawMap(
  canvas: HTMLCanvasElement,
  nodes: GraphNode[],
  edges: GraphEdge[],
  position: (id: string) => { x: number; y: number } | undefined,
  background: string
): void {
  const w = canvas.width
  const h = canvas.height
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const pts = nodes.map((n) => position(n.id)).filter((p): p is { x: number; y: number } => !!p)
  const xs = pts.map((p) => p.x)
  const ys = pts.map((p) => p.y)
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys)
  ]
  const scale = Math.min((w - 80) / (maxX - minX || 1), (h - 80) / (maxY - minY || 1))
  const at = (id: string): [number, number] | null => {
    const p = position(id)
    return p ? [40 + (p.x - minX) * scale, h - 40 - (p.y - minY) * scale] : null
  }
  ctx.fillStyle = background
  ctx.fillRect(0, 0, w, h)
  for (const e of edges) {
    const a = at(e.source)
    const b = at(e.target)
    if (!a || !b) continue
    ctx.strokeStyle = e.kind === 'similar' ? 'rgba(128,128,128,0.25)' : 'rgba(90,90,90,0.55)'
    ctx.setLineDash(e.kind === 'similar' ? [3, 4] : [])
    ctx.beginPath()
    ctx.moveTo(...a)
    ctx.lineTo(...b)
    ctx.stroke()
  }
  for (const n of nodes) {
    const p = at(n.id)
    if (!p) continue
    ctx.beginPath()
    ctx.arc(p[0], p[1], nodeSize(n), 0, Math.PI * 2)
    if (n.kind === 'ghost') {
      ctx.setLineDash([3, 2])
      ctx.strokeStyle = clusterColour(n.cluster)
      ctx.stroke()
    } else {
      ctx.setLineDash([])
      ctx.fillStyle = clusterColour(n.cluster)
      ctx.fill()
    }
  }
}
