import type { AppError } from '../../../shared/errors'
import type {
  EntryWithoutPdf,
  ImportKind,
  ImportProgress,
  ImportSummary,
  ZoteroOverview
} from '../../../shared/imports'
import { resultOrError } from './resultOrError'
import type { SliceCreator } from './types'

/** Where one "fetch it" of an entry without PDF stands. */
export type FetchState = { state: 'busy' } | { state: 'added'; paperId: string } | AppError

/** The import dialog: a BibTeX/RIS file or a Zotero folder, then progress, then the summary. */
export interface BibliographyImportSlice {
  importer: {
    open: boolean
    /** Which import was chosen; null before the user picks one. */
    kind: ImportKind | null
    /** The file or folder chosen in the system dialog. */
    path: string | null
    /** A Zotero folder's collections, to pick from. */
    zotero: ZoteroOverview | null
    /** The Zotero collections picked (none: the whole library). */
    chosen: string[]
    /** A collection to put a BibTeX/RIS import's papers in ('' for none). */
    collection: string
    phase: 'choose' | 'reading' | 'ready' | 'importing' | 'done'
    progress: ImportProgress | null
    summary: ImportSummary | null
    /** Entries without PDF being fetched by arXiv id or DOI, keyed by {@link entryKey}. */
    fetches: Record<string, FetchState>
    error: AppError | null
  }
  /** Opens the import dialog at its first step. */
  openImport: () => void
  closeImport: () => void
  /** Asks for the file or folder (system dialog); a Zotero folder's collections are then read. */
  chooseImportSource: (kind: ImportKind) => Promise<void>
  toggleZoteroCollection: (name: string) => void
  setImportCollection: (name: string) => void
  runImport: () => Promise<void>
  /** Stops reading a BibTeX/RIS file being imported (nothing from it is added). */
  cancelReading: () => Promise<void>
  /** Adds an entry that had no PDF by its arXiv id (else its DOI's open-access copy). */
  fetchMissing: (entry: EntryWithoutPdf) => Promise<void>
  applyLibraryImportProgress: (progress: ImportProgress) => void
}

/** A stable key for an entry without PDF. */
export function entryKey(e: EntryWithoutPdf): string {
  return e.arxivId ?? e.doi ?? e.key ?? e.title ?? ''
}

const closed = (): BibliographyImportSlice['importer'] => ({
  open: false,
  kind: null,
  path: null,
  zotero: null,
  chosen: [],
  collection: '',
  phase: 'choose',
  progress: null,
  summary: null,
  fetches: {},
  error: null
})

/** Creates the import slice. */
export const createBibliographyImportSlice: SliceCreator<BibliographyImportSlice> = (
  set,
  get,
  api
) => {
  const imp = (): BibliographyImportSlice['importer'] => get().importer
  const update = (change: Partial<BibliographyImportSlice['importer']>): void =>
    set({ importer: { ...imp(), ...change } })
  const run = resultOrError((error) => update({ error }))
  return {
    importer: closed(),
    openImport: () => set({ importer: { ...closed(), open: true } }),
    closeImport: () => {
      // An import in flight keeps running in main; closing only hides it.
      set({ importer: closed() })
    },
    chooseImportSource: async (kind) => {
      update({ error: null, kind })
      const picked = await run(() => api.library.pickImport({ kind }))
      if (!picked?.path) return
      if (kind === 'bibliography') return update({ path: picked.path, phase: 'ready' })
      update({ path: picked.path, phase: 'reading', zotero: null, chosen: [] })
      const overview = await run(() => api.library.zoteroCollections({ folder: picked.path! }))
      update(overview ? { zotero: overview, phase: 'ready' } : { phase: 'choose', path: null })
    },
    toggleZoteroCollection: (name) => {
      const chosen = imp().chosen
      update({
        chosen: chosen.includes(name) ? chosen.filter((c) => c !== name) : [...chosen, name]
      })
    },
    setImportCollection: (collection) => update({ collection }),
    runImport: async () => {
      const { kind, path, chosen, collection } = imp()
      if (!kind || !path) return
      update({ phase: 'importing', progress: null, error: null })
      const summary = await run(() =>
        kind === 'zotero'
          ? api.library.importZotero({ folder: path, collections: chosen })
          : api.library.importBibliography({
              file: path,
              ...(collection.trim() ? { collection: collection.trim() } : {})
            })
      )
      if (imp().path !== path) return
      update(summary ? { summary, phase: 'done' } : { phase: 'ready' })
      if (summary) await get().loadCollections()
    },
    cancelReading: async () => {
      await run(() => api.library.cancelBibliographyImport({}))
    },
    fetchMissing: async (entry) => {
      const key = entryKey(entry)
      const mark = (s: FetchState): void => update({ fetches: { ...imp().fetches, [key]: s } })
      mark({ state: 'busy' })
      const r = entry.arxivId
        ? await api.library.addArxiv({ id: entry.arxivId })
        : entry.doi
          ? await api.library.addDoi({ doi: entry.doi })
          : null
      if (!r) return
      mark(r.ok ? { state: 'added', paperId: r.value.paper.id } : r.error)
    },
    applyLibraryImportProgress: (progress) => {
      if (imp().phase === 'importing') update({ progress })
    }
  }
}
