import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { saveBlob, saveTextFile } from '../../components/saveTextFile'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { MapHandle } from './MapCanvas'
import { toGraphml } from './mapExport'
import { MapSide } from './MapSide'
import { MapToolbar, type MapExportKind } from './MapToolbar'
import { filterGraph, nodeColours, NO_FILTER, type ColourBy, type MapFilter } from './mapView'
import { useMapSelection } from './useMapSelection'

// Loaded when the map is first shown: sigma needs WebGL and is a large part of the bundle.
const MapCanvas = lazy(() => import('./MapCanvas').then((m) => ({ default: m.MapCanvas })))

/**
 * The citation map tab: which papers cite which, the works several cite that are missing, and
 * the clusters; pick a cluster, or Shift-click papers, to ask about or compare them.
 */
export function MapPanel() {
  const { graph, loading, error } = useAppStore((s) => s.map)
  const loadGraph = useAppStore((s) => s.loadGraph)
  const collections = useAppStore((s) => s.organize.collections)
  const openDetails = useAppStore((s) => s.openDetails)
  const { t } = useTranslation()
  const [filter, setFilter] = useState<MapFilter>(NO_FILTER)
  const [hovered, setHovered] = useState<string | null>(null)
  const [picked, setPicked] = useState<string | null>(null)
  const [colourBy, setColourBy] = useState<ColourBy>('cluster')
  const handle = useRef<MapHandle | null>(null)
  const papers = useAppStore((s) => s.library.papers.length)
  // A paper added or removed while the map is open redraws it.
  useEffect(() => {
    void loadGraph()
  }, [papers, loadGraph])

  const shown = useMemo(
    () => (graph ? filterGraph(graph, filter) : { nodes: [], edges: [] }),
    [graph, filter]
  )
  const byId = useMemo(() => new Map(shown.nodes.map((n) => [n.id, n])), [shown])
  const selection = useMapSelection(shown)
  const collectionIds = useMemo(() => collections.map((c) => c.id), [collections])
  const colourOf = useMemo(() => nodeColours(colourBy, collectionIds), [colourBy, collectionIds])
  const info = byId.get(hovered ?? picked ?? '') ?? null
  const pickedGhost = picked ? byId.get(picked) : undefined

  const activate = (id: string, add: boolean): void => {
    const n = byId.get(id)
    if (!n) return
    if (n.kind !== 'paper') setPicked(id)
    else if (!add) openDetails(id)
    else selection.toggle(n)
  }
  const exportAs = (kind: MapExportKind): void => {
    if (kind === 'svg' && handle.current)
      saveTextFile({
        fileName: 'citation-map.svg',
        mimeType: 'image/svg+xml',
        text: handle.current.svg()
      })
    else if (kind === 'json')
      saveTextFile({
        fileName: 'citation-map.json',
        mimeType: 'application/json',
        text: JSON.stringify({ ...shown, clusters: graph?.clusters ?? [] }, null, 2)
      })
    else if (kind === 'graphml')
      saveTextFile({
        fileName: 'citation-map.graphml',
        mimeType: 'application/graphml+xml',
        text: toGraphml(shown.nodes, shown.edges)
      })
    else
      handle.current?.draw(1600, 1200).toBlob((blob) => {
        if (blob) saveBlob(blob, 'citation-map.png')
      }, 'image/png')
  }

  return (
    <section className="map-panel" aria-label={t('map.label')}>
      <MapToolbar
        filter={filter}
        onFilter={setFilter}
        colourBy={colourBy}
        onColourBy={setColourBy}
        onExport={exportAs}
      />
      {error ? (
        <p role="alert" className="error">
          {error.message}
        </p>
      ) : !graph ? (
        <p className="muted">{loading ? t('map.loading') : ''}</p>
      ) : (
        <div className="map-body">
          <Suspense fallback={<p className="muted">{t('map.loading')}</p>}>
            <MapCanvas
              nodes={shown.nodes}
              edges={shown.edges}
              selected={selection.selected}
              colourOf={colourOf}
              onHover={setHovered}
              onActivate={activate}
              onReady={(h) => (handle.current = h)}
            />
          </Suspense>
          <MapSide
            shown={shown}
            clusters={graph.clusters}
            info={info}
            pickedGhost={pickedGhost}
            colourBy={colourBy}
            selection={selection}
          />
        </div>
      )}
    </section>
  )
}
