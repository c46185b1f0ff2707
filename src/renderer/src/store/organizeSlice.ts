import type {
  ChannelOutput,
  CollectionInfo,
  PaperEditInput,
  ResearchPalApi
} from '../../../shared/contract'
import {
  CitationStyleSchema,
  defaultCitationStyle,
  type CitationStyle
} from '../../../shared/citationStyles'
import type { AppError } from '../../../shared/errors'
import type { Paper } from '../../../shared/types'
import { uiLanguage } from '../i18n'
import {
  FIRST_DIRECTION,
  loadLibraryOrder,
  nextOrder,
  saveLibraryOrder,
  type LibrarySort,
  type SortDirection
} from './librarySort'
import { resultOrError } from './resultOrError'
import type { GetState, SetState, SliceCreator } from './types'

/** One arXiv paper offered for a typed title. */
export type ArxivCandidate = ChannelOutput<'library:searchArxiv'>['candidates'][number]

export type { LibrarySort } from './librarySort'

/** Which papers to cite: some ids, a collection, or everything. */
export interface CiteTarget {
  paperIds?: string[]
  collectionId?: string
  /** How the dialog names it: "3 papers", "Reading group", "the whole library". */
  label: string
}

/** Organising the library: the view (search, sort, collection), selection, edits, citing. */
export interface OrganizeSlice {
  organize: {
    collections: CollectionInfo[]
    query: string
    sort: LibrarySort
    /** Which way `sort` runs; remembered with it between restarts. */
    direction: SortDirection
    /** The collection shown, or null for all papers. */
    collectionId: string | null
    selected: string[]
    /** The paper whose details are being edited. */
    editing: string | null
    cite: (CiteTarget & { bibtex: string | null; savedTo: string | null }) | null
    /** The style references are copied in; null: the UI language's default (ABNT, APA). */
    referenceStyle: CitationStyle | null
    /** arXiv's candidates for a title typed in the add box. */
    found: { query: string; candidates: ArxivCandidate[] } | null
    /** Related papers and missing references of the paper whose details are open. */
    discovery: {
      paperId: string
      related: ChannelOutput<'library:related'> | null
      missing: ChannelOutput<'library:missingRefs'> | null
    } | null
    error: AppError | null
  }
  /** Adds a paper by DOI (its open-access PDF). */
  addByDoi: (doi: string) => Promise<boolean>
  /** Searches arXiv by title; the candidates go to `organize.found`. */
  searchArxiv: (title: string) => Promise<void>
  clearFound: () => void
  /** Loads the related papers and missing references of a paper. */
  loadDiscovery: (paperId: string) => Promise<void>
  setLibraryQuery: (query: string) => void
  /** Orders the list by a column, in that column's first direction. */
  setLibrarySort: (sort: LibrarySort) => void
  /** A column header's click: orders by that column, or reverses it when it already is. */
  sortLibraryBy: (sort: LibrarySort) => void
  showCollection: (collectionId: string | null) => void
  toggleSelected: (paperId: string) => void
  setSelection: (paperIds: string[]) => void
  removeSelected: () => Promise<void>
  loadCollections: () => Promise<void>
  createCollection: (name: string) => Promise<boolean>
  renameCollection: (collectionId: string, name: string) => Promise<boolean>
  deleteCollection: (collectionId: string) => Promise<void>
  /** Puts papers into a collection (or takes them out with `member: false`). */
  fileInCollection: (collectionId: string, paperIds: string[], member?: boolean) => Promise<void>
  openDetails: (paperId: string | null) => void
  editPaper: (paperId: string, edit: PaperEditInput) => Promise<boolean>
  openCite: (target: CiteTarget | null) => Promise<void>
  saveCite: () => Promise<void>
  /** The reference style in force: the one picked, else the UI language's default. */
  referenceStyleNow: () => CitationStyle
  /** Picks the style references are copied in (kept across restarts). */
  setReferenceStyle: (style: CitationStyle) => void
  /** Each paper of a selection as a formatted reference in `style`; null when it failed. */
  formatReferences: (
    sel: Omit<CiteTarget, 'label'>,
    style: CitationStyle
  ) => Promise<string[] | null>
  /** The selection as RIS (for EndNote, Mendeley, Zotero); null when it failed. */
  risFor: (sel: Omit<CiteTarget, 'label'>) => Promise<string | null>
  /** "Ask about these": a new conversation scoped to these papers, for the next question. */
  askAboutPapers: (paperIds: string[]) => void
  dismissOrganizeError: () => void
  applyCollections: (collections: CollectionInfo[]) => void
}

