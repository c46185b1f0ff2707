import Graph from 'graphology'
import forceAtlas2, { inferSettings } from 'graphology-layout-forceatlas2'
import FA2Layout from 'graphology-layout-forceatlas2/worker'
import { useEffect, useRef, useState } from 'react'
import Sigma from 'sigma'
import type { GraphEdge, GraphNode } from '../../../../shared/graph'
import { useTranslation } from '../../i18n'
import { drawMap, toSvg } from './mapExport'
import { nodeSize, seedPosition } from './mapView'

/** Above this many nodes the overlay of focusable node buttons is left out (the list remains). */
const MAX_OVERLAY = 400

/**
 * A map this small is laid out on the main thread before it is first drawn (well under 50 ms):
 * the worker only refines it, so a busy machine, where the worker may get little time before
 * the layout's deadline, still shows a laid-out map and not the clusters' seed circles.
 */
const PRELAYOUT_MAX_NODES = 300
const PRELAYOUT_ITERATIONS = 150

/** Shift, Ctrl or Cmd held: the click adds the node to the selection instead of opening it. */
const withModifier = (e: MouseEvent | TouchEvent): boolean => e.shiftKey || e.ctrlKey || e.metaKey

/** A missing work is drawn pale (its ring carries the colour in the exported picture). */
const paint = (n: GraphNode, colourOf: (n: GraphNode) => string): string =>
  n.kind === 'ghost' ? 'rgba(128,128,128,0.35)' : colourOf(n)

/** What the map's owner can do with the drawn map. */
export interface MapHandle {
  /** The map as laid out, drawn onto a canvas of this size (for a PNG). */
  draw: (width: number, height: number) => HTMLCanvasElement
  /** The map as laid out, as an SVG document. */
  svg: () => string
}

/** The graphology graph of the map's nodes and edges, each node at its cluster's seed position. */
function buildGraph(
  nodes: GraphNode[],
  edges: GraphEdge[],
  colourOf: (n: GraphNode) => string
): Graph {
  const g = new Graph({ type: 'directed', multi: false, allowSelfLoops: false })
  for (const n of nodes) {
    g.addNode(n.id, {
      ...seedPosition(n.id, n.cluster),
      size: nodeSize(n),
      label: n.kind === 'paper' ? n.title.slice(0, 60) : '',
      color: paint(n, colourOf),
      ghost: n.kind === 'ghost'
    })
  }
  for (const e of edges) {
    if (g.hasEdge(e.source, e.target)) continue
    g.addEdge(e.source, e.target, {
      size: e.kind === 'similar' ? 0.5 : 1,
      color:
        e.kind === 'similar'
          ? 'rgba(128,128,128,0.18)'
          : e.target.startsWith('ghost:')
            ? 'rgba(128,128,128,0.25)'
            : 'rgba(80,80,80,0.6)',
      weight: e.kind === 'similar' ? e.weight : 1
    })
  }
  return g
}

/** Sigma drawing `g` into `container`; while papers are picked, the others are greyed out. */
function createSigma(
  g: Graph,
  container: HTMLElement,
  selectedRef: { current: ReadonlySet<string> }
): Sigma {
  return new Sigma(g, container, {
    settings: {
      renderEdgeLabels: false,
      labelRenderedSizeThreshold: 7,
      // Sizes in pixels: sigma 4 measures them in graph units by default, so a map whose
      // layout had not spread out yet (a large one, a busy machine) drew each node hundreds
      // of pixels wide.
      itemSizesReference: 'screen',
      allowInvalidContainer: true
    },
    nodeReducer: (id, data) =>
      selectedRef.current.size && !selectedRef.current.has(id)
        ? { ...data, color: 'rgba(160,160,160,0.3)', label: '' }
        : selectedRef.current.has(id)
          ? { ...data, highlighted: true }
          : data
  })
}

/** The map as `g` lays it out, as a PNG canvas or an SVG, on `container`'s background. */
function mapHandle(
  g: Graph,
  container: HTMLElement,
  nodes: GraphNode[],
  edges: GraphEdge[],
  colourRef: { current: (n: GraphNode) => string }
): MapHandle {
  const at = (id: string): { x: number; y: number } | undefined =>
    g.hasNode(id) ? { x: g.getNodeAttribute(id, 'x'), y: g.getNodeAttribute(id, 'y') } : undefined
  const background = (): string => getComputedStyle(container).backgroundColor || '#ffffff'
  return {
    svg: () => toSvg(nodes, edges, at, colourRef.current, background()),
    draw: (width, height) => {
      const c = document.createElement('canvas')
      c.width = width
      c.height = height
      drawMap(c, nodes, edges, at, colourRef.current, background())
      return c
    }
  }
}

/** Where a node's focusable button goes over the drawn map. */
interface Spot {
  id: string
  x: number
  y: number
  r: number
}

