import type { ResearchPalApi } from '../../../shared/contract'
import type { AppError } from '../../../shared/errors'
import type { ChunkKind, Citation, Region } from '../../../shared/types'
import type { PassageLink } from '../../../shared/deepLink'
import type { GetState, SetState, SliceCreator } from './types'

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

/** A place in the viewer, for back and forward. */
export interface ViewerPlace {
  paperId: string
  page: number
  highlight: Highlight | null
}

/** One find-in-document hit: its page and the pieces of text items (spans) it covers. */
export interface FindHit {
  page: number
  ranges: { item: number; start: number; end: number }[]
}

/** Find in the document: the query, its hits (null while searching) and the current one. */
export interface FindState {
  open: boolean
  query: string
  hits: FindHit[] | null
  current: number
  /** Bumped when the current hit should be scrolled to. */
  nonce: number
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
    /** Places left by citation jumps and paper opens, for Back / Forward. */
    back: ViewerPlace[]
    forward: ViewerPlace[]
    find: FindState
  }
  /** Returns to the place before the last jump (or, with `forward`, undoes that). */
  goBack: () => void
  goForward: () => void
  /** Opens, closes or edits find; a new query clears the hits until they are counted. */
  setFind: (change: Partial<Pick<FindState, 'open' | 'query'>>) => void
  setFindHits: (query: string, hits: FindHit[]) => void
  /** Moves to the next (+1) or previous (-1) hit, wrapping around. */
  stepFind: (delta: 1 | -1) => void
  /** Opens the cited paper at the cited page and highlights the snippet: one action. */
  openCitation: (citation: Citation) => void
  /** Opens a paper from the library at its first page. */
  openPaper: (paperId: string, page?: number) => void
  /** Opens a researchpal:// link's passage: its page, with the quote highlighted when it has one. */
  openLink: (link: PassageLink) => void
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

const MAX_HISTORY = 50

const NO_FIND: FindState = { open: false, query: '', hits: null, current: 0, nonce: 0 }

type ViewerState = ViewerSlice['viewer']

/** Where the viewer is now, if a paper is open. */
function here(v: ViewerState): ViewerPlace | null {
  return v.open && v.paperId ? { paperId: v.paperId, page: v.page, highlight: v.highlight } : null
}

/** The viewer moved to `place`: the same paper keeps its page count, another resets it. */
function at(v: ViewerState, place: ViewerPlace): ViewerState {
  return {
    ...v,
    open: true,
    paperId: place.paperId,
    page: place.page,
    pageCount: v.paperId === place.paperId ? v.pageCount : 0,
    // A fresh nonce, so going back to a passage scrolls to it and marks it again.
    highlight: place.highlight && { ...place.highlight, nonce: ++nonce },
    navNonce: v.navNonce + 1,
    highlightFound: null,
    find: v.paperId === place.paperId ? v.find : { ...v.find, hits: null, current: 0 }
  }
}

/** A jump: the current place goes on the back stack and the forward stack is cleared. */
function jump(v: ViewerState, place: ViewerPlace): ViewerState {
  const from = here(v)
  const back = from ? [...v.back, from].slice(-MAX_HISTORY) : v.back
  return { ...at(v, place), back, forward: [] }
}

/** Moving through papers: citations, opens and links as jumps, back and forward, closing. */
function navigationActions(
  set: SetState,
  get: GetState
): Pick<
  ViewerSlice,
  'openCitation' | 'openPaper' | 'openLink' | 'goBack' | 'goForward' | 'closeViewer'
> {
  return {
    openCitation: (citation) => {
      const highlight: Highlight = {
        page: citation.page,
        snippet: citation.snippet,
        nonce: ++nonce,
        ...(citation.kind && { kind: citation.kind }),
        ...(citation.region && { region: citation.region })
      }
      set({
        viewer: jump(get().viewer, { paperId: citation.paperId, page: citation.page, highlight })
      })
    },
    openPaper: (paperId, page = 1) => {
      set({ viewer: jump(get().viewer, { paperId, page, highlight: null }) })
    },
    openLink: ({ paperId, page, quote }) => {
      const highlight: Highlight | null = quote ? { page, snippet: quote, nonce: ++nonce } : null
      set({ viewer: jump(get().viewer, { paperId, page, highlight }) })
    },
    goBack: () => {
      const v = get().viewer
      const to = v.back[v.back.length - 1]
      if (!to) return
      const from = here(v)
      const forward = from ? [...v.forward, from] : v.forward
      set({ viewer: { ...at(v, to), back: v.back.slice(0, -1), forward } })
    },
    goForward: () => {
      const v = get().viewer
      const to = v.forward[v.forward.length - 1]
      if (!to) return
      const from = here(v)
      const back = from ? [...v.back, from] : v.back
      set({ viewer: { ...at(v, to), back, forward: v.forward.slice(0, -1) } })
    },
    closeViewer: () => set({ viewer: { ...get().viewer, open: false } })
  }
}

/** Find in the document: the query, its counted hits, the step between them. */
function findActions(
  set: SetState,
  get: GetState
): Pick<ViewerSlice, 'setFind' | 'setFindHits' | 'stepFind'> {
  return {
    setFind: (change) => {
      const v = get().viewer
      const query = change.query ?? v.find.query
      const changed = query !== v.find.query
      set({
        viewer: {
          ...v,
          find: {
            ...v.find,
            ...change,
            hits: changed ? null : v.find.hits,
            current: changed ? 0 : v.find.current
          }
        }
      })
    },
    setFindHits: (query, hits) => {
      const v = get().viewer
      if (v.find.query !== query) return
      // The first hit shown is the first one at or after the page being read.
      const first = Math.max(
        0,
        hits.findIndex((h) => h.page >= v.page)
      )
      set({ viewer: { ...v, find: { ...v.find, hits, current: first, nonce: v.find.nonce + 1 } } })
    },
    stepFind: (delta) => {
      const v = get().viewer
      const total = v.find.hits?.length ?? 0
      if (total === 0) return
      const current = (v.find.current + delta + total) % total
      set({ viewer: { ...v, find: { ...v.find, current, nonce: v.find.nonce + 1 } } })
    }
  }
}

/** The page shown and how it is drawn: page, page count, zoom, scale, the highlight found. */
function pageActions(
  set: SetState,
  get: GetState
): Pick<
  ViewerSlice,
  'goToPage' | 'setVisiblePage' | 'setPageCount' | 'setZoom' | 'setScale' | 'setHighlightFound'
> {
  return {
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
    setHighlightFound: (found) => set({ viewer: { ...get().viewer, highlightFound: found } })
  }
}

/** What the viewer fetches from main: the PDF's bytes, OCR words, a figure's image. */
function fetchActions(
  api: ResearchPalApi
): Pick<ViewerSlice, 'fetchPdf' | 'fetchOcrWords' | 'fetchRegionImage'> {
  return {
    fetchPdf: async (paperId) => {
      const result = await api.library.pdf({ paperId })
      return result.ok ? { bytes: result.value.data } : { error: result.error }
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
  }
}

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
    highlightFound: null,
    back: [],
    forward: [],
    find: NO_FIND
  },
  ...navigationActions(set, get),
  ...findActions(set, get),
  ...pageActions(set, get),
  ...fetchActions(api)
})
