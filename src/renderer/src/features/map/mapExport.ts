import type { GraphEdge, GraphNode } from '../../../../shared/graph'
import { nodeSize } from './mapView'

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

type Position = (id: string) => { x: number; y: number } | undefined

/**
 * Fits the laid-out positions into a picture of this size, 40 px from each edge, y pointing up
 * as it does on the map.
 */
function frame(nodes: GraphNode[], position: Position, w: number, h: number) {
  const pts = nodes.map((n) => position(n.id)).filter((p): p is { x: number; y: number } => !!p)
  const xs = pts.map((p) => p.x)
  const ys = pts.map((p) => p.y)
  const minX = Math.min(...xs)
  const maxX = Math.max(...xs)
  const minY = Math.min(...ys)
  const maxY = Math.max(...ys)
  const scale = Math.min((w - 80) / (maxX - minX || 1), (h - 80) / (maxY - minY || 1))
  return (id: string): [number, number] | null => {
    const p = position(id)
    return p ? [40 + (p.x - minX) * scale, h - 40 - (p.y - minY) * scale] : null
  }
}

const edgeColour = (e: GraphEdge): string =>
  e.kind === 'similar' ? 'rgba(128,128,128,0.25)' : 'rgba(90,90,90,0.55)'

/**
 * Draws the map as laid out onto a canvas (for PNG): citation edges solid, similarity links
 * faint and dashed, missing works hollow and dashed, papers filled in their colour.
 */
export function drawMap(
  canvas: HTMLCanvasElement,
  nodes: GraphNode[],
  edges: GraphEdge[],
  position: Position,
  colourOf: (n: GraphNode) => string,
  background: string
): void {
  const ctx = canvas.getContext('2d')
  if (!ctx) return
  const at = frame(nodes, position, canvas.width, canvas.height)
  ctx.fillStyle = background
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  for (const e of edges) {
    const a = at(e.source)
    const b = at(e.target)
    if (!a || !b) continue
    ctx.strokeStyle = edgeColour(e)
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
      ctx.strokeStyle = colourOf(n)
      ctx.stroke()
    } else {
      ctx.setLineDash([])
      ctx.fillStyle = colourOf(n)
      ctx.fill()
    }
  }
}

/**
 * The same picture as {@link drawMap}, as SVG (for a poster or a paper: it scales), each node
 * with its title as a tooltip.
 */
export function toSvg(
  nodes: GraphNode[],
  edges: GraphEdge[],
  position: Position,
  colourOf: (n: GraphNode) => string,
  background: string,
  width = 1600,
  height = 1200
): string {
  const at = frame(nodes, position, width, height)
  const r1 = (x: number): string => String(Math.round(x * 10) / 10)
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `  <rect width="100%" height="100%" fill="${escape(background)}"/>`,
    '  <g class="edges" stroke-width="1">'
  ]
  for (const e of edges) {
    const a = at(e.source)
    const b = at(e.target)
    if (!a || !b) continue
    const dash = e.kind === 'similar' ? ' stroke-dasharray="3 4"' : ''
    lines.push(
      `    <line x1="${r1(a[0])}" y1="${r1(a[1])}" x2="${r1(b[0])}" y2="${r1(b[1])}" stroke="${edgeColour(e)}"${dash}/>`
    )
  }
  lines.push('  </g>', '  <g class="nodes">')
  for (const n of nodes) {
    const p = at(n.id)
    if (!p) continue
    const paint =
      n.kind === 'ghost'
        ? `fill="none" stroke="${colourOf(n)}" stroke-dasharray="3 2"`
        : `fill="${colourOf(n)}"`
    lines.push(
      `    <circle cx="${r1(p[0])}" cy="${r1(p[1])}" r="${r1(nodeSize(n))}" ${paint}><title>${escape(n.title)}</title></circle>`
    )
  }
  lines.push('  </g>', '</svg>')
  return `${lines.join('\n')}\n`
}
