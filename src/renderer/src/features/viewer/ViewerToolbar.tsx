import { useState } from 'react'
import { formatNumber, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ZOOM_LIMITS } from '../../store/viewerSlice'
import { CopyPassageLink } from '../../components/CopyPassageLink'

/** How much one zoom step multiplies or divides the scale by. */
export const ZOOM_STEP = 1.2

/** Back / forward through the papers and pages visited, and the side panel's toggle. */
function HistoryGroup({
  sidebar,
  onToggleSidebar
}: {
  sidebar: boolean
  onToggleSidebar: () => void
}) {
  const canBack = useAppStore((s) => s.viewer.back.length > 0)
  const canForward = useAppStore((s) => s.viewer.forward.length > 0)
  const goBack = useAppStore((s) => s.goBack)
  const goForward = useAppStore((s) => s.goForward)
  const { t } = useTranslation()
  return (
    <div className="toolbar-group">
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.back')}
        title={t('viewer.back')}
        disabled={!canBack}
        onClick={goBack}
      >
        ←
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.forward')}
        title={t('viewer.forward')}
        disabled={!canForward}
        onClick={goForward}
      >
        →
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.sidebar')}
        title={t('viewer.sidebar')}
        aria-pressed={sidebar}
        onClick={onToggleSidebar}
      >
        ▤
      </button>
    </div>
  )
}

/** The page box between the previous and next page buttons. */
function PageGroup() {
  const page = useAppStore((s) => s.viewer.page)
  const pageCount = useAppStore((s) => s.viewer.pageCount)
  const goToPage = useAppStore((s) => s.goToPage)
  // While the page box is being edited it holds the draft; otherwise it shows the page.
  const [draft, setDraft] = useState<string | null>(null)
  const { t } = useTranslation()
  return (
    <div className="toolbar-group" role="group" aria-label={t('viewer.pages')}>
      <button
        type="button"
        className="icon-btn page-step"
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
        className="icon-btn page-step"
        aria-label={t('viewer.nextPage')}
        disabled={pageCount > 0 && page >= pageCount}
        onClick={() => goToPage(page + 1)}
      >
        ›
      </button>
    </div>
  )
}

/** Zoom out, the scale, zoom in and fit-to-width. */
function ZoomGroup() {
  const zoom = useAppStore((s) => s.viewer.zoom)
  const current = useAppStore((s) => s.viewer.scale)
  const setZoom = useAppStore((s) => s.setZoom)
  const { t } = useTranslation()
  return (
    <div className="toolbar-group" role="group" aria-label={t('viewer.zoom')}>
      <button
        type="button"
        className="icon-btn zoom-step"
        aria-label={t('viewer.zoomOut')}
        disabled={current <= ZOOM_LIMITS.min}
        onClick={() => setZoom(current / ZOOM_STEP)}
      >
        −
      </button>
      <span className="zoom-label">
        {formatNumber(Math.round(current * 100) / 100, { style: 'percent' })}
      </span>
      <button
        type="button"
        className="icon-btn zoom-step"
        aria-label={t('viewer.zoomIn')}
        disabled={current >= ZOOM_LIMITS.max}
        onClick={() => setZoom(current * ZOOM_STEP)}
      >
        +
      </button>
      <button
        type="button"
        className={`icon-btn${zoom === 'fit' ? ' active' : ''}`}
        aria-label={t('viewer.fitWidth')}
        title={t('viewer.fitWidth')}
        aria-pressed={zoom === 'fit'}
        onClick={() => setZoom('fit')}
      >
        ↔
      </button>
    </div>
  )
}

/**
 * Back / forward, the side panel, paper title, page navigation, zoom, fit-to-width, find and
 * close — on one line at any pane width (the title gives way first).
 */
export function ViewerToolbar({
  sidebar,
  onToggleSidebar
}: {
  sidebar: boolean
  onToggleSidebar: () => void
}) {
  const page = useAppStore((s) => s.viewer.page)
  const found = useAppStore((s) => s.viewer.highlightFound)
  const hasHighlight = useAppStore((s) => s.viewer.highlight !== null)
  const paperId = useAppStore((s) => s.viewer.paperId)
  const highlight = useAppStore((s) => s.viewer.highlight)
  const title = useAppStore(
    (s) => s.library.papers.find((p) => p.id === s.viewer.paperId)?.title ?? s.viewer.paperId ?? ''
  )
  const closeViewer = useAppStore((s) => s.closeViewer)
  const findOpen = useAppStore((s) => s.viewer.find.open)
  const setFind = useAppStore((s) => s.setFind)
  const { t } = useTranslation()

  return (
    <header className="pane-header viewer-toolbar">
      <HistoryGroup sidebar={sidebar} onToggleSidebar={onToggleSidebar} />
      <span className="viewer-title" title={title}>
        {title}
      </span>
      <PageGroup />
      <ZoomGroup />
      {hasHighlight && found === false && (
        <span className="muted small" role="status">
          {t('viewer.notFound')}
        </span>
      )}
      {paperId && (
        <CopyPassageLink
          icon
          paperId={paperId}
          page={highlight?.page ?? page}
          quote={highlight?.snippet ?? null}
        />
      )}
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.find')}
        title={t('viewer.find')}
        aria-pressed={findOpen}
        onClick={() => setFind({ open: !findOpen })}
      >
        ⌕
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.close')}
        title={t('viewer.close')}
        onClick={closeViewer}
      >
        ×
      </button>
    </header>
  )
}