/** What the organise actions share: the state, a partial update and the call wrapper. */
interface OrganizeKit {
  org: () => OrganizeSlice['organize']
  update: (change: Partial<OrganizeSlice['organize']>) => void
  run: ReturnType<typeof resultOrError>
  refreshCollections: () => Promise<void>
}

function organizeKit(set: SetState, get: GetState, api: ResearchPalApi): OrganizeKit {
  const org = (): OrganizeSlice['organize'] => get().organize
  const update = (change: Partial<OrganizeSlice['organize']>): void =>
    set({ organize: { ...org(), ...change } })
  const run = resultOrError((error) => update({ error }))
  const refreshCollections = async (): Promise<void> => {
    const v = await run(() => api.library.collections({}))
    if (v) get().applyCollections(v.collections)
  }
  return { org, update, run, refreshCollections }
}

/** Finding papers: by DOI, arXiv candidates for a title, a paper's related and missing ones. */
function findingActions(
  { org, update, run }: OrganizeKit,
  set: SetState,
  get: GetState,
  api: ResearchPalApi
): Pick<OrganizeSlice, 'addByDoi' | 'searchArxiv' | 'clearFound' | 'loadDiscovery'> {
  return {
    addByDoi: async (doi) => {
      update({ error: null })
      const v = await run(() => api.library.addDoi({ doi }))
      if (!v) return false
      const others = get().library.papers.filter((p) => p.id !== v.paper.id)
      set({ library: { ...get().library, papers: [...others, v.paper] } })
      return true
    },
    searchArxiv: async (title) => {
      update({ error: null, found: null })
      const v = await run(() => api.library.searchArxiv({ title }))
      if (v) update({ found: { query: title, candidates: v.candidates } })
    },
    clearFound: () => update({ found: null }),
    loadDiscovery: async (paperId) => {
      update({ discovery: { paperId, related: null, missing: null } })
      const [related, missing] = await Promise.all([
        api.library.related({ paperId }),
        api.library.missingRefs({ paperId })
      ])
      if (org().discovery?.paperId !== paperId) return
      update({
        discovery: {
          paperId,
          related: related.ok ? related.value : null,
          missing: missing.ok ? missing.value : null
        }
      })
    }
  }
}

/** The list's view and selection: search, sort, collection shown, chosen papers. */
function viewActions(
  { org, update }: OrganizeKit,
  get: GetState
): Pick<
  OrganizeSlice,
  | 'setLibraryQuery'
  | 'setLibrarySort'
  | 'sortLibraryBy'
  | 'showCollection'
  | 'toggleSelected'
  | 'setSelection'
  | 'removeSelected'
  | 'askAboutPapers'
  | 'dismissOrganizeError'
> {
  return {
    setLibraryQuery: (query) => update({ query }),
    setLibrarySort: (sort) => {
      const order = { sort, direction: FIRST_DIRECTION[sort] }
      update(order)
      saveLibraryOrder(order)
    },
    sortLibraryBy: (sort) => {
      const order = nextOrder(org(), sort)
      update(order)
      saveLibraryOrder(order)
    },
    showCollection: (collectionId) => update({ collectionId, selected: [] }),
    toggleSelected: (id) => {
      const sel = org().selected
      update({ selected: sel.includes(id) ? sel.filter((s) => s !== id) : [...sel, id] })
    },
    setSelection: (selected) => update({ selected }),
    removeSelected: async () => {
      for (const id of org().selected) await get().removePaper(id)
      update({ selected: [] })
    },
    askAboutPapers: (paperIds) => {
      if (!paperIds.length) return
      get().newThread([...paperIds])
      update({ selected: [] })
    },
    dismissOrganizeError: () => update({ error: null })
  }
}

/** Collections: listed, created, renamed, deleted, papers filed in them, pushed lists applied. */
function collectionActions(
  { org, update, run, refreshCollections }: OrganizeKit,
  set: SetState,
  get: GetState,
  api: ResearchPalApi
): Pick<
  OrganizeSlice,
  | 'loadCollections'
  | 'createCollection'
  | 'renameCollection'
  | 'deleteCollection'
  | 'fileInCollection'
  | 'applyCollections'
