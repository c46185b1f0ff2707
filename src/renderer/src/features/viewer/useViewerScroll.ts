import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react'
import { useAppStore } from '../../store/StoreContext'

/** The gap between pages, in CSS pixels. */
export const PAGE_GAP = 12
/** How far beyond the visible area pages are drawn in advance (and kept). */
const NEAR_MARGIN = '150% 0px'

/**
 * The scroll pane's width, followed once the splitter or the window stops moving (a redraw at
 * every pixel would redraw every visible page each time).
 */
export function usePaneWidth(scrollRef: RefObject<HTMLDivElement | null>, layout: unknown): number {
  const [paneWidth, setPaneWidth] = useState(600)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
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
  }, [scrollRef, layout])
  return paneWidth
}

/** Which pages are near the viewport: only those are drawn. */
export function useNearPages(
  scrollRef: RefObject<HTMLDivElement | null>,
  ready: boolean,
  scale: number
): Set<number> {
  const [near, setNear] = useState<Set<number>>(new Set())
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
  }, [scrollRef, ready, scale])
  return near
}

/**
 * Navigation: a page asked for (page box, history, a citation) is scrolled to the top; a cited
 * passage then lands itself in the upper third once its page is drawn (usePageHighlight).
 * @returns the scroll handler that tells the store which page is read (the one at a third of
 * the pane's height, where a landed passage sits).
 */
export function usePageNavigation(
  scrollRef: RefObject<HTMLDivElement | null>,
  ready: boolean,
  scale: number
): () => void {
  const page = useAppStore((s) => s.viewer.page)
  const navNonce = useAppStore((s) => s.viewer.navNonce)
  const setVisiblePage = useAppStore((s) => s.setVisiblePage)
  useLayoutEffect(() => {
    const root = scrollRef.current
    if (!ready || !root) return
    const target = root.querySelector<HTMLElement>(`[data-page-number="${page}"]`)
    if (target) root.scrollTop = target.offsetTop - PAGE_GAP
    // Only a navigation request (or a new layout) scrolls; the page the user scrolls to does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navNonce, ready, scale])
  return useCallback(() => {
    const root = scrollRef.current
    if (!root) return
    const probe = root.scrollTop + root.clientHeight / 3
    let current = 1
    for (const el of root.querySelectorAll<HTMLElement>('.pdf-page')) {
      if (el.offsetTop <= probe) current = Number(el.dataset.pageNumber)
      else break
    }
    setVisiblePage(current)
  }, [scrollRef, setVisiblePage])
}

/** How long the other pages wait for the cited page to be drawn and marked, at most. */
const LANDING_WAIT_MS = 1500

/**
 * Whether a citation is landing: its page is being drawn and marked, and the pages around it
 * wait, so that on a busy machine the cited page is not drawn last of five.
 * @remarks Pages already drawn stay drawn; only new drawings wait. A page that cannot be drawn
 * or a passage that is not found does not hold the others for more than {@link LANDING_WAIT_MS}.
 */
export function useCitationLanding(): boolean {
  const pending = useAppStore(
    (s) => s.viewer.highlight !== null && s.viewer.highlightFound === null
  )
  const nonce = useAppStore((s) => s.viewer.highlight?.nonce)
  const [expired, setExpired] = useState<number | undefined>(undefined)
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => setExpired(nonce), LANDING_WAIT_MS)
    return () => clearTimeout(timer)
  }, [pending, nonce])
  return pending && expired !== nonce
}
