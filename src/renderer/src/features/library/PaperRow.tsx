import { memo, useState, type DragEvent } from 'react'
import type { AppError } from '../../../../shared/errors'
import type { Paper } from '../../../../shared/types'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { PaperActions, PaperMain, PaperProgressBar, type RowState } from './PaperRowParts'
import { progressFraction } from './statusText'
import { rowTitle } from './visiblePapers'

/** The drag type that carries paper ids onto a collection. */
export const PAPER_DRAG_TYPE = 'application/x-researchpal-papers'

/**
 * One row: checkbox, title, first author · year, status, and the row's actions; compact (two
 * lines) in a narrow library, one cell per column in a wide one.
 * @remarks Memoised: main sends only the papers that changed, so during an import of thousands
 * the other rows keep their paper object and are not rendered again for each status change.
 */
export const PaperRow = memo(function PaperRow({
  paper,
  columns = false
}: {
  paper: Paper
  /** The library is wide enough for one cell per column. */
  columns?: boolean
}) {
  const progress = useAppStore((s) => s.library.progress[paper.id])
  const busy = useAppStore((s) => s.library.busy.includes(paper.id))
  const isOpen = useAppStore((s) => s.viewer.open && s.viewer.paperId === paper.id)
  const selectedIds = useAppStore((s) => s.organize.selected)
  const selected = selectedIds.includes(paper.id)
  const toggleSelected = useAppStore((s) => s.toggleSelected)
  const attachPdf = useAppStore((s) => s.attachPdf)
  const [dropTarget, setDropTarget] = useState(false)
  const [attachError, setAttachError] = useState<AppError | null>(null)
  const { t } = useTranslation()
  const fraction = progressFraction(paper, progress)
  const canOpen = paper.status === 'indexed' || (paper.pages > 0 && paper.status !== 'error')
  const title = rowTitle(paper, progress)
  const failed = paper.status === 'error'
  const noPdf = paper.status === 'metadata'
  const row: RowState = {
    paper,
    title,
    busy,
    failed,
    noPdf,
    canOpen,
    progress,
    fraction,
    columns
  }

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
      <PaperMain row={row} />
      <PaperActions row={row} />
      {attachError && (
        <span className="paper-attach-error small" role="alert">
          <ErrorMessage error={attachError} />
        </span>
      )}
      {fraction !== null && <PaperProgressBar fraction={fraction} />}
    </li>
  )
})
