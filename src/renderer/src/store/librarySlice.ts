import type { EventPayload, ResearchPalApi } from '../../../shared/contract'
import type { AppError, Result } from '../../../shared/errors'
import type { IngestProgress, LibraryNotice, Paper } from '../../../shared/types'
import { nextBatch, type IngestBatch, type PaperProgress } from './ingestBatch'
import type { GetState, SetState, SliceCreator } from './types'

export type { PaperProgress } from './ingestBatch'

/** The library panel's state. */
export interface LibrarySlice {
  library: {
    papers: Paper[]
    loaded: boolean
    progress: Record<string, PaperProgress>
    /** The papers being indexed together: what the header's count and the batch bar show. */
    batch: IngestBatch | null
    /** Papers with an add/remove/retry call in flight, plus 'defaults' and 'arxiv'. */
    busy: string[]
    /** The last action that failed, for the banner (ingestion failures live on the paper). */
    error: AppError | null
    /** What main repaired or found (a rebuilt catalog, a damaged file), until dismissed. */
    notices: LibraryNotice[]
  }
  loadLibrary: () => Promise<void>
  /** Opens the system file dialog and adds the chosen PDFs. */
  pickAndAddFiles: () => Promise<void>
  /** Adds a dropped file from its bytes. */
  addFile: (name: string, bytes: Uint8Array) => Promise<void>
  addArxiv: (id: string) => Promise<boolean>
  addDefaults: () => Promise<void>
  removePaper: (paperId: string) => Promise<void>
  retryPaper: (paperId: string) => Promise<void>
  /**
   * Puts a chosen or dropped PDF into a paper kept without one (same id, edits, notes); the
   * error, if any, comes back for the row or details that started it, not the banner.
   */
  attachPdf: (paperId: string, name: string, bytes: Uint8Array) => Promise<AppError | null>
  /** Fetches a paper's missing PDF (arXiv by its id, else its DOI's open-access copy). */
  fetchMissingPdf: (paperId: string) => Promise<AppError | null>
  cancelIngest: (paperId?: string) => Promise<void>
  dismissLibraryError: () => void
  dismissNotices: () => void
  /** Applies pushed events. */
  applyIngestProgress: (progress: IngestProgress) => void
  /** The whole list (`full`) or only the papers that changed and the ids removed. */
  applyLibraryChanged: (change: Omit<EventPayload<'library:changed'>, 'collections'>) => void
  applyLibraryNotice: (notice: LibraryNotice) => void
}

/** What the library's actions share: its state, a partial update, and the call wrappers. */
interface LibraryKit {
  lib: () => LibrarySlice['library']
  update: (change: Partial<LibrarySlice['library']>) => void
  /** Runs one call, marking `key` busy; a failure goes to the banner. */
  track: <T>(key: string, call: () => Promise<Result<T>>) => Promise<T | null>
  /** Puts papers in the list, replacing those with the same id. */
  merge: (incoming: Paper[]) => void
  /** Attaching or fetching a PDF: busy while in flight, the paper merged, the error returned. */
  fill: (paperId: string, call: () => Promise<Result<{ paper: Paper }>>) => Promise<AppError | null>
}

function libraryKit(set: SetState, get: GetState): LibraryKit {
  const lib = (): LibrarySlice['library'] => get().library
  // Every change of the papers or their progress moves the batch: one source for both counts.
  const update = (change: Partial<LibrarySlice['library']>): void => {
    const next = { ...lib(), ...change }
    if (change.papers || change.progress)
      next.batch = nextBatch(next.batch, next.papers, Date.now())
    set({ library: next })
  }

  const track = async <T>(key: string, call: () => Promise<Result<T>>): Promise<T | null> => {
    update({ busy: [...lib().busy, key], error: null })
    try {
      const result = await call()
      if (!result.ok) {
        update({ error: result.error })
        return null
      }
      return result.value
    } finally {
      update({ busy: lib().busy.filter((b) => b !== key) })
    }
  }

  const merge = (incoming: Paper[]): void => {
    const byId = new Map(lib().papers.map((p) => [p.id, p]))
    for (const p of incoming) byId.set(p.id, p)
    update({ papers: [...byId.values()] })
  }

  const fill = async (
    paperId: string,
    call: () => Promise<Result<{ paper: Paper }>>
  ): Promise<AppError | null> => {
    update({ busy: [...lib().busy, paperId] })
    try {
      const result = await call()
      if (!result.ok) return result.error
      merge([result.value.paper])
      return null
    } finally {
      update({ busy: lib().busy.filter((b) => b !== paperId) })
    }
  }

  return { lib, update, track, merge, fill }
}

