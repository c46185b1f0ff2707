import { useEffect, useRef } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import type { LabShare, LabShareOrigin } from '../../store/labSlice'
import { useAppStore } from '../../store/StoreContext'

/**
 * "Share with the lab" for the selected papers or a collection (issue 36), shown only when a
 * lab is connected; a reader sees why it may not share. Progress (n / N, title, ETA) and the
 * report (shared, already there, failed with reasons) show beside it.
 * @remarks Nothing is sent twice: the lab keeps one copy per PDF (by sha256), whoever shares it.
 */
export function ShareWithLab({
  origin,
  target
}: {
  origin: LabShareOrigin
  target: { paperIds: string[] } | { collectionId: string }
}) {
  const status = useAppStore((s) => s.lab.status)
  const busy = useAppStore((s) => s.lab.busy)
  const share = useAppStore((s) => s.lab.share)
  const loadLab = useAppStore((s) => s.loadLab)
  const shareWithLab = useAppStore((s) => s.shareWithLab)
  const asked = useRef(false)
  const { t } = useTranslation()

  // Asked once per mount when nobody has yet: Settings and each share keep it up to date.
  useEffect(() => {
    if (status || busy || asked.current) return
    asked.current = true
    void loadLab()
  }, [status, busy, loadLab])

  const info = status?.connected ? status.info : null
  if (!info) return null
  const mine = share?.origin === origin ? share : null
  const hintId = `lab-share-reader-${origin}`
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-quiet"
        disabled={!info.access.canPublish || !!share?.running}
        aria-describedby={info.access.canPublish ? undefined : hintId}
        onClick={() => void shareWithLab(origin, target)}
      >
        {t('lab.share')}
      </button>
      {!info.access.canPublish && (
        <span id={hintId} className="muted small">
          {t('lab.readerCannot', { user: info.user })}
        </span>
      )}
      {mine && <ShareOutcome share={mine} />}
    </>
  )
}

function ShareOutcome({ share }: { share: LabShare }) {
  const dismiss = useAppStore((s) => s.dismissLabShare)
  const { t } = useTranslation()
  const { progress, report, error } = share
  if (share.running) {
    return (
      <span className="small lab-share-progress" role="status" data-testid="lab-share-progress">
        {progress && progress.done < progress.total
          ? [
              t('lab.sharing', {
                done: progress.done + 1,
                total: progress.total,
                title: progress.title
              }),
              progress.etaSeconds === null ? null : t('lab.eta', { seconds: progress.etaSeconds })
            ]
              .filter(Boolean)
              .join(' · ')
          : t('lab.starting')}
      </span>
    )
  }
  return (
    <div className="lab-share-report small" role="status" data-testid="lab-share-report">
      {report ? (
        <>
          <span>
            {t('lab.report', {
              published: report.published.length,
              already: report.already.length,
              failed: report.failed.length
            })}
          </span>
          {report.collection && <span> {t('lab.filedUnder', { name: report.collection })}</span>}
          {report.failed.length > 0 && (
            <ul className="lab-share-failed">
              {report.failed.map((f) => (
                <li key={f.paperId}>
                  <strong>{f.title}</strong>
                  <ErrorMessage error={f.error} />
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        error && (
          <div className="notice notice-error">
            <div className="notice-message">{t('lab.shareFailed')}</div>
            <ErrorMessage error={error} />
          </div>
        )
      )}
      <button type="button" className="btn btn-small btn-quiet" onClick={dismiss}>
        {t('lab.dismiss')}
      </button>
    </div>
  )
}
