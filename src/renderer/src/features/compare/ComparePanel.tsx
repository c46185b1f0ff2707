import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { CompareForm } from './CompareForm'
import { CompareTable } from './CompareTable'
import { useOrigin } from './useOrigin'

/** Saved comparisons, newest first; a click reopens one. */
function SavedComparisons() {
  const list = useAppStore((s) => s.compare.list)
  const openComparison = useAppStore((s) => s.openComparison)
  const { t } = useTranslation()
  const origin = useOrigin()
  if (!list.length) return null
  return (
    <section className="compare-saved">
      <h2>{t('compare.saved')}</h2>
      <ul>
        {list.map((c) => (
          <li key={c.id}>
            <button type="button" className="btn-link" onClick={() => void openComparison(c.id)}>
              {c.title}
            </button>{' '}
            <span className="muted">
              {t('compare.savedMeta', { papers: c.paperIds.length, columns: c.columns.length })}
              {origin(c) && ` · ${origin(c)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Compare papers: the form and saved comparisons, or the open comparison's table. */
export function ComparePanel() {
  const current = useAppStore((s) => s.compare.current)
  const draftThread = useAppStore(
    (s) => s.compare.draft?.threadId ?? (s.compare.draft ? 'map' : '')
  )
  const error = useAppStore((s) => s.compare.error)
  const { t } = useTranslation()
  return (
    <section className="compare" aria-label={t('compare.label')}>
      {error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={error} />
        </div>
      )}
      {current ? (
        <CompareTable comparison={current} />
      ) : (
        <div className="compare-start">
          <CompareForm key={draftThread} />
          <SavedComparisons />
        </div>
      )}
    </section>
  )
}
