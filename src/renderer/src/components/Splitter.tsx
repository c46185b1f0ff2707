import { useRef, type PointerEvent } from 'react'
import { useTranslation } from '../i18n'

/**
 * A vertical drag handle that resizes the pane beside it: the one to its right (the viewer),
 * or with `resizes="left"` the one to its left (the library).
 */
export function Splitter({
  width,
  onResize,
  min = 320,
  max = 1400,
  resizes = 'right',
  label
}: {
  width: number
  onResize: (width: number) => void
  min?: number
  max?: number
  resizes?: 'left' | 'right'
  /** The handle's accessible name; the viewer's by default. */
  label?: string
}) {
  const { t } = useTranslation()
  const start = useRef<{ x: number; width: number } | null>(null)
  // Moving right widens a pane on the left and narrows one on the right.
  const sign = resizes === 'left' ? 1 : -1
  const clamp = (px: number): number => Math.min(max, Math.max(min, px))
  const move = (e: PointerEvent<HTMLDivElement>): void => {
    if (!start.current) return
    onResize(clamp(start.current.width + sign * (e.clientX - start.current.x)))
  }
  return (
    <div
      className="splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={label ?? t('app.resizeViewer')}
      aria-valuenow={Math.round(width)}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      onPointerDown={(e) => {
        start.current = { x: e.clientX, width }
        e.currentTarget.setPointerCapture(e.pointerId)
      }}
      onPointerMove={move}
      onPointerUp={() => (start.current = null)}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') onResize(clamp(width - sign * 40))
        if (e.key === 'ArrowRight') onResize(clamp(width + sign * 40))
      }}
    />
  )
}