> {
  return {
    loadCollections: refreshCollections,
    createCollection: async (name) => {
      const v = await run(() => api.library.createCollection({ name }))
      if (v) await refreshCollections()
      return v !== null
    },
    renameCollection: async (collectionId, name) => {
      const v = await run(() => api.library.renameCollection({ collectionId, name }))
      if (v) await refreshCollections()
      return v !== null
    },
    deleteCollection: async (collectionId) => {
      const v = await run(() => api.library.deleteCollection({ collectionId }))
      if (!v) return
      if (org().collectionId === collectionId) update({ collectionId: null })
      await refreshCollections()
    },
    fileInCollection: async (collectionId, paperIds, member = true) => {
      if (!paperIds.length) return
      const v = await run(() => api.library.setCollection({ collectionId, paperIds, member }))
      if (!v) return
      const byId = new Map(v.papers.map((p) => [p.id, p]))
      set({
        library: {
          ...get().library,
          papers: get().library.papers.map((p: Paper) => byId.get(p.id) ?? p)
        }
      })
      await refreshCollections()
    },
    applyCollections: (collections) => {
      const known = new Set(collections.map((c) => c.id))
      const shown = org().collectionId
      update({ collections, collectionId: shown && known.has(shown) ? shown : null })
    }
  }
}

/** A paper's details edited, and BibTeX for a citing target shown and saved. */
function detailsActions(
  { org, update, run }: OrganizeKit,
  set: SetState,
  get: GetState,
  api: ResearchPalApi
): Pick<
  OrganizeSlice,
  | 'openDetails'
  | 'editPaper'
  | 'openCite'
  | 'saveCite'
  | 'referenceStyleNow'
  | 'setReferenceStyle'
  | 'formatReferences'
  | 'risFor'
> {
  return {
    openDetails: (editing) => update({ editing }),
    editPaper: async (paperId, edit) => {
      const v = await run(() => api.library.edit({ paperId, edit }))
      if (!v) return false
      set({
        library: {
          ...get().library,
          papers: get().library.papers.map((p) => (p.id === paperId ? v.paper : p))
        }
      })
      return true
    },
    openCite: async (target) => {
      if (!target) return update({ cite: null })
      update({ cite: { ...target, bibtex: null, savedTo: null } })
      const { label: _label, ...sel } = target
      const v = await run(() => api.library.bibtex(sel))
      if (v && org().cite) update({ cite: { ...org().cite!, bibtex: v.bibtex } })
    },
    saveCite: async () => {
      const cite = org().cite
      if (!cite) return
      const { label: _l, bibtex: _b, savedTo: _s, ...sel } = cite
      const v = await run(() => api.library.saveBibtex(sel))
      if (v?.path && org().cite) update({ cite: { ...org().cite!, savedTo: v.path } })
    },
    // The window's language (what the screen shows), not the setting still loading.
    referenceStyleNow: () => org().referenceStyle ?? defaultCitationStyle(uiLanguage()),
    setReferenceStyle: (referenceStyle) => {
      update({ referenceStyle })
      try {
        localStorage.setItem(REFERENCE_STYLE_KEY, referenceStyle)
      } catch {
        // Storage can be unavailable; the pick then lasts until the window closes.
      }
    },
    formatReferences: async (sel, style) => {
      const v = await run(() => api.library.references({ ...sel, style, uiLanguage: uiLanguage() }))
      return v ? v.references.map((r) => r.text) : null
    },
    risFor: async (sel) => {
      const v = await run(() => api.library.ris(sel))
      return v ? v.ris : null
    }
  }
}

/** Where the picked reference style is kept between restarts. */
export const REFERENCE_STYLE_KEY = 'researchpal.referenceStyle'

function rememberedStyle(): CitationStyle | null {
  try {
    const v = localStorage.getItem(REFERENCE_STYLE_KEY)
    return CitationStyleSchema.safeParse(v).success ? (v as CitationStyle) : null
  } catch {
    return null
  }
}

/** Creates the organise slice. */
export const createOrganizeSlice: SliceCreator<OrganizeSlice> = (set, get, api) => {
  const kit = organizeKit(set, get, api)
  return {
    organize: {
      collections: [],
      query: '',
      ...loadLibraryOrder(),
      collectionId: null,
      selected: [],
      editing: null,
      cite: null,
      referenceStyle: rememberedStyle(),
      found: null,
      discovery: null,
      error: null
    },
    ...findingActions(kit, set, get, api),
    ...viewActions(kit, get),
    ...collectionActions(kit, set, get, api),
    ...detailsActions(kit, set, get, api)
  }
}
