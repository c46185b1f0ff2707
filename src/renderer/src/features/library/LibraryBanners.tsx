import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { inWork } from './statusText'

/** The whole queue's progress, while a paper is being indexed. */
export function OverallProgress() {
  const overall = useAppStore((s) => s.library.overall)
  // The queue's last event may not say "all done": show the bar only while a paper is in work.
  const ingesting = useAppStore((s) => s.library.papers.some(inWork))
  const { t } = useTranslation()
  if (!(ingesting && overall && overall.total > 0)) return null
  return (
    <div className="overall" aria-label={t('library.overall')}>
      <div className="small">
        {t('library.indexingOf', {
          current: Math.min(overall.done + 1, overall.total),
          total: overall.total
        })}
      </div>
      <div className="progress">
        <div
          className="progress-bar"
          style={{ width: `${(overall.done / overall.total) * 100}%` }}
        />
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
