import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** An empty library's offer: add the default papers, or import a bibliography or Zotero. */
export function FirstRun() {
  const fetchingDefaults = useAppStore((s) => s.library.busy.includes('defaults'))
  const addDefaults = useAppStore((s) => s.addDefaults)
  const openImport = useAppStore((s) => s.openImport)
  const { t } = useTranslation()
  return (
    <div className="first-run">
      <p>{t('library.empty')}</p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={fetchingDefaults}
        onClick={() => void addDefaults()}
      >
        {fetchingDefaults ? t('library.adding') : t('library.addDefaults')}
      </button>
      <p className="muted small">{t('library.defaultsHint')}</p>
      <button type="button" className="btn" onClick={openImport}>
        {t('library.importEmpty')}
      </button>
    </div>
  )
}
