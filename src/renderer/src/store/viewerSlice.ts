import type { AppError } from '../../../shared/errors'
import type { ChunkKind, Citation, Region } from '../../../shared/types'
import { base64ToBytes } from './base64'
import type { SliceCreator } from './types'

/** Zoom: a fixed scale (1 = 100%) or the page width fitted to the pane. */
export type Zoom = number | 'fit'

/** What the viewer should highlight: a snippet on a page, and a nonce to re-run it. */
export interface Highlight {
  page: number
  snippet: string
  nonce: number
  /** What is cited: OCR'd text is found among the OCR word boxes, a figure by its region. */
  kind?: ChunkKind
  /** A figure's or table's region on the page (fractions of the page). */
  region?: Region
}

/** A word OCR read on a page, with its box. */
export interface OcrWordBox {
  text: string
  box: Region
}

/** The PDF viewer's state. */
export interface ViewerSlice {
  viewer: {
    open: boolean
    paperId: string | null
    /** 1-based page currently shown (tracked from scrolling). */
    page: number
    pageCount: number
    zoom: Zoom
    /** The scale pages are drawn at (what 'fit' works out to), for the zoom label and steps. */
    scale: number
    highlight: Highlight | null
    /** Bumped when something asks the viewer to scroll to `page`. */
    navNonce: number
    /** Whether the cited snippet was found on its page (null: not looked for yet). */
    highlightFound: boolean | null
  }
  /** Opens the cited paper at the cited page and highlights the snippet: one action. */
  openCitation: (citation: Citation) => void
  /** Opens a paper from the library at its first page. */
  openPaper: (paperId: string, page?: number) => void
  closeViewer: () => void
  /** Scrolls to a page (navigation buttons, page box). */
  goToPage: (page: number) => void
  /** Records the page the user scrolled to (no scrolling). */
  setVisiblePage: (page: number) => void
  setPageCount: (count: number) => void
  setZoom: (zoom: Zoom) => void
  setScale: (scale: number) => void
  setHighlightFound: (found: boolean) => void
  /** Fetches a paper's PDF bytes from main for the viewer (not kept in the store). */
  fetchPdf: (paperId: string) => Promise<{ bytes: Uint8Array } | { error: AppError }>
  /** The words OCR read on a page (empty for a page with a text layer, or on failure). */
  fetchOcrWords: (paperId: string, page: number) => Promise<OcrWordBox[]>
  /** A small PNG of a cited figure or table, as a data URL (null when it cannot be drawn). */
  fetchRegionImage: (citation: Citation, width: number) => Promise<string | null>
}

/** The most a user can zoom in, and out. */
export const ZOOM_LIMITS = { min: 0.5, max: 3 } as const

let nonce = 0

/** Creates the viewer slice. */
export const createViewerSlice: SliceCreator<ViewerSlice> = (set, get, api) => ({
  viewer: {
    open: false,
    paperId: null,
    page: 1,
    pageCount: 0,
    zoom: 'fit',
    scale: 1,
    highlight: null,
    navNonce: 0,
    highlightFound: null
  },
  openCitation: (citation) => {
    const v = get().viewer
    const samePaper = v.paperId === citation.paperId
    set({
      viewer: {
        ...v,
        open: true,
        paperId: citation.paperId,
        page: citation.page,
        pageCount: samePaper ? v.pageCount : 0,
        highlight: {
          page: citation.page,
          snippet: citation.snippet,
          nonce: ++nonce,
          ...(citation.kind && { kind: citation.kind }),
          ...(citation.region && { region: citation.region })
        },
        navNonce: v.navNonce + 1,
        highlightFound: null
      }
    })
  },
  openPaper: (paperId, page = 1) => {
    const v = get().viewer
    set({
      viewer: {
        ...v,
        open: true,
        paperId,
        page,
        pageCount: v.paperId === paperId ? v.pageCount : 0,
        highlight: null,
        navNonce: v.navNonce + 1,
        highlightFound: null
      }
    })
  },
  closeViewer: () => set({ viewer: { ...get().viewer, open: false } }),
  goToPage: (page) => {
    const v = get().viewer
    const max = v.pageCount > 0 ? v.pageCount : Number.MAX_SAFE_INTEGER
    const clamped = Math.min(Math.max(1, Math.round(page)), max)
    set({ viewer: { ...v, page: clamped, navNonce: v.navNonce + 1 } })
  },
  setVisiblePage: (page) => {
    const v = get().viewer
    if (v.page !== page) set({ viewer: { ...v, page } })
  },
  setPageCount: (count) => set({ viewer: { ...get().viewer, pageCount: count } }),
  setZoom: (zoom) => {
    const z = zoom === 'fit' ? zoom : Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, zoom))
    set({ viewer: { ...get().viewer, zoom: z } })
  },
  setScale: (scale) => {
    if (get().viewer.scale !== scale) set({ viewer: { ...get().viewer, scale } })
  },
  setHighlightFound: (found) => set({ viewer: { ...get().viewer, highlightFound: found } }),
  fetchPdf: async (paperId) => {
    const result = await api.library.pdf({ paperId })
    return result.ok ? { bytes: base64ToBytes(result.value.data) } : { error: result.error }
  },
  fetchOcrWords: async (paperId, page) => {
    const result = await api.library.ocrWords({ paperId, page })
    return result.ok ? result.value.words : []
  },
  fetchRegionImage: async (citation, width) => {
    if (!citation.region) return null
    const result = await api.library.regionImage({
      paperId: citation.paperId,
      page: citation.page,
      region: citation.region,
      width
    })
    return result.ok ? `data:image/png;base64,${result.value.data}` : null
  }
})
