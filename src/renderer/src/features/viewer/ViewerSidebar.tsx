import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { OutlineEntry, PdfjsDocument } from './pdfjs'

const THUMB_WIDTH = 120

/** One page's thumbnail, drawn when it scrolls into the sidebar's view. */
function Thumbnail({ doc, page, current }: { doc: PdfjsDocument; page: number; current: boolean }) {
  const goToPage = useAppStore((s) => s.goToPage)
  const ref = useRef<HTMLButtonElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [drawn, setDrawn] = useState(false)
  const { t } = useTranslation()
  useEffect(() => {
    const el = ref.current
    if (!el || drawn) return
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting) || !canvasRef.current) return
      observer.disconnect()
      void doc.renderThumbnail(page, THUMB_WIDTH, canvasRef.current).then(
        () => setDrawn(true),
        () => {}
      )
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [doc, page, drawn])
  useEffect(() => {
    if (current) ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [current])
  return (
    <button
      ref={ref}
      type="button"
      className={`thumb${current ? ' current' : ''}`}
      aria-label={t('viewer.thumbnail', { page })}
      aria-current={current ? 'page' : undefined}
      data-thumb-page={page}
      onClick={() => goToPage(page)}
    >
      <canvas ref={canvasRef} aria-hidden="true" style={{ width: THUMB_WIDTH }} />
      <span className="thumb-number" aria-hidden="true">
        {page}
      </span>
    </button>
  )
}

/** The viewer's side panel: page thumbnails, or the PDF's outline. */
export function ViewerSidebar({ doc }: { doc: PdfjsDocument }) {
  const page = useAppStore((s) => s.viewer.page)
  const goToPage = useAppStore((s) => s.goToPage)
  const [tab, setTab] = useState<'thumbnails' | 'outline'>('thumbnails')
  const [outline, setOutline] = useState<OutlineEntry[] | null>(null)
  const { t } = useTranslation()
  useEffect(() => {
    let stale = false
    void doc.outline().then(
      (o) => !stale && setOutline(o),
      () => !stale && setOutline([])
    )
    return () => {
      stale = true
    }
  }, [doc])
  return (
    <nav className="viewer-sidebar" aria-label={t('viewer.sidebar')}>
      <div className="segmented" role="group" aria-label={t('viewer.sidebar')}>
        <button
          type="button"
          aria-pressed={tab === 'thumbnails'}
          onClick={() => setTab('thumbnails')}
        >
          {t('viewer.thumbnails')}
        </button>
        <button type="button" aria-pressed={tab === 'outline'} onClick={() => setTab('outline')}>
          {t('viewer.outline')}
        </button>
      </div>
      {tab === 'thumbnails' ? (
        <div className="thumbs">
          {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((n) => (
            <Thumbnail key={n} doc={doc} page={n} current={n === page} />
          ))}
        </div>
      ) : (
        <ul className="outline">
          {outline?.length === 0 && <li className="muted small">{t('viewer.noOutline')}</li>}
          {outline?.map((entry, i) => (
            <li key={i} style={{ paddingInlineStart: entry.depth * 12 }}>
              <button
                type="button"
                className="outline-entry"
                disabled={entry.page === null}
                onClick={() => entry.page !== null && goToPage(entry.page)}
              >
                {entry.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
}
