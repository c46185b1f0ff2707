import type { CitationStyle } from '../../../shared/citationStyles'
import type { ResearchPalApi } from '../../../shared/contract'
import type { AppError } from '../../../shared/errors'
import type {
  DamagedThread,
  Thread,
  ThreadExport,
  ThreadSummary,
  ThreadTurn
} from '../../../shared/threads'
import type { Turn } from './chatSlice'
import type { GetState, SetState, SliceCreator } from './types'
import { resolveUiLanguage } from '../i18n'

/** Where the open thread's id is kept, so a reload (or a restart) reopens it. */
export const CURRENT_THREAD_KEY = 'researchpal.currentThread'

/** The conversations' state. */
export interface ThreadsSlice {
  threads: {
    list: ThreadSummary[]
    damaged: DamagedThread[]
    loaded: boolean
    query: string
    /** The open thread (turns live in the chat slice); null before the first question. */
    current: Omit<Thread, 'turns'> | null
    /** The papers a new thread will be limited to (from "Ask about these"), if any. */
    pendingScope: string[] | null
    /** The thread just deleted, for Undo; `wasOpen` when it was the open conversation. */
    deleted: { id: string; title: string; wasOpen: boolean } | null
    error: AppError | null
  }
  /** Loads the list; on the first load, reopens the thread open before (or the newest). */
  loadThreads: () => Promise<void>
  setThreadQuery: (query: string) => Promise<void>
  openThread: (threadId: string) => Promise<void>
  /** Starts an empty conversation, limited to `scope` when given. */
  newThread: (scope?: string[] | null) => void
  /** The open thread, created (with the pending scope) when there is none yet. */
  ensureThread: () => Promise<string | null>
  renameThread: (threadId: string, title: string) => Promise<void>
  setThreadScope: (scope: string[] | null) => Promise<void>
  deleteThread: (threadId: string) => Promise<void>
  undoDeleteThread: () => Promise<void>
  dismissThreadNotice: () => void
  /** The open thread (or one turn) exported; Markdown references in `style` when given. */
  exportThread: (
    format: 'md' | 'bib',
    turnId?: string,
    style?: CitationStyle
  ) => Promise<ThreadExport | null>
  /** Refreshes the list and the open thread's header after an answer. */
  refreshThreads: () => Promise<void>
}

function remember(id: string | null): void {
  try {
    if (id) localStorage.setItem(CURRENT_THREAD_KEY, id)
    else localStorage.removeItem(CURRENT_THREAD_KEY)
  } catch {
    // Storage can be unavailable (private mode); the thread list still works.
  }
}

function remembered(): string | null {
  try {
    return localStorage.getItem(CURRENT_THREAD_KEY)
  } catch {
    return null
  }
}

/** A saved turn as the chat shows it. */
export function turnFromThread(t: ThreadTurn, question = t.question): Turn {
  const status: Turn['status'] =
    t.status === 'done'
      ? 'done'
      : t.status === 'stopped'
        ? 'cancelled'
        : t.status === 'failed'
          ? 'error'
          : 'interrupted'
  return {
    requestId: t.id,
    turnId: t.id,
    question,
    status,
    stage: null,
    streamed: '',
    answer:
      t.status === 'done' && t.mode
        ? {
            question: t.question,
            answer: t.answer,
            mode: t.mode,
            verified: t.verified,
            notice: t.notice,
            citations: t.citations,
            usage: t.usage,
            ...(t.outsideScope && { outsideScope: t.outsideScope }),
            ...(t.check && { check: t.check }),
            ...(t.excerpts && { excerpts: t.excerpts }),
            ...(t.answeredBy && { answeredBy: t.answeredBy }),
            ...(t.reply && { reply: t.reply })
          }
        : null,
    error: t.error,
    usage: t.usage
  }
}

function header(t: Thread): Omit<Thread, 'turns'> {
  const { turns: _turns, ...rest } = t
  return rest
}

/** What the threads' actions share: the state, a partial update, the error and the list's load. */
interface ThreadsKit {
  st: () => ThreadsSlice['threads']
  update: (change: Partial<ThreadsSlice['threads']>) => void
  fail: (error: AppError) => void
  /** Lists the threads matching `query`; false (and the error shown) when that failed. */
  load: (query: string) => Promise<boolean>
}

function threadsKit(set: SetState, get: GetState, api: ResearchPalApi): ThreadsKit {
  const st = (): ThreadsSlice['threads'] => get().threads
  const update = (change: Partial<ThreadsSlice['threads']>): void =>
    set({ threads: { ...st(), ...change } })
  const fail = (error: AppError): void => update({ error })

  const load = async (query: string): Promise<boolean> => {
    const r = await api.threads.list(query ? { query } : {})
    if (!r.ok) {
      fail(r.error)
      return false
    }
    update({ list: r.value.threads, damaged: r.value.damaged, loaded: true })
    return true
  }
  return { st, update, fail, load }
}

