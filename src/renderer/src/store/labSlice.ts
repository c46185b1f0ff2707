import type { AppError } from '../../../shared/errors'
import type { LabProgress, LabPublishReport, LabStatus } from '../../../shared/labChannels'
import type { SliceCreator } from './types'

/** Where a share was started: the selection bar or a collection's menu (its progress shows there). */
export type LabShareOrigin = 'selection' | 'collection'

/** A share with the lab: running (with its progress), or finished (its report, or why it stopped). */
export interface LabShare {
  origin: LabShareOrigin
  running: boolean
  progress: LabProgress | null
  report: LabPublishReport | null
  error: AppError | null
}

/** The lab library (issue 36): its connection for Settings, and sharing papers with it. */
export interface LabSlice {
  lab: {
    /** The connection as main last checked it; null before the first check. */
    status: LabStatus | null
    /** A connect, disconnect or check is on its way. */
    busy: boolean
    /** Why the last connect or disconnect failed (the old connection stays). */
    error: AppError | null
    share: LabShare | null
  }
  loadLab: () => Promise<void>
  /** Connects; true when it did (the field is then cleared). */
  connectLab: (url: string, init: boolean) => Promise<boolean>
  disconnectLab: () => Promise<void>
  shareWithLab: (
    origin: LabShareOrigin,
    target: { paperIds: string[] } | { collectionId: string }
  ) => Promise<void>
  applyLabProgress: (progress: LabProgress) => void
  dismissLabShare: () => void
}

/** The lab slice. */
export const createLabSlice: SliceCreator<LabSlice> = (set, get, api) => {
  const update = (change: Partial<LabSlice['lab']>): void =>
    set({ lab: { ...get().lab, ...change } })
  const updateShare = (change: Partial<LabShare>): void => {
    const share = get().lab.share
    if (share) update({ share: { ...share, ...change } })
  }
  return {
    lab: { status: null, busy: false, error: null, share: null },
    loadLab: async () => {
      update({ busy: true })
      const r = await api.lab.status({})
      if (r.ok) update({ status: r.value, busy: false })
      else update({ error: r.error, busy: false })
    },
    connectLab: async (url, init) => {
      update({ busy: true, error: null })
      const r = await api.lab.connect(init ? { url, init } : { url })
      if (r.ok) update({ status: r.value, busy: false })
      else update({ error: r.error, busy: false })
      return r.ok
    },
    disconnectLab: async () => {
      update({ busy: true, error: null })
      const r = await api.lab.disconnect({})
      if (r.ok) update({ status: r.value, busy: false, share: null })
      else update({ error: r.error, busy: false })
    },
    shareWithLab: async (origin, target) => {
      if (get().lab.share?.running) return
      update({ share: { origin, running: true, progress: null, report: null, error: null } })
      const r = await api.lab.publish(target)
      if (r.ok) updateShare({ running: false, report: r.value })
      else updateShare({ running: false, error: r.error })
      // The lab's paper count changed.
      const st = await api.lab.status({})
      if (st.ok) update({ status: st.value })
    },
    applyLabProgress: (progress) => {
      if (get().lab.share?.running) updateShare({ progress })
    },
    dismissLabShare: () => update({ share: null })
  }
}
