import { ErrorMessage } from '../../components/ErrorMessage'
import { useShallow } from 'zustand/react/shallow'
import { useTranslation } from '../../i18n'
import { batchCounts } from '../../store/ingestBatch'
import { useAppStore } from '../../store/StoreContext'
import { etaText } from './FolderImportPanel'

/**
 * The batch's progress while papers are indexed: "Indexing 2 of 3", the time left, with a
 * bar that moves with the pages read and passages embedded.
 * @remarks Counted from the papers in the store ({@link batchCounts}), as the header's
 * "n indexing" is, so the two never disagree.
 */
export function OverallProgress() {
  const lib = useAppStore(
    useShallow((s) => ({
      papers: s.library.papers,
      progress: s.library.progress,
      batch: s.library.batch
    }))
  )
  const counts = batchCounts(lib)
  const { t } = useTranslation()
  if (!counts) return null
  return (
    <div className="overall" aria-label={t('library.overall')}>
      <div className="small">
        {t('library.indexingOf', {
          current: Math.min(counts.done + 1, counts.total),
          total: counts.total
        })}
      </div>
      <div className="small overall-eta">{etaText(counts.etaSeconds, t)}</div>
      <div className="progress">
        <div className="progress-bar" style={{ width: `${counts.fraction * 100}%` }} />
      </div>
    </div>
  )
}

/** The library's banners: the last failed action, and what main repaired or a sync reported. */
export function LibraryNotices() {
  const error = useAppStore((s) => s.library.error ?? s.organize.error)
  const dismissLibrary = useAppStore((s) => s.dismissLibraryError)
  const dismissOrganize = useAppStore((s) => s.dismissOrganizeError)
  const notices = useAppStore((s) => s.library.notices)
  const dismissNotices = useAppStore((s) => s.dismissNotices)
  const { t } = useTranslation()
  return (
    <>
      {error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={error} />
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => {
              dismissLibrary()
              dismissOrganize()
            }}
          >
            {t('library.dismiss')}
          </button>
        </div>
      )}
      {notices.length > 0 && (
        <div className="notice notice-warn" role="status" aria-label={t('library.repairs')}>
          <div className="notice-title">
            {/* What a sync did or could not do is not a repair. */}
            {notices.every((n) => n.key?.startsWith('sync'))
              ? t('library.syncTitle')
              : t('library.repairsTitle')}
          </div>
          {/* The list scrolls, the title and Dismiss stay: 10,000 names once hid the button. */}
          <div className="notice-list">
            {notices.map((n, i) => (
              <ErrorMessage key={i} error={n} />
            ))}
          </div>
          <button type="button" className="btn btn-small btn-quiet" onClick={dismissNotices}>
            {t('library.dismiss')}
          </button>
        </div>
      )}
    </>
  )
}
