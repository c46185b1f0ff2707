import { LIBRARY_WIDTH, MIN_CHAT, READABLE, SPLITTER_WIDTH } from './layoutMode'

/**
 * From this width the library's rows show columns (title, first author, year, added, status)
 * under a header that sorts; narrower, each row is today's two compact lines.
 */
export const COLUMNS_MIN_WIDTH = 680

const WIDTH_KEY = 'researchpal.libraryWidth'
/** The stored format's version: `{ v: 1, px }` as JSON. */
const WIDTH_VERSION = 1

/** The library's remembered width beside the chat, or its default (340 px). */
export function loadLibraryWidth(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage
): number {
  try {
    const v = JSON.parse(storage?.getItem(WIDTH_KEY) ?? 'null') as { v?: unknown; px?: unknown }
    return v?.v === WIDTH_VERSION && typeof v.px === 'number' && v.px >= LIBRARY_WIDTH
      ? v.px
      : LIBRARY_WIDTH
  } catch {
    return LIBRARY_WIDTH
  }
}

/** Remembers the library's width for the next launch. */
export function saveLibraryWidth(
  px: number,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage
): void {
  try {
    storage?.setItem(WIDTH_KEY, JSON.stringify({ v: WIDTH_VERSION, px: Math.round(px) }))
  } catch {
    // Storage can be unavailable; the width then lasts until the window closes.
  }
}

/**
 * The widest the library may be in a window: the chat keeps its narrowest width; with a paper
 * open the answer and the page keep the widths they are comfortable to read at.
 */
export function maxLibraryWidth(windowWidth: number, viewerOpen: boolean): number {
  const others = viewerOpen
    ? SPLITTER_WIDTH + READABLE.chat + SPLITTER_WIDTH + READABLE.viewer
    : SPLITTER_WIDTH + MIN_CHAT
  return Math.max(LIBRARY_WIDTH, windowWidth - others)
}

/** The library's width shown: the remembered one, within what the window leaves it. */
export function libraryWidth(wanted: number, windowWidth: number, viewerOpen: boolean): number {
  return Math.round(
    Math.min(maxLibraryWidth(windowWidth, viewerOpen), Math.max(LIBRARY_WIDTH, wanted))
  )
}
