import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation, type Failure } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { FindHit } from '../../store/viewerSlice'
import { DocumentCache } from './documentCache'
import { FindBar } from './FindBar'
import { findAllItems } from './highlightMatch'
import { PdfPage, type PageHit } from './PdfPage'
import { PdfjsDocument, type PageSize } from './pdfjs'
import { ViewerSidebar } from './ViewerSidebar'
import { ViewerToolbar } from './ViewerToolbar'

type Loaded =
  | { state: 'loading'; paperId: string }
  | { state: 'ready'; paperId: string; doc: PdfjsDocument; size: PageSize }
  | { state: 'failed'; paperId: string; error: Failure }

/** The papers last opened, kept open so that going back to one is immediate. */
const documents = new DocumentCache<PdfjsDocument>(3)

/** Main could not give the PDF's bytes (the reason is main's, for the person). */
class PdfNotFetched extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message)
  }
}

const PAGE_GAP = 12
/** How far beyond the visible area pages are drawn in advance (and kept). */
const NEAR_MARGIN = '150% 0px'

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

/** Every hit of `query` in the document, page by page (each page's text is read once). */
async function findHits(
  doc: PdfjsDocument,
  cache: Map<number, string[]>,
  query: string,
  stale: () => boolean
): Promise<FindHit[] | null> {
  const hits: FindHit[] = []
  for (let page = 1; page <= doc.numPages; page++) {
    let items = cache.get(page)
    if (!items) {
      items = await doc.pageItems(page)
      cache.set(page, items)
    }
    if (stale()) return null
    for (const ranges of findAllItems(items, query)) hits.push({ page, ranges })
  }
  return hits
}

/**
 * One paper's pages: loads its bytes from main, lays out every page as a sized placeholder,
 * draws only pages near the viewport, and follows navigation and highlights.
 * @remarks Keyed by paper, so opening another paper starts from fresh state.
 */
function PdfPages({ paperId, sidebar }: { paperId: string; sidebar: boolean }) {
  const zoom = useAppStore((s) => s.viewer.zoom)
  const page = useAppStore((s) => s.viewer.page)
  const navNonce = useAppStore((s) => s.viewer.navNonce)
  const highlight = useAppStore((s) => s.viewer.highlight)
  const fetchPdf = useAppStore((s) => s.fetchPdf)
  const sha256 = useAppStore((s) => s.library.papers.find((p) => p.id === paperId)?.sha256 ?? '')
  const setPageCount = useAppStore((s) => s.setPageCount)
  const setVisiblePage = useAppStore((s) => s.setVisiblePage)
  const setHighlightFound = useAppStore((s) => s.setHighlightFound)
  const setScale = useAppStore((s) => s.setScale)
  const find = useAppStore((s) => s.viewer.find)
  const setFindHits = useAppStore((s) => s.setFindHits)
  const goToPage = useAppStore((s) => s.goToPage)
  const pageText = useRef(new Map<number, string[]>())
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading', paperId })
  const [near, setNear] = useState<Set<number>>(new Set())
  const [paneWidth, setPaneWidth] = useState(600)
  const scrollRef = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()

  useEffect(() => {
    let stale = false
    void (async () => {
      try {
        const doc = await documents.get(`${paperId}:${sha256}`, async () => {
          const got = await fetchPdf(paperId)
          if ('error' in got) throw new PdfNotFetched(got.error)
          return PdfjsDocument.open(got.bytes)
        })
        const size = await doc.pageSize(1)
        if (stale) return
        setPageCount(doc.numPages)
        setLoaded({ state: 'ready', paperId, doc, size })
      } catch (e) {
        if (stale) return
        const error = e instanceof PdfNotFetched ? e.failure : { message: (e as Error).message }
        setLoaded({ state: 'failed', paperId, error })
      }
    })()
    return () => {
      stale = true
    }
  }, [paperId, sha256, fetchPdf, setPageCount])

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

  // Find: count the hits of the query over every page (debounced while typing).
  const findQuery = find.open ? find.query.trim() : ''
  useEffect(() => {
    if (!ready || !findQuery) return
    let stale = false
    const timer = setTimeout(() => {
      void findHits(ready.doc, pageText.current, findQuery, () => stale).then((hits) => {
        if (hits) setFindHits(find.query, hits)
      })
    }, 150)
    return () => {
      stale = true
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, findQuery, setFindHits])

  // The current hit's page is brought near so that it is drawn; PdfPage scrolls to the hit
  // itself. A page already drawn has been scrolled to its hit (its effect ran first): moving to
  // the page's top now would push a hit low on a tall page out of view.
  const currentHit = find.open && find.hits ? (find.hits[find.current] ?? null) : null
  useEffect(() => {
    if (!currentHit) return
    const target = scrollRef.current?.querySelector<HTMLElement>(
      `[data-page-number="${currentHit.page}"]`
    )
    if (target?.dataset.rendered !== 'true') goToPage(currentHit.page)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [find.nonce])

  // A citation opens the viewer with focus in it, so the keyboard can scroll the paper.
  useEffect(() => {
    if (highlight) scrollRef.current?.focus({ preventScroll: true })
  }, [highlight])

  const hitsByPage = new Map<number, PageHit[]>()
  if (find.open && find.hits) {
    find.hits.forEach((hit, i) => {
      const list = hitsByPage.get(hit.page) ?? []
      list.push({ ranges: hit.ranges, current: i === find.current })
      hitsByPage.set(hit.page, list)
    })
  }

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
        {loaded.state === 'loading' && <div className="viewer-status">{t('viewer.opening')}</div>}
        {loaded.state === 'failed' && (
          <div className="viewer-status notice notice-error" role="alert">
            <div className="notice-title">{t('viewer.openFailed')}</div>
            <ErrorMessage error={loaded.error} />
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
              findHits={hitsByPage.get(n) ?? null}
              findNonce={find.nonce}
            />
          ))}
      </div>
    </div>
  )
}