/** Loading the list and adding papers (files, dropped bytes, arXiv, the defaults). */
function addingActions(
  { update, track, merge }: LibraryKit,
  api: ResearchPalApi
): Pick<LibrarySlice, 'loadLibrary' | 'pickAndAddFiles' | 'addFile' | 'addArxiv' | 'addDefaults'> {
  return {
    loadLibrary: async () => {
      const value = await track('list', () => api.library.list({}))
      if (value) update({ papers: value.papers, loaded: true })
      // Notices from the library's open came before this window subscribed.
      const found = await api.library.notices({})
      if (found.ok && found.value.notices.length) update({ notices: found.value.notices })
    },
    pickAndAddFiles: async () => {
      const picked = await track('pick', () => api.library.pickFiles({}))
      if (!picked || picked.paths.length === 0) return
      const value = await track('files', () => api.library.addPaths({ paths: picked.paths }))
      if (value) merge(value.papers)
    },
    addFile: async (name, bytes) => {
      const value = await track(`file:${name}`, () => api.library.addFile({ name, data: bytes }))
      if (value) merge([value.paper])
    },
    addArxiv: async (id) => {
      const value = await track('arxiv', () => api.library.addArxiv({ id }))
      if (value) merge([value.paper])
      return value !== null
    },
    addDefaults: async () => {
      const value = await track('defaults', () => api.library.addDefaults({}))
      if (value) merge(value.papers)
    }
  }
}

/** One paper's actions: remove, retry, attach or fetch its PDF, cancel its indexing. */
function paperActions(
  { lib, update, track, merge, fill }: LibraryKit,
  set: SetState,
  get: GetState,
  api: ResearchPalApi
): Pick<
  LibrarySlice,
  'removePaper' | 'retryPaper' | 'attachPdf' | 'fetchMissingPdf' | 'cancelIngest'
> {
  return {
    removePaper: async (paperId) => {
      const value = await track(paperId, () => api.library.remove({ paperId }))
      if (value) {
        const { [paperId]: _gone, ...progress } = lib().progress
        update({ papers: lib().papers.filter((p) => p.id !== paperId), progress })
        const org = get().organize
        if (org.selected.includes(paperId))
          set({ organize: { ...org, selected: org.selected.filter((id) => id !== paperId) } })
        if (get().viewer.paperId === paperId) get().closeViewer()
      }
    },
    retryPaper: async (paperId) => {
      const value = await track(paperId, () => api.library.retry({ paperId }))
      if (value) merge([value.paper])
    },
    attachPdf: (paperId, name, bytes) =>
      fill(paperId, () => api.library.attachPdf({ paperId, name, data: bytes })),
    fetchMissingPdf: (paperId) => fill(paperId, () => api.library.fetchPdf({ paperId })),
    cancelIngest: async (paperId) => {
      await track(paperId ?? 'cancel', () => api.library.cancel(paperId ? { paperId } : {}))
    }
  }
}

/** Main's pushed events applied to the list, and the banners dismissed. */
function eventActions({
  lib,
  update,
  merge
}: LibraryKit): Pick<
  LibrarySlice,
  | 'dismissLibraryError'
  | 'dismissNotices'
  | 'applyIngestProgress'
  | 'applyLibraryChanged'
  | 'applyLibraryNotice'
> {
  return {
    dismissLibraryError: () => update({ error: null }),
    dismissNotices: () => update({ notices: [] }),
    applyIngestProgress: (p) => {
      // The title is sent once, when the text is read; later events of the paper keep it.
      const title = p.title ?? lib().progress[p.paperId]?.title
      const progress = {
        ...lib().progress,
        [p.paperId]: {
          stage: p.stage,
          done: p.done,
          total: p.total,
          ...(p.ocr && { ocr: true }),
          ...(title && { title })
        }
      }
      update({ progress })
      const paper = lib().papers.find((x) => x.id === p.paperId)
      if (paper && paper.status !== p.stage && paper.status !== 'indexed') {
        merge([{ ...paper, status: p.stage }])
      }
    },
    applyLibraryChanged: (change) => {
      if (change.full) return update({ papers: change.papers, loaded: true })
      if (change.papers.length === 0 && change.removed.length === 0) return
      // Changed papers keep their place; new ones go at the end, as main lists them.
      const changed = new Map(change.papers.map((p) => [p.id, p]))
      const removed = new Set(change.removed)
      const papers: Paper[] = []
      for (const p of lib().papers) {
        if (removed.has(p.id)) continue
        const next = changed.get(p.id)
        papers.push(next ?? p)
        changed.delete(p.id)
      }
      papers.push(...changed.values())
      let { progress } = lib()
      if (removed.size && Object.keys(progress).some((id) => removed.has(id)))
        progress = Object.fromEntries(Object.entries(progress).filter(([id]) => !removed.has(id)))
      update({ papers, progress })
    },
    applyLibraryNotice: (notice) => update({ notices: [...lib().notices, notice] })
  }
}

/** Creates the library slice. */
export const createLibrarySlice: SliceCreator<LibrarySlice> = (set, get, api) => {
  const kit = libraryKit(set, get)
  return {
    library: {
      papers: [],
      loaded: false,
      progress: {},
      batch: null,
      busy: [],
      error: null,
      notices: []
    },
    ...addingActions(kit, api),
    ...paperActions(kit, set, get, api),
    ...eventActions(kit)
  }
}
