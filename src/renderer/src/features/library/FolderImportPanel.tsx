import { useEffect } from 'react'
import type { TFunction } from 'i18next'
import type { FolderImportEntry, FolderImportStatus } from '../../../../shared/folderImport'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** "About 12 minutes left", in the UI language. */
export function etaText(seconds: number | null, t: TFunction): string {
  if (seconds === null) return t('folderImport.etaEstimating')
  if (seconds < 60) return t('folderImport.etaUnderMinute')
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return t('folderImport.etaMinutes', { count: minutes })
  return t('folderImport.etaHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

function EntryList({ title, entries }: { title: string; entries: FolderImportEntry[] }) {
  const papers = useAppStore((s) => s.library.papers)
  if (entries.length === 0) return null
  // An entry carries its message's key (said in the UI language). One recorded before keys
  // existed may be a failed paper in the library, whose error has its key: told from that.
  const errorOf = (e: FolderImportEntry) => {
    const error = e.paperId ? papers.find((p) => p.id === e.paperId)?.error : null
    return error?.code === e.code ? error : null
  }
  return (
    <details className="import-entries">
      <summary className="small">{title}</summary>
      <ul className="small">
        {entries.map((e) => (
          <li key={e.file} title={e.file}>
            <strong>{fileName(e.file)}</strong> —{' '}
            <ErrorMessage message={e.message} error={e.key ? e : errorOf(e)} />
          </li>
        ))}
      </ul>
    </details>
  )
}

/**
 * The button that starts a folder import, beside "Add PDFs…" (hidden while an import runs: the
 * panel below shows its progress then).
 */
export function FolderImportStart() {
  const status = useAppStore((s) => s.folderImport.status)
  const busy = useAppStore((s) => s.folderImport.busy)
  const startImport = useAppStore((s) => s.startImport)
  const { t } = useTranslation()
  if (status && ACTIVE.has(status.state)) return null
  return (
    <button
      type="button"
      className="btn btn-small"
      title={t('folderImport.startTitle')}
      disabled={busy === 'start'}
      onClick={() => void startImport()}
    >
      {t('folderImport.start')}
    </button>
  )
}

const ACTIVE = new Set(['running', 'pausing', 'paused'])

/**
 * Importing a folder of PDFs (started by {@link FolderImportStart}): progress with an ETA and
 * pause/resume while it runs, and the summary (failures with reasons, duplicates) when it ends.
 * It resumes by itself after the app restarts. Also shows the indexing settings measured on this computer, with a
 * way to measure them again.
 */
export function FolderImportPanel() {
  const status = useAppStore((s) => s.folderImport.status)
  const busy = useAppStore((s) => s.folderImport.busy)
  const error = useAppStore((s) => s.folderImport.error)
  const dismissed = useAppStore((s) => s.folderImport.dismissedJobId)
  const loadImport = useAppStore((s) => s.loadImport)
  const { t } = useTranslation()

  useEffect(() => {
    void loadImport()
  }, [loadImport])

  const active = status && ACTIVE.has(status.state)
  const ended =
    status &&
    (status.state === 'finished' || status.state === 'cancelled') &&
    dismissed !== status.jobId

  // Nothing under way, nothing to report: the start button beside "Add PDFs…" is all there is.
  if (!active && !ended && !error && busy !== 'measure') return null
  return (
    <div className="folder-import" role="group" aria-label={t('folderImport.label')}>
      {active && status && <ImportRunning status={status} />}
      {ended && status && <ImportEnded status={status} />}
      {error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={error} />
        </div>
      )}
      {(active || ended || busy === 'measure') && <ImportTuning />}
    </div>
  )
}

/** A running or paused import: progress, counts, ETA, pause/resume and stop. */
function ImportRunning({ status }: { status: FolderImportStatus }) {
  const busy = useAppStore((s) => s.folderImport.busy)
  const pauseImport = useAppStore((s) => s.pauseImport)
  const resumeImport = useAppStore((s) => s.resumeImport)
  const cancelImport = useAppStore((s) => s.cancelImport)
  const { t } = useTranslation()
  const settled = status.indexed + status.duplicates + status.failed
  return (
    <div className="overall import-progress" role="status">
      <div className="small import-head" title={status.folder}>
        {status.state === 'running'
          ? t('folderImport.running', { folder: fileName(status.folder) })
          : status.state === 'pausing'
            ? t('folderImport.pausing')
            : t('folderImport.paused')}
      </div>
      <div className="progress">
        <div
          className="progress-bar"
          style={{ width: `${status.total ? (settled / status.total) * 100 : 0}%` }}
        />
      </div>
      <div className="small muted">
        {t('folderImport.counts', {
          settled,
          total: status.total,
          indexed: status.indexed,
          duplicates: status.duplicates,
          failed: status.failed
        })}
      </div>
      {status.state === 'running' && (
        <div className="small" aria-label={t('folderImport.etaLabel')}>
          {etaText(status.etaSeconds, t)}
        </div>
      )}
      <div className="import-actions">
        {status.state === 'running' ? (
          <button type="button" className="btn btn-small" onClick={() => void pauseImport()}>
            {t('folderImport.pause')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={status.state === 'pausing' || busy === 'resume'}
            onClick={() => void resumeImport()}
          >
            {t('folderImport.resume')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-small btn-quiet"
          disabled={busy === 'cancel'}
          onClick={() => {
            if (window.confirm(t('folderImport.confirmStop'))) void cancelImport()
          }}
        >
          {t('folderImport.stop')}
        </button>
      </div>
    </div>
  )
}

/** A finished or stopped import: what came in, failures with reasons, duplicates. */
function ImportEnded({ status }: { status: FolderImportStatus }) {
  const dismiss = useAppStore((s) => s.dismissImport)
  const { t } = useTranslation()
  return (
    <div className="notice import-summary" role="status">
      <div className="notice-title">
        {status.state === 'finished'
          ? t('folderImport.finished', {
              indexed: status.indexed,
              duplicates: status.duplicates,
              failed: status.failed,
              total: status.total
            })
          : t('folderImport.stopped', {
              indexed: status.indexed,
              left: status.queued + status.inFlight
            })}
      </div>
      <EntryList
        title={t('folderImport.failures', { count: status.failures.length })}
        entries={status.failures}
      />
      <EntryList
        title={t('folderImport.duplicates', { count: status.duplicateFiles.length })}
        entries={status.duplicateFiles}
      />
      <button type="button" className="btn btn-small btn-quiet" onClick={dismiss}>
        {t('folderImport.close')}
      </button>
    </div>
  )
}

/** The indexing settings measured on this computer, and a way to measure them again. */
function ImportTuning() {
  const tuning = useAppStore((s) => s.folderImport.tuning)
  const busy = useAppStore((s) => s.folderImport.busy)
  const running = useAppStore((s) => s.folderImport.status?.state === 'running')
  const measure = useAppStore((s) => s.measureIngestion)
  const { t } = useTranslation()
  return (
    <div className="small muted import-tuning">
      {tuning
        ? t('folderImport.tuning', {
            workers: tuning.workers,
            threads: tuning.threads,
            batch: tuning.batchSize
          })
        : t('folderImport.tuningNone')}{' '}
      <button
        type="button"
        className="btn btn-small btn-quiet"
        disabled={busy === 'measure' || running}
        onClick={() => void measure()}
      >
        {busy === 'measure' ? t('folderImport.measuring') : t('folderImport.measure')}
      </button>
    </div>
  )
}
