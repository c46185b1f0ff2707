import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import type { Region } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { Highlight } from '../../store/viewerSlice'
import { findSnippetItems } from './highlightMatch'
import { CSS_PER_PDF_UNIT, type PageSize, type PdfjsDocument } from './pdfjs'

interface Props {
  paperId: string
  doc: PdfjsDocument
  number: number
  scale: number
  size: PageSize
  /** Whether the page is near the viewport (only then is it drawn). */
  near: boolean
  highlight: Highlight | null
  onHighlight: (found: boolean) => void
}

/**
 * One page: a placeholder of the right size until it comes near the viewport, then the canvas
 * and the selectable text layer; marks the highlighted snippet's spans, or draws boxes over a
 * cited figure's region or over the OCR'd words of a scanned page (which has no text layer).
 */
export function PdfPage({
  paperId,
  doc,
  number,
  scale,
  size,
  near,
  highlight,
  onHighlight
}: Props) {
  const fetchOcrWords = useAppStore((s) => s.fetchOcrWords)
  const [ocrHits, setOcrHits] = useState<{ regions: Region[]; nonce: number } | null>(null)
  const boxLayerRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const textRef = useRef<HTMLDivElement>(null)
  const [rendered, setRendered] = useState<{ spans: HTMLElement[]; items: string[] } | null>(null)
  const [failed, setFailed] = useState(false)
  const scrolledFor = useRef<number | null>(null)
  const { t } = useTranslation()

  useEffect(() => {
    const canvas = canvasRef.current
    const text = textRef.current
    if (!near || !canvas || !text) return
    const task = doc.render(number, scale, canvas, text)
    task.done.then(
      (r) => setRendered(r),
      (e: unknown) => {
        if (!(e instanceof Error && /cancel/i.test(e.message + e.name))) setFailed(true)
      }
    )
    return () => {
      task.cancel()
      setRendered(null)
      // Far-away pages give their bitmap back, so a long paper never holds every page at once.
      canvas.width = 0
      canvas.height = 0
      text.replaceChildren()
    }
  }, [doc, number, scale, near])

  // A figure is highlighted by its region; OCR'd text by the boxes of the words it matches.
  useEffect(() => {
    if (!highlight || highlight.page !== number) return
    if (highlight.region || highlight.kind !== 'ocr') return
    let stale = false
    void fetchOcrWords(paperId, number).then((words) => {
      if (stale) return
      const hits = findSnippetItems(
        words.map((w) => w.text),
        highlight.snippet
      )
      setOcrHits({ regions: hits.map((i) => words[i]!.box), nonce: highlight.nonce })
    })
    return () => {
      stale = true
    }
  }, [highlight, number, paperId, fetchOcrWords])

  const boxes = useMemo(() => {
    if (!highlight || highlight.page !== number) return null
    if (highlight.region) return { regions: [highlight.region], nonce: highlight.nonce }
    if (highlight.kind === 'ocr' && ocrHits?.nonce === highlight.nonce) return ocrHits
    return null
  }, [highlight, number, ocrHits])

  useEffect(() => {
    if (!boxes || !rendered || scrolledFor.current === boxes.nonce) return
    scrolledFor.current = boxes.nonce
    boxLayerRef.current?.firstElementChild?.scrollIntoView({ block: 'center' })
    onHighlight(boxes.regions.length > 0)
  }, [boxes, rendered, onHighlight])

  useEffect(() => {
    if (!rendered) return
    for (const span of rendered.spans) span.classList.remove('highlight')
    if (!highlight || highlight.page !== number) return
    if (highlight.region || highlight.kind === 'ocr') return
    const hits = findSnippetItems(rendered.items, highlight.snippet)
    const spans = hits.map((i) => rendered.spans[i]).filter((s): s is HTMLElement => !!s)
    for (const span of spans) span.classList.add('highlight')
    if (scrolledFor.current !== highlight.nonce) {
      scrolledFor.current = highlight.nonce
      spans[0]?.scrollIntoView({ block: 'center' })
      onHighlight(spans.length > 0)
    }
  }, [rendered, highlight, number, onHighlight])

  const width = Math.floor(size.width * scale)
  const height = Math.floor(size.height * scale)
  return (
    <div
      className="pdf-page"
      data-page-number={number}
      data-rendered={rendered ? 'true' : 'false'}
      style={
        {
          width,
          height,
          '--scale-factor': scale * CSS_PER_PDF_UNIT,
          '--total-scale-factor': scale * CSS_PER_PDF_UNIT,
          '--scale-round-x': '1px',
          '--scale-round-y': '1px'
        } as CSSProperties
      }
    >
      <canvas ref={canvasRef} aria-hidden="true" />
      <div ref={textRef} className="textLayer" />
      <div ref={boxLayerRef} className="box-layer" aria-hidden="true">
        {boxes?.regions.map((r, i) => (
          <div
            key={i}
            className={highlight?.region ? 'region-highlight' : 'ocr-highlight'}
            data-kind={highlight?.kind ?? 'text'}
            style={{
              left: `${r.x * 100}%`,
              top: `${r.y * 100}%`,
              width: `${r.width * 100}%`,
              height: `${r.height * 100}%`
            }}
          />
        ))}
      </div>
      {!rendered && (
        <div className="pdf-page-label">
          {failed ? t('viewer.pageFailed', { page: number }) : number}
        </div>
      )}
    </div>
  )
}
