import type { ChannelOutput } from '../../../shared/contract'
import type { Comparison, CompareProgress, ComparisonSummary } from '../../../shared/compare'
import type { AppError, Result } from '../../../shared/errors'
import type { UiLanguage } from '../../../shared/types'
import type { SliceCreator } from './types'
import { resolveUiLanguage } from '../i18n'

/** An export the user asked for, ready to save. */
export type CompareExport = ChannelOutput<'compare:export'>

/** The start of a comparison from a conversation. */
export interface CompareDraft {
  /** The conversation it came from; null when it came from elsewhere (the citation map). */
  threadId: string | null
  paperIds: string[]
}

/** The comparison table's state. */
export interface CompareSlice {
  compare: {
    /** The table view is shown instead of the chat. */
    open: boolean
    list: ComparisonSummary[]
    current: Comparison | null
    /** The latest progress of the comparison being filled, null when none is. */
    progress: CompareProgress | null
    error: AppError | null
    /** A new comparison started from a conversation: the form opens with its papers checked. */
    draft: CompareDraft | null
  }
  setCompareOpen: (open: boolean) => void
  /** Opens the form for a comparison saved with this conversation, its papers checked. */
  compareThreadPapers: (threadId: string, paperIds: string[]) => void
  /** Opens the Compare view at a saved comparison (from the conversation it is saved with). */
  showComparison: (id: string) => Promise<void>
  loadComparisons: () => Promise<void>
  /** Saves a new comparison and starts filling it. */
  createComparison: (input: {
    /** Chosen papers; or `collectionId` (its papers), or only `threadId` (its papers). */
    paperIds?: string[]
    collectionId?: string
    /** Saved with this conversation, limited to its papers. */
    threadId?: string
    questions: string[]
    claims: string[]
    uiLanguage?: UiLanguage
  }) => Promise<void>
  openComparison: (id: string) => Promise<void>
  /** Back to the list and the form. */
  closeComparison: () => void
  /** Fills the pending and failed cells of the open comparison. */
  runComparison: (uiLanguage?: UiLanguage) => Promise<void>
  cancelComparison: () => Promise<void>
  /** Adds a question, or a claim, to the open comparison and fills only its new cells. */
  addColumn: (kind: 'question' | 'claim', text: string, uiLanguage?: UiLanguage) => Promise<void>
  removePaperFromComparison: (paperId: string) => Promise<void>
  exportComparison: (format: 'markdown' | 'csv' | 'bibtex') => Promise<CompareExport | null>
  applyCompareProgress: (p: CompareProgress) => void
}

/** Creates the comparison slice. */
export const createCompareSlice: SliceCreator<CompareSlice> = (set, get, api) => {
  const cmp = (): CompareSlice['compare'] => get().compare
  const update = (change: Partial<CompareSlice['compare']>): void =>
    set({ compare: { ...cmp(), ...change } })
  /** The value of a call, or null with the error shown. */
  const value = async <T>(call: Promise<Result<T>>): Promise<T | null> => {
    const r = await call
    if (!r.ok) {
      update({ error: r.error })
      return null
    }
    return r.value
  }
  const fill = async (id: string, uiLanguage?: UiLanguage): Promise<void> => {
    const done = await value(api.compare.run({ comparisonId: id, uiLanguage }))
    if (done && cmp().current?.id === done.id) update({ current: done, progress: null })
    else if (!done) update({ progress: null })
    void get().loadComparisons()
  }
  return {
    compare: { open: false, list: [], current: null, progress: null, error: null, draft: null },
    setCompareOpen: (open) => {
      update(open ? { open } : { open, draft: null })
      if (open) void get().loadComparisons()
    },
    compareThreadPapers: (threadId, paperIds) => {
      update({ current: null, progress: null, error: null, draft: { threadId, paperIds } })
      get().setCompareOpen(true)
    },
    showComparison: async (id) => {
      get().setCompareOpen(true)
      await get().openComparison(id)
    },
    loadComparisons: async () => {
      const r = await value(api.compare.list({}))
      if (r) update({ list: r.comparisons })
    },
    createComparison: async ({ uiLanguage, ...input }) => {
      update({ error: null })
      const c = await value(api.compare.create(input))
      if (!c) return
      update({
        current: c,
        draft: null,
        progress: { comparisonId: c.id, state: 'running', done: 0, total: c.cells.length }
      })
      await fill(c.id, uiLanguage)
    },
    openComparison: async (id) => {
      update({ error: null })
      const c = await value(api.compare.get({ comparisonId: id }))
      if (c) update({ current: c, progress: null })
    },
    closeComparison: () => update({ current: null, progress: null, error: null, draft: null }),
    runComparison: async (uiLanguage) => {
      const c = cmp().current
      if (!c) return
      update({ error: null })
      await fill(c.id, uiLanguage)
    },
    cancelComparison: async () => {
      const c = cmp().current
      if (c) await value(api.compare.cancel({ comparisonId: c.id }))
    },
    addColumn: async (kind, text, uiLanguage) => {
      const c = cmp().current
      if (!c || !text.trim()) return
      update({ error: null })
      const changed = await value(
        api.compare.update(
          kind === 'question'
            ? { comparisonId: c.id, addQuestions: [text] }
            : { comparisonId: c.id, addClaims: [text] }
        )
      )
      if (!changed) return
      update({ current: changed })
      await fill(changed.id, uiLanguage)
    },
    removePaperFromComparison: async (paperId) => {
      const c = cmp().current
      if (!c) return
      const changed = await value(
        api.compare.update({ comparisonId: c.id, removePaperIds: [paperId] })
      )
      if (changed) update({ current: changed })
    },
    exportComparison: async (format) => {
      const c = cmp().current
      if (!c) return null
      const uiLanguage = resolveUiLanguage(get().settings.values?.uiLanguage)
      return value(api.compare.export({ comparisonId: c.id, format, uiLanguage }))
    },
    applyCompareProgress: (p) => {
      const current = cmp().current
      if (!current || current.id !== p.comparisonId) return
      const cells = p.cell
        ? current.cells.map((x) =>
            x.paperId === p.cell!.paperId && x.columnId === p.cell!.columnId ? p.cell! : x
          )
        : current.cells
      const finished = p.state === 'done' || p.state === 'cancelled'
      update({ current: { ...current, cells }, progress: finished ? null : p })
    }
  }
}
