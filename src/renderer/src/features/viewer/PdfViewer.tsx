import { useEffect, useRef, useState } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { FindBar } from './FindBar'
import { PdfPage } from './PdfPage'
import { useDocumentFind } from './useDocumentFind'
import { usePdfDocument, type LoadedDocument } from './usePdfDocument'
import {
  PAGE_GAP,
  useCitationLanding,
  useNearPages,
  usePageNavigation,
  usePaneWidth
} from './useViewerScroll'
import { ViewerSidebar } from './ViewerSidebar'
import { ViewerToolbar } from './ViewerToolbar'

/** The PDF pane: the toolbar, find, the side panel and the open paper's pages. */
export function PdfViewer() {
  const paperId = useAppStore((s) => s.viewer.paperId)
  const [sidebar, setSidebar] = useState(false)
  const { t } = useTranslation()
  return (
    <section className="viewer" aria-label={t('viewer.label')}>
      <ViewerToolbar sidebar={sidebar} onToggleSidebar={() => setSidebar((o) => !o)} />
      <FindBar />
      {paperId && <PdfPages key={paperId} paperId={paperId} sidebar={sidebar} />}
    </section>
  )
}

/** The scale pages are drawn at: the chosen zoom, or the pane's width for fit-to-width. */
function useScale(loaded: LoadedDocument, paneWidth: number): number {
  const zoom = useAppStore((s) => s.viewer.zoom)
  const setScale = useAppStore((s) => s.setScale)
  const scale =
    loaded.state === 'ready'
      ? zoom === 'fit'
        ? Math.max(0.25, (paneWidth - 2 * PAGE_GAP - 2) / loaded.size.width)
        : zoom
      : 1
  useEffect(() => setScale(scale), [scale, setScale])
  return scale
}

/** Why the paper is not shown yet: it is opening, or it could not be opened (and why). */
function DocumentStatus({ loaded }: { loaded: LoadedDocument }) {
  const { t } = useTranslation()
  if (loaded.state === 'loading') return <div className="viewer-status">{t('viewer.opening')}</div>
  if (loaded.state !== 'failed') return null
  return (
    <div className="viewer-status notice notice-error" role="alert">
      <div className="notice-title">{t('viewer.openFailed')}</div>
      <ErrorMessage error={loaded.error} />
    </div>
  )
}

/**
 * One paper's pages: loads its bytes from main, lays out every page as a sized placeholder,
 * draws only pages near the viewport, and follows navigation and highlights.
 * @remarks Keyed by paper, so opening another paper starts from fresh state.
 */
function PdfPages({ paperId, sidebar }: { paperId: string; sidebar: boolean }) {
  const page = useAppStore((s) => s.viewer.page)
  const highlight = useAppStore((s) => s.viewer.highlight)
  const setHighlightFound = useAppStore((s) => s.setHighlightFound)
  const findNonce = useAppStore((s) => s.viewer.find.nonce)
  const scrollRef = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()
  const loaded = usePdfDocument(paperId)
  const ready = loaded.state === 'ready' ? loaded : null
  const scale = useScale(loaded, usePaneWidth(scrollRef, loaded.state))
  const near = useNearPages(scrollRef, !!ready, scale)
  const onScroll = usePageNavigation(scrollRef, !!ready, scale)
  const hitsByPage = useDocumentFind(ready?.doc ?? null, scrollRef)
  const landing = useCitationLanding()

  // A citation opens the viewer with focus in it, so the keyboard can scroll the paper.
  useEffect(() => {
    if (highlight) scrollRef.current?.focus({ preventScroll: true })
  }, [highlight])

  return (
    <div className="viewer-body">
      {sidebar && ready && <ViewerSidebar doc={ready.doc} />}
      <div
        className="viewer-scroll"
        ref={scrollRef}
        onScroll={onScroll}
        data-viewer-page={page}
        data-paper-id={paperId}
        tabIndex={0}
        role="region"
        aria-label={t('viewer.pages')}
      >
        <DocumentStatus loaded={loaded} />
        {ready &&
          Array.from({ length: ready.doc.numPages }, (_, i) => i + 1).map((n) => (
            <PdfPage
              paperId={paperId}
              key={`${ready.paperId}-${n}`}
              doc={ready.doc}
              number={n}
              scale={scale}
              size={ready.size}
              near={near.has(n)}
              defer={landing && highlight?.page !== n}
              highlight={highlight && highlight.page === n ? highlight : null}
              onHighlight={setHighlightFound}
              findHits={hitsByPage.get(n) ?? null}
              findNonce={findNonce}
            />
          ))}
      </div>
    </div>
  )
}
