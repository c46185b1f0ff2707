import type { Paper } from '../../../../shared/types'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { paperMeta, progressFraction, statusText } from './statusText'

/**
 * One paper in the library: title, authors, year, pages, status, progress and actions; an
 * indexed paper has a checkbox to choose it for "Ask about these".
 */
export function PaperRow({
  paper,
  selected = false,
  onToggle
}: {
  paper: Paper
  selected?: boolean
  onToggle?: () => void
}) {
  const progress = useAppStore((s) => s.library.progress[paper.id])
  const busy = useAppStore((s) => s.library.busy.includes(paper.id))
  const isOpen = useAppStore((s) => s.viewer.open && s.viewer.paperId === paper.id)
  const openPaper = useAppStore((s) => s.openPaper)
  const removePaper = useAppStore((s) => s.removePaper)
  const retryPaper = useAppStore((s) => s.retryPaper)
  const cancelIngest = useAppStore((s) => s.cancelIngest)
  const { t } = useTranslation()
  const fraction = progressFraction(paper, progress)
  const canOpen = paper.status === 'indexed' || (paper.pages > 0 && paper.status !== 'error')
  return (
    <li
      className={`paper${isOpen ? ' open' : ''}`}
      data-paper-id={paper.id}
      data-status={paper.status}
    >
      {onToggle && paper.status === 'indexed' && (
        <input
          type="checkbox"
          className="paper-select"
          aria-label={t('threads.choosePaper', { title: paper.title || paper.id })}
          checked={selected}
          onChange={onToggle}
        />
      )}
      <button
        type="button"
        className="paper-main"
        disabled={!canOpen}
        onClick={() => openPaper(paper.id)}
        title={canOpen ? t('paper.open') : undefined}
      >
        <span className="paper-title">{paper.title || paper.id}</span>
        <span className="paper-meta">{paperMeta(paper, t)}</span>
        <span className={`paper-status status-${paper.status}`}>
          {statusText(paper, progress, t)}
        </span>
      </button>
      {fraction !== null && (
        <div
          className="progress"
          role="progressbar"
          aria-label={t('paper.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(fraction * 100)}
        >
          <div className="progress-bar" style={{ width: `${fraction * 100}%` }} />
        </div>
      )}
      {paper.status === 'error' && paper.error && (
        <div className="paper-error" role="alert">
          <ErrorMessage message={paper.error.message} />
        </div>
      )}
      <div className="paper-actions">
        {paper.status === 'error' && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() => void retryPaper(paper.id)}
          >
            {t('paper.retry')}
          </button>
        )}
        {fraction !== null && (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            onClick={() => void cancelIngest(paper.id)}
          >
            {t('paper.cancel')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-small btn-quiet"
          disabled={busy}
          aria-label={t('paper.removeLabel', { title: paper.title || paper.id })}
          onClick={() => {
            if (window.confirm(t('paper.confirmRemove', { title: paper.title || paper.id })))
              void removePaper(paper.id)
          }}
        >
          {t('paper.remove')}
        </button>
      </div>
    </li>
  )
}