/** Finding and opening threads: the list, the open one, a new one, the one a question needs. */
function openingActions(
  { st, update, fail, load }: ThreadsKit,
  set: SetState,
  get: GetState,
  api: ResearchPalApi
): Pick<
  ThreadsSlice,
  'loadThreads' | 'setThreadQuery' | 'openThread' | 'newThread' | 'ensureThread' | 'refreshThreads'
> {
  return {
    loadThreads: async () => {
      const first = !st().loaded
      if (!(await load(st().query)) || !first) return
      const want = remembered()
      const target = st().list.find((t) => t.id === want) ?? st().list[0]
      if (target && !st().current && get().chat.turns.length === 0)
        await get().openThread(target.id)
    },
    setThreadQuery: async (query) => {
      update({ query })
      await load(query)
    },
    openThread: async (threadId) => {
      if (get().chat.turns.some((t) => t.status === 'running')) return
      const r = await api.threads.get({ threadId })
      if (!r.ok) return fail(r.error)
      remember(threadId)
      update({ current: header(r.value.thread), pendingScope: null, error: null })
      set({ chat: { turns: r.value.thread.turns.map((t) => turnFromThread(t)) } })
    },
    newThread: (scope = null) => {
      if (get().chat.turns.some((t) => t.status === 'running')) return
      remember(null)
      update({ current: null, pendingScope: scope && scope.length ? scope : null })
      set({ chat: { turns: [] } })
    },
    ensureThread: async () => {
      const current = st().current
      if (current) return current.id
      const scope = st().pendingScope
      const r = await api.threads.create(scope ? { scope } : {})
      if (!r.ok) {
        fail(r.error)
        return null
      }
      remember(r.value.thread.id)
      update({ current: header(r.value.thread), pendingScope: null })
      return r.value.thread.id
    },
    refreshThreads: async () => {
      const current = st().current
      if (current) {
        const r = await api.threads.get({ threadId: current.id })
        if (r.ok) update({ current: header(r.value.thread) })
      }
      await load(st().query)
    }
  }
}

/** Changing a thread: rename, scope, delete and undo, export; the notice dismissed. */
function changingActions(
  { st, update, fail, load }: ThreadsKit,
  get: GetState,
  api: ResearchPalApi
): Pick<
  ThreadsSlice,
  | 'renameThread'
  | 'setThreadScope'
  | 'deleteThread'
  | 'undoDeleteThread'
  | 'dismissThreadNotice'
  | 'exportThread'
> {
  return {
    renameThread: async (threadId, title) => {
      const r = await api.threads.rename({ threadId, title })
      if (!r.ok) return fail(r.error)
      if (st().current?.id === threadId) update({ current: header(r.value.thread) })
      await load(st().query)
    },
    setThreadScope: async (scope) => {
      const current = st().current
      if (!current) {
        update({ pendingScope: scope })
        return
      }
      const r = await api.threads.setScope({ threadId: current.id, scope })
      if (!r.ok) return fail(r.error)
      update({ current: header(r.value.thread) })
      await load(st().query)
    },
    deleteThread: async (threadId) => {
      const title = st().list.find((t) => t.id === threadId)?.title ?? ''
      const r = await api.threads.delete({ threadId })
      if (!r.ok) return fail(r.error)
      const wasOpen = st().current?.id === threadId
      update({ deleted: { id: threadId, title, wasOpen } })
      if (wasOpen) get().newThread()
      await load(st().query)
    },
    undoDeleteThread: async () => {
      const deleted = st().deleted
      if (!deleted) return
      const r = await api.threads.restore({ threadId: deleted.id })
      if (!r.ok) return fail(r.error)
      update({ deleted: null })
      await load(st().query)
      // Undo puts the conversation back; it reopens it only in place of the blank one its
      // deletion left open, never over a conversation the user is in.
      const blank = !st().current && get().chat.turns.length === 0
      if (deleted.wasOpen && blank) await get().openThread(deleted.id)
    },
    dismissThreadNotice: () => update({ deleted: null, error: null }),
    exportThread: async (format, turnId, style) => {
      const current = st().current
      if (!current) return null
      const r = await api.threads.export({
        threadId: current.id,
        format,
        uiLanguage: resolveUiLanguage(get().settings.values?.uiLanguage),
        ...(turnId && { turnId }),
        ...(style && format === 'md' && { style })
      })
      if (!r.ok) {
        fail(r.error)
        return null
      }
      return r.value
    }
  }
}

/** Creates the threads slice. */
export const createThreadsSlice: SliceCreator<ThreadsSlice> = (set, get, api) => {
  const kit = threadsKit(set, get, api)
  return {
    threads: {
      list: [],
      damaged: [],
      loaded: false,
      query: '',
      current: null,
      pendingScope: null,
      deleted: null,
      error: null
    },
    ...openingActions(kit, set, get, api),
    ...changingActions(kit, get, api)
  }
}
