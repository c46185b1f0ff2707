import { useRef, type CSSProperties, type RefObject } from 'react'
import { useTranslation } from '../../i18n'
import type { Highlight } from '../../store/viewerSlice'
import { CSS_PER_PDF_UNIT, type PageSize, type PdfjsDocument } from './pdfjs'
import { useFindMarks, type PageHit } from './useFindMarks'
import { usePageDrawing } from './usePageDrawing'
import { usePageHighlight, type HighlightBoxes } from './usePageHighlight'

export type { PageHit } from './useFindMarks'

interface Props {
  paperId: string
  doc: PdfjsDocument
  number: number
  scale: number
  size: PageSize
  /** Whether the page is near the viewport (only then is it drawn). */
  near: boolean
  /** Whether the page waits to be drawn while a citation lands on another page. */
  defer: boolean
  highlight: Highlight | null
  onHighlight: (found: boolean) => void
  /** Find hits on this page (the current one marked), or null. */
  findHits: PageHit[] | null
  /** Bumped when the current find hit should be scrolled into view. */
  findNonce: number
}

/** The boxes over a page: a cited figure's region, or the OCR'd words of a cited passage. */
function BoxLayer({
  boxes,
  highlight,
  layerRef
}: {
  boxes: HighlightBoxes | null
  highlight: Highlight | null
  layerRef: RefObject<HTMLDivElement | null>
}) {
  return (
    <div ref={layerRef} className="box-layer" aria-hidden="true">
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
  )
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
  defer,
  highlight,
  onHighlight,
  findHits,
  findNonce
}: Props) {
  const boxLayerRef = useRef<HTMLDivElement>(null)
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const textRef = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()
  const { rendered, failed } = usePageDrawing(doc, number, scale, near, defer, canvasRef, textRef)
  const boxes = usePageHighlight({
    paperId,
    number,
    scale,
    highlight,
    rendered,
    onHighlight,
    boxLayerRef
  })
  useFindMarks(rendered, findHits, findNonce)

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
      <BoxLayer boxes={boxes} highlight={highlight} layerRef={boxLayerRef} />
      {!rendered && (
        <div className="pdf-page-label">
          {failed ? t('viewer.pageFailed', { page: number }) : number}
        </div>
      )}
    </div>
  )
}
