import { useState } from 'react'
import { formatNumber, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ZOOM_LIMITS } from '../../store/viewerSlice'

const STEP = 1.2

/** Paper title, page navigation, zoom, fit-to-width and close. */
export function ViewerToolbar() {
  const page = useAppStore((s) => s.viewer.page)
  const pageCount = useAppStore((s) => s.viewer.pageCount)
  const zoom = useAppStore((s) => s.viewer.zoom)
  const current = useAppStore((s) => s.viewer.scale)
  const found = useAppStore((s) => s.viewer.highlightFound)
  const hasHighlight = useAppStore((s) => s.viewer.highlight !== null)
  const title = useAppStore(
    (s) => s.library.papers.find((p) => p.id === s.viewer.paperId)?.title ?? s.viewer.paperId ?? ''
  )
  const goToPage = useAppStore((s) => s.goToPage)
  const setZoom = useAppStore((s) => s.setZoom)
  const closeViewer = useAppStore((s) => s.closeViewer)
  // While the page box is being edited it holds the draft; otherwise it shows the page.
  const [draft, setDraft] = useState<string | null>(null)
  const { t } = useTranslation()

  return (
    <header className="pane-header viewer-toolbar">
      <span className="viewer-title" title={title}>
        {title}
      </span>
      <div className="toolbar-group" role="group" aria-label={t('viewer.pages')}>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('viewer.previousPage')}
          disabled={page <= 1}
          onClick={() => goToPage(page - 1)}
        >
          ‹
        </button>
        <input
          className="page-input"
          aria-label={t('viewer.page')}
          value={draft ?? String(page)}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            if (Number(draft) > 0) goToPage(Number(draft))
            setDraft(null)
          }}
          onBlur={() => setDraft(null)}
        />
        <span className="page-count">/ {pageCount ? formatNumber(pageCount) : '…'}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('viewer.nextPage')}
          disabled={pageCount > 0 && page >= pageCount}
          onClick={() => goToPage(page + 1)}
        >
          ›
        </button>
      </div>
      <div className="toolbar-group" role="group" aria-label={t('viewer.zoom')}>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('viewer.zoomOut')}
          disabled={current <= ZOOM_LIMITS.min}
          onClick={() => setZoom(current / STEP)}
        >
          −
        </button>
        <span className="zoom-label">
          {formatNumber(Math.round(current * 100) / 100, { style: 'percent' })}
        </span>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('viewer.zoomIn')}
          disabled={current >= ZOOM_LIMITS.max}
          onClick={() => setZoom(current * STEP)}
        >
          +
        </button>
        <button
          type="button"
          className={`btn btn-small${zoom === 'fit' ? ' active' : ''}`}
          onClick={() => setZoom('fit')}
        >
          {t('viewer.fitWidth')}
        </button>
      </div>
      {hasHighlight && found === false && (
        <span className="muted small" role="status">
          {t('viewer.notFound')}
        </span>
      )}
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.close')}
        onClick={closeViewer}
      >
        ×
      </button>
    </header>
  )
}
