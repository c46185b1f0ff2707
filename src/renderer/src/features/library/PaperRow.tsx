import { memo, useState, type DragEvent } from 'react'
import type { AppError } from '../../../../shared/errors'
import type { Paper } from '../../../../shared/types'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { paperMeta, progressFraction, statusText } from './statusText'
import { SyncFlag, syncSourceLine } from './SyncSource'
import { canRetry, rowTitle } from './visiblePapers'

/** The drag type that carries paper ids onto a collection. */
export const PAPER_DRAG_TYPE = 'application/x-researchpal-papers'

/**
 * One compact row: checkbox, title, first author · year, status, and the row's actions.
 * @remarks Memoised: main sends only the papers that changed, so during an import of thousands
 * the other rows keep their paper object and are not rendered again for each status change.
 */
export const PaperRow = memo(function PaperRow({ paper }: { paper: Paper }) {
  const progress = useAppStore((s) => s.library.progress[paper.id])
  const busy = useAppStore((s) => s.library.busy.includes(paper.id))
  const isOpen = useAppStore((s) => s.viewer.open && s.viewer.paperId === paper.id)
  const selectedIds = useAppStore((s) => s.organize.selected)
  const selected = selectedIds.includes(paper.id)
  const openPaper = useAppStore((s) => s.openPaper)
  const removePaper = useAppStore((s) => s.removePaper)
  const retryPaper = useAppStore((s) => s.retryPaper)
  const cancelIngest = useAppStore((s) => s.cancelIngest)
  const toggleSelected = useAppStore((s) => s.toggleSelected)
  const openDetails = useAppStore((s) => s.openDetails)
  const attachPdf = useAppStore((s) => s.attachPdf)
  const [dropTarget, setDropTarget] = useState(false)
  const [attachError, setAttachError] = useState<AppError | null>(null)
  const { t } = useTranslation()
  const fraction = progressFraction(paper, progress)
  const canOpen = paper.status === 'indexed' || (paper.pages > 0 && paper.status !== 'error')
  const title = rowTitle(paper)
  const failed = paper.status === 'error'
  const noPdf = paper.status === 'metadata'

  const onDragStart = (e: DragEvent): void => {
    // Dragging a selected row carries the whole selection; any other row carries itself.
    const ids = selected ? selectedIds : [paper.id]
    e.dataTransfer.setData(PAPER_DRAG_TYPE, JSON.stringify(ids))
    e.dataTransfer.effectAllowed = 'copy'
  }
  // A file dropped on a reference kept without a PDF becomes its PDF, not a new paper.
  const isFileDrag = (e: DragEvent): boolean =>
    noPdf &&
    !e.dataTransfer.types.includes(PAPER_DRAG_TYPE) &&
    e.dataTransfer.types.includes('Files')
  const onFileOver = (e: DragEvent): void => {
    if (!isFileDrag(e)) return
    e.preventDefault()
    e.stopPropagation()
    e.dataTransfer.dropEffect = 'copy'
    setDropTarget(true)
  }
  const onFileDrop = async (e: DragEvent): Promise<void> => {
    if (!isFileDrag(e)) return
    e.preventDefault()
    e.stopPropagation()
    setDropTarget(false)
    const file = e.dataTransfer.files[0]
    if (!file) return
    setAttachError(null)
    setAttachError(await attachPdf(paper.id, file.name, new Uint8Array(await file.arrayBuffer())))
  }
  return (
    <li
      className={`paper${isOpen ? ' open' : ''}${selected ? ' selected' : ''}${failed ? ' failed' : ''}${dropTarget ? ' drop-target' : ''}`}
      data-paper-id={paper.id}
      data-status={paper.status}
      draggable={!failed}
      onDragStart={onDragStart}
      onDragOver={onFileOver}
      onDragLeave={() => setDropTarget(false)}
      onDrop={(e) => void onFileDrop(e)}
    >
      <input
        type="checkbox"
        className="paper-check"
        aria-label={t('threads.choosePaper', { title })}
        checked={selected}
        onChange={() => toggleSelected(paper.id)}
      />
      {failed ? (
        // Nothing to open: the row names the file and says why it failed.
        <div className="paper-main">
          <span className="paper-title">{title}</span>
          <span className="paper-meta paper-failure" role="alert">
            <span className="status-error">{t('paper.failed')}</span>{' '}
            <ErrorMessage error={paper.error} />
          </span>
        </div>
      ) : (
        <button
          type="button"
          className="paper-main"
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
        </button>
      )}
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
      {attachError && (
        <span className="paper-attach-error small" role="alert">
          <ErrorMessage error={attachError} />
        </span>
      )}
      {fraction !== null && (
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
      )}
    </li>
  )
})
