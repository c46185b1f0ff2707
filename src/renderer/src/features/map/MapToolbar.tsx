import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { ColourBy, MapFilter } from './mapView'

const yearOrNull = (s: string): number | null => (/^\d{4}$/.test(s.trim()) ? Number(s) : null)

/** The formats the map exports to. */
export type MapExportKind = 'png' | 'svg' | 'json' | 'graphml'

/**
 * The map's filters (collection, year range, search, missing works), what the colours tell, and
 * the export buttons.
 */
export function MapToolbar({
  filter,
  onFilter,
  colourBy,
  onColourBy,
  onExport
}: {
  filter: MapFilter
  onFilter: (filter: MapFilter) => void
  colourBy: ColourBy
  onColourBy: (by: ColourBy) => void
  onExport: (kind: MapExportKind) => void
}) {
  const collections = useAppStore((s) => s.organize.collections)
  const { t } = useTranslation()
  return (
    <div className="map-toolbar" role="toolbar" aria-label={t('map.filters')}>
      <select
        aria-label={t('map.collection')}
        className="btn-small"
        value={filter.collectionId}
        onChange={(e) => onFilter({ ...filter, collectionId: e.target.value })}
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
        onChange={(e) => onFilter({ ...filter, fromYear: yearOrNull(e.target.value) })}
      />
      <input
        className="map-year"
        inputMode="numeric"
        aria-label={t('map.toYear')}
        placeholder={t('map.toYear')}
        onChange={(e) => onFilter({ ...filter, toYear: yearOrNull(e.target.value) })}
      />
      <input
        type="search"
        aria-label={t('map.search')}
        placeholder={t('map.search')}
        value={filter.search}
        onChange={(e) => onFilter({ ...filter, search: e.target.value })}
      />
      <label className="small">
        <input
          type="checkbox"
          checked={filter.ghosts}
          onChange={(e) => onFilter({ ...filter, ghosts: e.target.checked })}
        />{' '}
        {t('map.showMissing')}
      </label>
      <select
        aria-label={t('map.colourBy')}
        className="btn-small"
        value={colourBy}
        onChange={(e) => onColourBy(e.target.value as ColourBy)}
      >
        <option value="cluster">{t('map.colourByCluster')}</option>
        <option value="collection">{t('map.colourByCollection')}</option>
      </select>
      <span className="map-export">
        <button type="button" className="btn btn-small btn-quiet" onClick={() => onExport('png')}>
          PNG
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => onExport('svg')}>
          SVG
        </button>
        <button
          type="button"
          className="btn btn-small btn-quiet"
          onClick={() => onExport('graphml')}
        >
          GraphML
        </button>
        <button type="button" className="btn btn-small btn-quiet" onClick={() => onExport('json')}>
          JSON
        </button>
      </span>
    </div>
  )
}
