import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { saveBlob, saveTextFile } from '../../components/saveTextFile'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { MapHandle } from './MapCanvas'
import { toGraphml } from './mapExport'
import {
  clusterColour,
  filterGraph,
  nodeColours,
  NO_COLLECTION_COLOUR,
  NO_FILTER,
  type ColourBy,
  type MapFilter
} from './mapView'

// Loaded when the map is first shown: sigma needs WebGL and is a large part of the bundle.
const MapCanvas = lazy(() => import('./MapCanvas').then((m) => ({ default: m.MapCanvas })))

const yearOrNull = (s: string): number | null => (/^\d{4}$/.test(s.trim()) ? Number(s) : null)

/**
 * The citation map tab: which papers cite which, the works several cite that are missing, and
 * the clusters; pick a cluster, or Shift-click papers, to ask about or compare them.
 */
export function MapPanel() {
  const { graph, loading, error } = useAppStore((s) => s.map)
  const loadGraph = useAppStore((s) => s.loadGraph)
  const collections = useAppStore((s) => s.organize.collections)
  const openDetails = useAppStore((s) => s.openDetails)
  const addArxiv = useAppStore((s) => s.addArxiv)
  const addByDoi = useAppStore((s) => s.addByDoi)
  const askAbout = useAppStore((s) => s.askAboutMapPapers)
  const compare = useAppStore((s) => s.compareMapPapers)
  const { t } = useTranslation()
  const [filter, setFilter] = useState<MapFilter>(NO_FILTER)
  const [hovered, setHovered] = useState<string | null>(null)
  const [picked, setPicked] = useState<string | null>(null)
  const [cluster, setCluster] = useState<number | null>(null)
  // Papers picked one by one (Shift-click), on their own or added to a picked cluster's.
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
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
  const members = useMemo(() => {
    const ids = new Set(chosen)
    if (cluster !== null)
      for (const n of shown.nodes) if (n.kind === 'paper' && n.cluster === cluster) ids.add(n.id)
    return shown.nodes.filter((n) => n.kind === 'paper' && ids.has(n.id)).map((n) => n.id)
  }, [shown, cluster, chosen])
  const selected = useMemo(() => new Set(members), [members])
  const collectionIds = useMemo(() => collections.map((c) => c.id), [collections])
  const colourOf = useMemo(() => nodeColours(colourBy, collectionIds), [colourBy, collectionIds])
  const info = byId.get(hovered ?? picked ?? '') ?? null
  const pickedGhost = picked ? byId.get(picked) : undefined

  const activate = (id: string, add: boolean): void => {
    const n = byId.get(id)
    if (!n) return
    if (n.kind !== 'paper') setPicked(id)
    else if (!add) openDetails(id)
    else {
      const next = new Set(chosen)
      if (selected.has(id) && cluster !== null && n.cluster === cluster) {
        // Taking one paper out of a picked cluster keeps the rest of it picked, one by one.
        for (const m of members) next.add(m)
        setCluster(null)
        next.delete(id)
      } else if (next.has(id)) next.delete(id)
      else next.add(id)
      setChosen(next)
    }
  }
  const clearSelection = (): void => {
    setChosen(new Set())
    setCluster(null)
  }
  const exportAs = (kind: 'png' | 'svg' | 'json' | 'graphml'): void => {
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
  const citesCount = shown.edges.filter(
    (e) => e.kind === 'cites' && !e.target.startsWith('ghost:')
  ).length

  return (
    <section className="map-panel" aria-label={t('map.label')}>
      <div className="map-toolbar" role="toolbar" aria-label={t('map.filters')}>
        <select
          aria-label={t('map.collection')}
          className="btn-small"
          value={filter.collectionId}
          onChange={(e) => setFilter({ ...filter, collectionId: e.target.value })}
        >
          <option value="">{t('map.allPapers')}</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <input
          className="map-year"
          inputMode="numeric"
          aria-label={t('map.fromYear')}
          placeholder={t('map.fromYear')}
          onChange={(e) => setFilter({ ...filter, fromYear: yearOrNull(e.target.value) })}
        />
        <input
          className="map-year"
          inputMode="numeric"
          aria-label={t('map.toYear')}
          placeholder={t('map.toYear')}
          onChange={(e) => setFilter({ ...filter, toYear: yearOrNull(e.target.value) })}
        />
        <input
          type="search"
          aria-label={t('map.search')}
          placeholder={t('map.search')}
          value={filter.search}
          onChange={(e) => setFilter({ ...filter, search: e.target.value })}
        />
        <label className="small">
          <input
            type="checkbox"
            checked={filter.ghosts}
            onChange={(e) => setFilter({ ...filter, ghosts: e.target.checked })}
          />{' '}
          {t('map.showMissing')}
        </label>
        <select
          aria-label={t('map.colourBy')}
          className="btn-small"
          value={colourBy}
          onChange={(e) => setColourBy(e.target.value as ColourBy)}
        >
          <option value="cluster">{t('map.colourByCluster')}</option>
          <option value="collection">{t('map.colourByCollection')}</option>
        </select>
        <span className="map-export">
          <button type="button" className="btn btn-small btn-quiet" onClick={() => exportAs('png')}>
            PNG
          </button>
          <button type="button" className="btn btn-small btn-quiet" onClick={() => exportAs('svg')}>
            SVG
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => exportAs('graphml')}
          >
            GraphML
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => exportAs('json')}
          >
            JSON
          </button>
        </span>
      </div>
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
              selected={selected}
              colourOf={colourOf}
              onHover={setHovered}
              onActivate={activate}
              onReady={(h) => (handle.current = h)}
            />
          </Suspense>
          <aside className="map-side">
            <p className="small map-summary">
              {t('map.summary', {
                papers: shown.nodes.filter((n) => n.kind === 'paper').length,
                cites: citesCount,
                missing: shown.nodes.filter((n) => n.kind === 'ghost').length
              })}
            </p>
            <div className="map-info" aria-live="polite">
              {info && (
                <>
                  <strong className="map-info-title">{info.title}</strong>
                  <span className="small">
                    {[info.authors.slice(0, 3).join(', '), info.year ?? t('map.noYear')]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                  <span className="small muted">
                    {info.kind === 'ghost'
                      ? t('map.missingCitedBy', { count: info.citedBy })
                      : t('map.citedBy', { count: info.citedBy })}
                  </span>
                </>
              )}
              {pickedGhost?.kind === 'ghost' && (
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  disabled={!pickedGhost.add}
                  title={pickedGhost.add ? undefined : t('map.noIdentifier')}
                  onClick={() => {
                    const add = pickedGhost.add!
                    void (add.startsWith('arxiv:')
                      ? addArxiv(add.slice(6))
                      : addByDoi(add.slice(4)))
                  }}
                >
                  {t('map.add')}
                </button>
              )}
            </div>
            {colourBy === 'collection' && (
              <>
                <h3 className="small">{t('map.collections')}</h3>
                <ul className="map-clusters map-legend">
                  {collections.map((c, i) => (
                    <li key={c.id} className="small">
                      <span className="map-swatch" style={{ background: clusterColour(i) }} />
                      {c.name}
                    </li>
                  ))}
                  <li className="small">
                    <span className="map-swatch" style={{ background: NO_COLLECTION_COLOUR }} />
                    {t('map.noCollection')}
                  </li>
                </ul>
              </>
            )}
            <h3 className="small">{t('map.clusters')}</h3>
            <ul className="map-clusters">
              {graph.clusters.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="btn btn-small btn-quiet map-cluster"
                    aria-pressed={cluster === c.id}
                    onClick={() => setCluster(cluster === c.id ? null : c.id)}
                  >
                    {colourBy === 'cluster' && (
                      <span className="map-swatch" style={{ background: clusterColour(c.id) }} />
                    )}
                    {t('map.cluster', { label: c.label, count: c.size })}
                  </button>
                </li>
              ))}
            </ul>
            <p className="small muted">{t('map.selectHint')}</p>
            {members.length > 0 && (
              <div className="map-actions" aria-label={t('map.selection')} role="group">
                <span className="small map-selection">
                  {t('map.selected', { count: members.length })}
                </span>
                <button
                  type="button"
                  className="btn btn-small btn-primary"
                  onClick={() => askAbout(members)}
                >
                  {t('threads.askAboutThese', { count: members.length })}
                </button>
                <button type="button" className="btn btn-small" onClick={() => compare(members)}>
                  {t('map.compareThese', { count: members.length })}
                </button>
                <button type="button" className="btn btn-small btn-quiet" onClick={clearSelection}>
                  {t('map.clearSelection')}
                </button>
              </div>
            )}
          </aside>
        </div>
      )}
    </section>
  )
}
