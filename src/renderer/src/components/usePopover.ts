import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

/** The least room kept between a popover and the window's edge (CSS pixels). */
const EDGE = 8

/**
 * A popover's behaviour: Escape or a press outside `wrap` (the trigger and the popover) closes
 * it and gives focus back to the trigger; once shown it is shifted left, and its height
 * limited, so that it stays inside the window.
 * @remarks Escape is taken on the document, before the window's shortcuts see it, so closing a
 * popover does not also close the viewer behind it.
 */
export function usePopover(
  open: boolean,
  onClose: () => void
): { wrap: RefObject<HTMLSpanElement | null>; popover: RefObject<HTMLDivElement | null> } {
  const wrap = useRef<HTMLSpanElement>(null)
  const popover = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  }, [onClose])

  useEffect(() => {
    if (!open) return
    const trigger = (): HTMLElement | null =>
      wrap.current?.querySelector<HTMLElement>('[aria-expanded]') ?? null
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Escape') return
      e.stopPropagation()
      e.preventDefault()
      close.current()
      trigger()?.focus()
    }
    const onPointer = (e: PointerEvent): void => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) close.current()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  useLayoutEffect(() => {
    const el = popover.current
    if (!open || !el) return
    el.style.translate = ''
    el.style.maxHeight = ''
    const box = el.getBoundingClientRect()
    const over = box.right - (window.innerWidth - EDGE)
    if (over > 0) el.style.translate = `${-Math.min(over, box.left - EDGE)}px 0`
    const room = window.innerHeight - EDGE - box.top
    if (box.height > room) el.style.maxHeight = `${Math.max(120, room)}px`
  }, [open])

  return { wrap, popover }
}
