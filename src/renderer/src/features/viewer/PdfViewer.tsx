import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { PdfPage } from './PdfPage'
import { PdfjsDocument, type PageSize } from './pdfjs'
import { ViewerToolbar } from './ViewerToolbar'

type Loaded =
  | { state: 'loading'; paperId: string }
  | { state: 'ready'; paperId: string; doc: PdfjsDocument; size: PageSize }
  | { state: 'failed'; paperId: string; message: string }

const PAGE_GAP = 12
/** How far beyond the visible area pages are drawn in advance (and kept). */
const NEAR_MARGIN = '150% 0px'

/** The PDF pane: the toolbar and the open paper's pages. */
export function PdfViewer() {
  const paperId = useAppStore((s) => s.viewer.paperId)
  const { t } = useTranslation()
  return (
    <section className="viewer" aria-label={t('viewer.label')}>
      <ViewerToolbar />
      {paperId && <PdfPages key={paperId} paperId={paperId} />}
    </section>
  )
}

/**
 * One paper's pages: loads its bytes from main, lays out every page as a sized placeholder,
 * draws only pages near the viewport, and follows navigation and highlights.
 * @remarks Keyed by paper, so opening another paper starts from fresh state.
 */
function PdfPages({ paperId }: { paperId: string }) {
  const zoom = useAppStore((s) => s.viewer.zoom)
  const page = useAppStore((s) => s.viewer.page)
  const navNonce = useAppStore((s) => s.viewer.navNonce)
  const highlight = useAppStore((s) => s.viewer.highlight)
  const fetchPdf = useAppStore((s) => s.fetchPdf)
  const setPageCount = useAppStore((s) => s.setPageCount)
  const setVisiblePage = useAppStore((s) => s.setVisiblePage)
  const setHighlightFound = useAppStore((s) => s.setHighlightFound)
  const setScale = useAppStore((s) => s.setScale)
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading', paperId })
  const [near, setNear] = useState<Set<number>>(new Set())
  const [paneWidth, setPaneWidth] = useState(600)
  const scrollRef = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()

  useEffect(() => {
    let doc: PdfjsDocument | null = null
    let stale = false
    void (async () => {
      const got = await fetchPdf(paperId)
      if (stale) return
      if ('error' in got) {
        setLoaded({ state: 'failed', paperId, message: got.error.message })
        return
      }
      try {
        doc = await PdfjsDocument.open(got.bytes)
        const size = await doc.pageSize(1)
        if (stale) return void doc.destroy()
        setPageCount(doc.numPages)
        setLoaded({ state: 'ready', paperId, doc, size })
      } catch (e) {
        if (!stale) setLoaded({ state: 'failed', paperId, message: (e as Error).message })
      }
    })()
    return () => {
      stale = true
      void doc?.destroy()
    }
  }, [paperId, fetchPdf, setPageCount])

  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    // Redraw at the new width once the splitter or the window stops moving, not on every pixel.
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new ResizeObserver(() => {
      clearTimeout(timer)
      timer = setTimeout(() => setPaneWidth(el.clientWidth), 120)
    })
    observer.observe(el)
    setPaneWidth(el.clientWidth)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [loaded.state])

  const ready = loaded.state === 'ready' ? loaded : null
  const scale = ready
    ? zoom === 'fit'
      ? Math.max(0.25, (paneWidth - 2 * PAGE_GAP - 2) / ready.size.width)
      : zoom
    : 1

  useEffect(() => setScale(scale), [scale, setScale])

  // Which pages are near the viewport: only those are drawn.
  useEffect(() => {
    const root = scrollRef.current
    if (!ready || !root) return
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((prev) => {
          const next = new Set(prev)
          for (const e of entries) {
            const n = Number((e.target as HTMLElement).dataset.pageNumber)
            if (e.isIntersecting) next.add(n)
            else next.delete(n)
          }
          return next
        }),
      { root, rootMargin: NEAR_MARGIN }
    )
    root.querySelectorAll('.pdf-page').forEach((el) => observer.observe(el))
    return () => observer.disconnect()
  }, [ready, scale])

  // Navigation: scroll the requested page to the top.
  useLayoutEffect(() => {
    const root = scrollRef.current
    if (!ready || !root) return
    const target = root.querySelector<HTMLElement>(`[data-page-number="${page}"]`)
    if (target) root.scrollTop = target.offsetTop - PAGE_GAP
    // Only a navigation request (or a new layout) scrolls; the page the user scrolls to does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navNonce, ready, scale])

  const onScroll = useCallback(() => {
    const root = scrollRef.current
    if (!root) return
    const probe = root.scrollTop + root.clientHeight / 3
    let current = 1
    for (const el of root.querySelectorAll<HTMLElement>('.pdf-page')) {
      if (el.offsetTop <= probe) current = Number(el.dataset.pageNumber)
      else break
    }
    setVisiblePage(current)
  }, [setVisiblePage])

  return (
    <div
      className="viewer-scroll"
      ref={scrollRef}
      onScroll={onScroll}
      data-viewer-page={page}
      data-paper-id={paperId}
    >
      {loaded.state === 'loading' && <div className="viewer-status">{t('viewer.opening')}</div>}
      {loaded.state === 'failed' && (
        <div className="viewer-status notice notice-error" role="alert">
          <div className="notice-title">{t('viewer.openFailed')}</div>
          <ErrorMessage message={loaded.message} />
        </div>
      )}
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
            highlight={highlight && highlight.page === n ? highlight : null}
            onHighlight={setHighlightFound}
          />
        ))}
    </div>
  )
}
