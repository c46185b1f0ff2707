import type { Paper } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { PaperProgress } from '../../store/librarySlice'
import { FailureReason } from './FailureReason'
import { PaperCells } from './LibraryColumns'
import { paperMeta, statusText } from './statusText'
import { SyncFlag, syncSourceLine } from './SyncSource'
import { canRetry } from './visiblePapers'

/** What a row shows and may do, worked out once by the row for its parts. */
export interface RowState {
  paper: Paper
  title: string
  busy: boolean
  failed: boolean
  noPdf: boolean
  canOpen: boolean
  progress: PaperProgress | undefined
  fraction: number | null
  /** The library is wide: the row shows one cell per column instead of two lines. */
  columns: boolean
}

/** The row's body: the paper to open (title, meta, status), or a failed file and why. */
export function PaperMain({ row }: { row: RowState }) {
  const { paper, title, busy, failed, noPdf, canOpen, progress, columns } = row
  const openPaper = useAppStore((s) => s.openPaper)
  const { t } = useTranslation()
  return failed ? (
    // Nothing to open: the row names the file and says why it failed.
    <div className="paper-main">
      <span className="paper-title">{title}</span>
      <FailureReason error={paper.error} />
    </div>
  ) : (
    <button
      type="button"
      className={`paper-main${columns ? ' paper-cells' : ''}`}
      disabled={!canOpen}
      onClick={() => openPaper(paper.id)}
      title={[
        title,
        syncSourceLine(paper, t),
        canOpen ? t('paper.open') : noPdf ? t('paper.noPdfReason') : null
      ]
        .filter(Boolean)
        .join('\n')}
    >
      {columns ? (
        <PaperCells row={row} />
      ) : (
        <>
          <span className="paper-title">{title}</span>
          <span className="paper-meta">
            {noPdf && (
              <span className="badge-no-pdf" aria-hidden="true">
                {t('status.noPdf')}
              </span>
            )}
            {paperMeta(paper, t)}
            {noPdf && <span className="sr-only">{t('paper.noPdfLabel')}</span>}
            {noPdf && busy && <span className="paper-status">{t('paper.gettingPdf')}</span>}
            {paper.status !== 'indexed' && !noPdf && (
              <span className={`paper-status status-${paper.status}`}>
                {statusText(paper, progress, t)}
              </span>
            )}
          </span>
          <SyncFlag paper={paper} />
        </>
      )}
    </button>
  )
}

/** The row's actions: retry, cancel its indexing, and remove (failed) or its details. */
export function PaperActions({ row }: { row: RowState }) {
  const { paper, title, busy, failed, fraction } = row
  const removePaper = useAppStore((s) => s.removePaper)
  const retryPaper = useAppStore((s) => s.retryPaper)
  const cancelIngest = useAppStore((s) => s.cancelIngest)
  const openDetails = useAppStore((s) => s.openDetails)
  const { t } = useTranslation()
  return (
    <div className="paper-actions">
      {canRetry(paper) && (
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
      {failed ? (
        <button
          type="button"
          className="btn btn-small btn-quiet"
          disabled={busy}
          aria-label={t('paper.removeLabel', { title })}
          onClick={() => void removePaper(paper.id)}
        >
          {t('paper.remove')}
        </button>
      ) : (
        <button
          type="button"
          className="icon-btn paper-more"
          aria-label={t('paper.detailsOf', { title })}
          title={t('paper.detailsHint')}
          onClick={() => openDetails(paper.id)}
        >
          ⋯
        </button>
      )}
    </div>
  )
}

/** The row's indexing progress bar. */
export function PaperProgressBar({ fraction }: { fraction: number }) {
  const { t } = useTranslation()
  return (
    <div
      className="progress paper-progress"
      role="progressbar"
      aria-label={t('paper.progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(fraction * 100)}
    >
      <div className="progress-bar" style={{ width: `${fraction * 100}%` }} />
    </div>
  )
}
