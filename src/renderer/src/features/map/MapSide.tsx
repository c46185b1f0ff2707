import type { CitationGraph, GraphEdge, GraphNode } from '../../../../shared/graph'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { clusterColour, NO_COLLECTION_COLOUR, type ColourBy } from './mapView'
import type { MapSelection } from './useMapSelection'

/** The node hovered or picked: its title, authors, year and citations; a missing work's Add. */
function MapInfo({ info, pickedGhost }: { info: GraphNode | null; pickedGhost?: GraphNode }) {
  const addArxiv = useAppStore((s) => s.addArxiv)
  const addByDoi = useAppStore((s) => s.addByDoi)
  const { t } = useTranslation()
  return (
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
            void (add.startsWith('arxiv:') ? addArxiv(add.slice(6)) : addByDoi(add.slice(4)))
          }}
        >
          {t('map.add')}
        </button>
      )}
    </div>
  )
}

/** The collections' colours, when the nodes are coloured by collection. */
function CollectionLegend() {
  const collections = useAppStore((s) => s.organize.collections)
  const { t } = useTranslation()
  return (
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
  )
}

/** The clusters, each a toggle that picks its papers. */
function ClusterList({
  clusters,
  colourBy,
  selection
}: {
  clusters: CitationGraph['clusters']
  colourBy: ColourBy
  selection: MapSelection
}) {
  const { cluster, setCluster } = selection
  const { t } = useTranslation()
  return (
    <ul className="map-clusters">
      {clusters.map((c) => (
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
  )
}

/** What can be done with the picked papers: ask about them, compare them, or clear the pick. */
function SelectionActions({ members, onClear }: { members: string[]; onClear: () => void }) {
  const askAbout = useAppStore((s) => s.askAboutMapPapers)
  const compare = useAppStore((s) => s.compareMapPapers)
  const { t } = useTranslation()
  return (
    <div className="map-actions" aria-label={t('map.selection')} role="group">
      <span className="small map-selection">{t('map.selected', { count: members.length })}</span>
      <button type="button" className="btn btn-small btn-primary" onClick={() => askAbout(members)}>
        {t('threads.askAboutThese', { count: members.length })}
      </button>
      <button type="button" className="btn btn-small" onClick={() => compare(members)}>
        {t('map.compareThese', { count: members.length })}
      </button>
      <button type="button" className="btn btn-small btn-quiet" onClick={onClear}>
        {t('map.clearSelection')}
      </button>
    </div>
  )
}

/**
 * The map's side panel: the counts, the node hovered or picked, the legend, the clusters and
 * what to do with the papers picked.
 */
export function MapSide({
  shown,
  clusters,
  info,
  pickedGhost,
  colourBy,
  selection
}: {
  shown: { nodes: GraphNode[]; edges: GraphEdge[] }
  clusters: CitationGraph['clusters']
  info: GraphNode | null
  pickedGhost?: GraphNode
  colourBy: ColourBy
  selection: MapSelection
}) {
  const { t } = useTranslation()
  const citesCount = shown.edges.filter(
    (e) => e.kind === 'cites' && !e.target.startsWith('ghost:')
  ).length
  return (
    <aside className="map-side">
      <p className="small map-summary">
        {t('map.summary', {
          papers: shown.nodes.filter((n) => n.kind === 'paper').length,
          cites: citesCount,
          missing: shown.nodes.filter((n) => n.kind === 'ghost').length
        })}
      </p>
      <MapInfo info={info} pickedGhost={pickedGhost} />
      {colourBy === 'collection' && <CollectionLegend />}
      <h3 className="small">{t('map.clusters')}</h3>
      <ClusterList clusters={clusters} colourBy={colourBy} selection={selection} />
      <p className="small muted">{t('map.selectHint')}</p>
      {selection.members.length > 0 && (
        <SelectionActions members={selection.members} onClear={selection.clear} />
      )}
    </aside>
  )
}
