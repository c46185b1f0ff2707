import { useRef, type PointerEvent } from 'react'
import { useTranslation } from '../i18n'

/** A vertical drag handle that resizes the pane to its right. */
export function Splitter({
  width,
  onResize,
  min = 320,
  max = 1400
}: {
  width: number
  onResize: (width: number) => void
  min?: number
  max?: number
}) {
  const { t } = useTranslation()
  const start = useRef<{ x: number; width: number } | null>(null)
  const move = (e: PointerEvent<HTMLDivElement>): void => {
    if (!start.current) return
    const next = start.current.width - (e.clientX - start.current.x)
    onResize(Math.min(max, Math.max(min, next)))
  }
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('app.resizeViewer')}
      aria-valuenow={Math.round(width)}
      tabIndex={0}
      onPointerDown={(e) => {
        start.current = { x: e.clientX, width }
        e.currentTarget.setPointerCapture(e.pointerId)
      }}
      onPointerMove={move}
      onPointerUp={() => (start.current = null)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') onResize(Math.min(max, width + 40))
        if (e.key === 'ArrowRight') onResize(Math.max(min, width - 40))
      }}
    />
  )
}
