import { useEffect, useState } from 'react'

/**
 * How the window is laid out: `wide` shows library | chat | viewer side by side; `medium`
 * keeps chat | viewer and makes the library a drawer; `narrow` shows one pane at a time, as tabs.
 */
export type LayoutMode = 'wide' | 'medium' | 'narrow'

/** Below these widths (CSS pixels) the library becomes a drawer, then the panes become tabs. */
export const BREAKPOINTS = { drawer: 1000, tabs: 760 } as const

/** The library's width beside the chat in the wide layout. */
export const LIBRARY_WIDTH = 340
/** The splitter between the chat and the viewer (its grid column). */
export const SPLITTER_WIDTH = 6

/**
 * The widths at which an answer and a page are comfortable to read side by side: the library
 * stays beside them only when the window has room for all three.
 */
export const READABLE = { chat: 560, viewer: 640 } as const

/** The narrowest chat and viewer the layout keeps when both are shown. */
export const MIN_CHAT = 480
export const MIN_VIEWER = 440

/**
 * The layout mode for a window width, and whether a paper is open beside the chat.
 * @remarks With a paper open, the library gives its room to the answer and the page (it is a
 * drawer until the window fits all three at their readable widths), and below the width where
 * both fit at their narrowest the answer and the page become tabs of one pane.
 */
export function layoutMode(width: number, viewerOpen = false): LayoutMode {
  if (!viewerOpen) {
    if (width < BREAKPOINTS.tabs) return 'narrow'
    if (width < BREAKPOINTS.drawer) return 'medium'
    return 'wide'
  }
  if (width < MIN_CHAT + SPLITTER_WIDTH + MIN_VIEWER) return 'narrow'
  if (width < LIBRARY_WIDTH + READABLE.chat + SPLITTER_WIDTH + READABLE.viewer) return 'medium'
  return 'wide'
}

/** The window's inner width, updated as it is resized. */
export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth)
  useEffect(() => {
    const onResize = (): void => setWidth(window.innerWidth)
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])
  return width
}

const SHARE_KEY = 'researchpal.viewerShare'
/** The viewer's share of the room beside the library, until the user drags the splitter. */
export const DEFAULT_SHARE = 0.55
const SHARE_LIMITS = { min: 0.25, max: 0.8 } as const

/** The viewer's remembered share (0.25–0.8) of the width beside the library. */
export function loadViewerShare(storage: Pick<Storage, 'getItem'> = localStorage): number {
  const n = Number(storage.getItem(SHARE_KEY))
  return Number.isFinite(n) && n >= SHARE_LIMITS.min && n <= SHARE_LIMITS.max ? n : DEFAULT_SHARE
}

/** Remembers the viewer's share for the next launch. */
export function saveViewerShare(
  share: number,
  storage: Pick<Storage, 'setItem'> = localStorage
): void {
  storage.setItem(SHARE_KEY, String(clampShare(share)))
}

/** Keeps a share within its limits. */
export function clampShare(share: number): number {
  return Math.min(SHARE_LIMITS.max, Math.max(SHARE_LIMITS.min, share))
}

/**
 * The viewer's width in pixels for a share of `room` (the width beside the library), kept so
 * that the chat and the viewer both fit.
 */
export function viewerWidth(share: number, room: number): number {
  const max = Math.max(MIN_VIEWER, room - MIN_CHAT)
  return Math.round(Math.min(max, Math.max(MIN_VIEWER, share * room)))
}
