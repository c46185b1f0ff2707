import type { AppError, Result } from '../../../shared/errors'
import type { FolderImportStatus, IngestTuningInfo } from '../../../shared/folderImport'
import type { SliceCreator } from './types'

/** The folder import's state in the renderer. */
export interface ImportSlice {
  folderImport: {
    status: FolderImportStatus | null
    tuning: IngestTuningInfo | null
    /** A call in flight ('start', 'pause', 'resume', 'cancel', 'measure'). */
    busy: string | null
    error: AppError | null
    /** The finished import whose summary the person closed. */
    dismissedJobId: string | null
  }
  /** Reads the import in progress (or last finished) and the ingestion tuning. */
  loadImport: () => Promise<void>
  /** Opens the folder dialog and imports the chosen folder (or resumes its import). */
  startImport: () => Promise<void>
  pauseImport: () => Promise<void>
  resumeImport: () => Promise<void>
  cancelImport: () => Promise<void>
  /** Measures ONNX Runtime threads and batch size again on this machine. */
  measureIngestion: () => Promise<void>
  dismissImport: () => void
  /** Applies a pushed `import:progress`. */
  applyImportProgress: (status: FolderImportStatus) => void
}

/** Creates the folder import slice. */
export const createImportSlice: SliceCreator<ImportSlice> = (set, get, api) => {
  const state = (): ImportSlice['folderImport'] => get().folderImport
  const update = (change: Partial<ImportSlice['folderImport']>): void =>
    set({ folderImport: { ...state(), ...change } })
  const track = async <T>(key: string, call: () => Promise<Result<T>>): Promise<T | null> => {
    update({ busy: key, error: null })
    try {
      const r = await call()
      if (!r.ok) {
        update({ error: r.error })
        return null
      }
      return r.value
    } finally {
      update({ busy: null })
    }
  }
  const withStatus = async (
    key: string,
    call: () => Promise<Result<{ status: FolderImportStatus | null }>>
  ): Promise<void> => {
    const v = await track(key, call)
    if (v?.status) update({ status: v.status })
  }
  return {
    folderImport: { status: null, tuning: null, busy: null, error: null, dismissedJobId: null },
    loadImport: async () => {
      const r = await api.import.status({})
      // An older main without folder imports: nothing to show.
      if (r.ok) update({ status: r.value.status, tuning: r.value.tuning })
    },
    startImport: () => withStatus('start', () => api.import.start({})),
    pauseImport: () => withStatus('pause', () => api.import.pause({})),
    resumeImport: () => withStatus('resume', () => api.import.resume({})),
    cancelImport: () => withStatus('cancel', () => api.import.cancel({})),
    measureIngestion: async () => {
      const v = await track('measure', () => api.import.measure({}))
      if (v) update({ tuning: v.tuning })
    },
    dismissImport: () => update({ dismissedJobId: state().status?.jobId ?? null, error: null }),
    applyImportProgress: (status) => update({ status })
  }
}
