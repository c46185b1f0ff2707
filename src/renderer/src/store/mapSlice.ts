import type { CitationGraph } from '../../../shared/graph'
import type { AppError } from '../../../shared/errors'
import type { SliceCreator } from './types'

/** The citation map's state. */
export interface MapSlice {
  map: {
    /** The map is shown instead of the chat. */
    open: boolean
    graph: CitationGraph | null
    loading: boolean
    error: AppError | null
  }
  setMapOpen: (open: boolean) => void
  /** Asks main for the map (it reads only papers added since the last time). */
  loadGraph: () => Promise<void>
  /** Opens the comparison form with these papers checked. */
  compareMapPapers: (paperIds: string[]) => void
  /** Starts a conversation about these papers. */
  askAboutMapPapers: (paperIds: string[]) => void
}

/** The citation map slice. */
export const createMapSlice: SliceCreator<MapSlice> = (set, get, api) => {
  const update = (change: Partial<MapSlice['map']>): void =>
    set({ map: { ...get().map, ...change } })
  return {
    map: { open: false, graph: null, loading: false, error: null },
    setMapOpen: (open) => {
      update({ open })
      if (open) {
        get().setCompareOpen(false)
        void get().loadGraph()
      }
    },
    loadGraph: async () => {
      update({ loading: true, error: null })
      const r = await api.graph.get({})
      if (r.ok) update({ graph: r.value, loading: false })
      else update({ error: r.error, loading: false })
    },
    compareMapPapers: (paperIds) => {
      update({ open: false })
      set({
        compare: {
          ...get().compare,
          current: null,
          progress: null,
          error: null,
          draft: { threadId: null, paperIds }
        }
      })
      get().setCompareOpen(true)
    },
    askAboutMapPapers: (paperIds) => {
      update({ open: false })
      get().setCompareOpen(false)
      get().askAboutPapers(paperIds)
    }
  }
}
