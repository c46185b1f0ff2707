import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ShareWithLab } from './ShareWithLab'

/** What can be done with the selected papers: ask, file, cite, remove. */
export function SelectionBar({ shownIds }: { shownIds: string[] }) {
  const selected = useAppStore((s) => s.organize.selected)
  const collections = useAppStore((s) => s.organize.collections)
  const setSelection = useAppStore((s) => s.setSelection)
  const askAboutPapers = useAppStore((s) => s.askAboutPapers)
  const fileInCollection = useAppStore((s) => s.fileInCollection)
  const removeSelected = useAppStore((s) => s.removeSelected)
  const openCite = useAppStore((s) => s.openCite)
  const papers = useAppStore((s) => s.library.papers)
  const { t } = useTranslation()
  // References kept without a PDF are not searched: asking goes to the others only.
  const noPdf = new Set(papers.filter((p) => p.status === 'metadata').map((p) => p.id))
  const askable = selected.filter((id) => !noPdf.has(id))
  const allShown = shownIds.length > 0 && shownIds.every((id) => selected.includes(id))
  const n = selected.length
  return (
    <div className="selection-bar" aria-label={t('selection.label')}>
      <input
        type="checkbox"
        aria-label={t('selection.selectAll')}
        checked={allShown}
        onChange={() => setSelection(allShown ? [] : shownIds)}
      />
      {n === 0 ? (
        <span className="muted small selection-hint">{t('selection.hint')}</span>
      ) : (
        <>
          <span className="small selection-count">{t('selection.count', { count: n })}</span>
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={askable.length === 0}
            aria-describedby={askable.length === 0 ? 'selection-no-pdf' : undefined}
            onClick={() => askAboutPapers(askable)}
          >
            {t('threads.askAboutThese', { count: askable.length || n })}
          </button>
          {askable.length === 0 && (
            <span id="selection-no-pdf" className="muted small">
              {t('selection.noPdfAsk')}
            </span>
          )}
          <select
            aria-label={t('selection.addTo')}
            className="btn-small"
            value=""
            onChange={(e) => {
              if (e.target.value) void fileInCollection(e.target.value, selected)
            }}
          >
            <option value="">{t('selection.addToPlaceholder')}</option>
            {collections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() =>
              void openCite({ paperIds: selected, label: t('selection.papers', { count: n }) })
            }
          >
            {t('selection.cite')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              if (window.confirm(t('selection.confirmRemove', { count: n }))) void removeSelected()
            }}
          >
            {t('selection.remove')}
          </button>
          <ShareWithLab origin="selection" target={{ paperIds: selected }} />
        </>
      )}
    </div>
  )
}