/** A transparent, focusable button over each node, for the keyboard and a screen reader. */
function MapOverlay({
  spots,
  nodes,
  selected,
  onHover,
  onActivate
}: {
  spots: Spot[]
  nodes: GraphNode[]
  selected: ReadonlySet<string>
  onHover: (id: string | null) => void
  onActivate: (id: string, add: boolean) => void
}) {
  const { t } = useTranslation()
  const byId = new Map(nodes.map((n) => [n.id, n]))
  return (
    <div className="map-overlay" role="group" aria-label={t('map.nodes')}>
      {spots.map((s) => (
        <button
          key={s.id}
          type="button"
          className={`map-spot${byId.get(s.id)?.kind === 'ghost' ? ' ghost' : ''}${selected.has(s.id) ? ' selected' : ''}`}
          data-node-id={s.id}
          style={{ left: s.x - s.r, top: s.y - s.r, width: 2 * s.r, height: 2 * s.r }}
          aria-label={byId.get(s.id)?.title}
          onFocus={() => onHover(s.id)}
          onBlur={() => onHover(null)}
          onMouseEnter={() => onHover(s.id)}
          onMouseLeave={() => onHover(null)}
          onClick={(e) => onActivate(s.id, withModifier(e.nativeEvent))}
        />
      ))}
    </div>
  )
}

/**
 * The map itself: sigma (WebGL) over a graphology graph, laid out by ForceAtlas2 in a web
 * worker so the window stays responsive; positions stream in as the layout runs.
 * @remarks The only sigma and ForceAtlas2 import. Each node also gets a transparent, focusable
 * button over it, so the map is reachable by keyboard and a screen reader; a missing work's
 * button is dashed, as it is in the exported picture.
 */
export function MapCanvas({
  nodes,
  edges,
  selected,
  colourOf,
  onHover,
  onActivate,
  onReady
}: {
  nodes: GraphNode[]
  edges: GraphEdge[]
  selected: ReadonlySet<string>
  /** Each node's colour (by cluster or by collection); a change recolours without a new layout. */
  colourOf: (n: GraphNode) => string
  onHover: (id: string | null) => void
  /** A node clicked; `add` when Shift, Ctrl or Cmd was held (it adds to the selection). */
  onActivate: (id: string, add: boolean) => void
  onReady: (handle: MapHandle) => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const sigmaRef = useRef<Sigma | null>(null)
  const graphRef = useRef<Graph | null>(null)
  const selectedRef = useRef(selected)
  const colourRef = useRef(colourOf)
  const [layout, setLayout] = useState<'running' | 'done'>('running')
  const [spots, setSpots] = useState<Spot[]>([])
  const hover = useRef(onHover)
  const activate = useRef(onActivate)
  const ready = useRef(onReady)
  useEffect(() => {
    hover.current = onHover
    activate.current = onActivate
    ready.current = onReady
  })

  useEffect(() => {
    selectedRef.current = selected
    sigmaRef.current?.refresh({ skipIndexation: true })
  }, [selected])

  useEffect(() => {
    colourRef.current = colourOf
    const g = graphRef.current
    if (!g) return
    for (const n of nodes)
      if (g.hasNode(n.id)) g.setNodeAttribute(n.id, 'color', paint(n, colourOf))
    sigmaRef.current?.refresh({ skipIndexation: true })
    // The nodes' identity changes rebuild the graph (below), which paints them itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [colourOf])

  useEffect(() => {
    const container = box.current
    if (!container) return
    const g = buildGraph(nodes, edges, colourRef.current)
    const layoutSettings = { ...inferSettings(g), barnesHutOptimize: g.order > 500 }
    if (g.order <= PRELAYOUT_MAX_NODES)
      forceAtlas2.assign(g, { iterations: PRELAYOUT_ITERATIONS, settings: layoutSettings })
    const sigma = createSigma(g, container, selectedRef)
    sigmaRef.current = sigma
    graphRef.current = g
    sigma.on('enterNode', ({ node }) => hover.current(node))
    sigma.on('leaveNode', () => hover.current(null))
    sigma.on('clickNode', ({ node, event }) => activate.current(node, withModifier(event.original)))
    const spotIds = nodes.map((n) => n.id)
    const place = (): void => {
      if (spotIds.length > MAX_OVERLAY) return
      setSpots(
        spotIds.flatMap((id) => {
          const d = sigma.getNodeDisplayData(id)
          if (!d) return []
          const p = sigma.framedGraphToViewport(d)
          return [{ id, x: p.x, y: p.y, r: Math.max(6, Math.min(24, sigma.scaleSize(d.size))) }]
        })
      )
    }
    sigma.on('afterRender', place)
    const fa2 = new FA2Layout(g, { settings: layoutSettings })
    setLayout('running')
    fa2.start()
    // Longer for a larger map, never long: the map is usable while it settles.
    const timer = setTimeout(
      () => {
        fa2.stop()
        setLayout('done')
        place()
      },
      Math.min(8000, 1200 + g.order * 2)
    )
    ready.current(mapHandle(g, container, nodes, edges, colourRef))
    return () => {
      clearTimeout(timer)
      fa2.kill()
      sigma.kill()
      sigmaRef.current = null
      graphRef.current = null
    }
  }, [nodes, edges])

  return (
    <div className="map-canvas-wrap">
      <div ref={box} className="map-canvas" data-layout={layout} aria-hidden="true" />
      <MapOverlay
        spots={spots}
        nodes={nodes}
        selected={selected}
        onHover={onHover}
        onActivate={onActivate}
      />
    </div>
  )
}
