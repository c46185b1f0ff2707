import { useState } from 'react'
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

  return (
    <header className="pane-header viewer-toolbar">
      <span className="viewer-title" title={title}>
        {title}
      </span>
      <div className="toolbar-group" role="group" aria-label="Pages">
        <button
          type="button"
          className="icon-btn"
          aria-label="Previous page"
          disabled={page <= 1}
          onClick={() => goToPage(page - 1)}
        >
          ‹
        </button>
        <input
          className="page-input"
          aria-label="Page"
          value={draft ?? String(page)}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            if (Number(draft) > 0) goToPage(Number(draft))
            setDraft(null)
          }}
          onBlur={() => setDraft(null)}
        />
        <span className="page-count">/ {pageCount || '…'}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label="Next page"
          disabled={pageCount > 0 && page >= pageCount}
          onClick={() => goToPage(page + 1)}
        >
          ›
        </button>
      </div>
      <div className="toolbar-group" role="group" aria-label="Zoom">
        <button
          type="button"
          className="icon-btn"
          aria-label="Zoom out"
          disabled={current <= ZOOM_LIMITS.min}
          onClick={() => setZoom(current / STEP)}
        >
          −
        </button>
        <span className="zoom-label">{`${Math.round(current * 100)}%`}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label="Zoom in"
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
          Fit width
        </button>
      </div>
      {hasHighlight && found === false && (
        <span className="muted small" role="status">
          Passage not found on this page
        </span>
      )}
      <button type="button" className="icon-btn" aria-label="Close viewer" onClick={closeViewer}>
        ×
      </button>
    </header>
  )
}
