import { useEffect, useState } from 'react'
import type { LabStatus } from '../../../../shared/labChannels'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/**
 * Settings → Lab library (issue 36): the connection string (a password field: it goes to the
 * secret store and is never shown back — only its host, database and role), Connect and
 * Disconnect, and a status line saying the lab's size, model and this member's role, or exactly
 * what is wrong.
 */
export function LabSetup() {
  const lab = useAppStore((s) => s.lab)
  const loadLab = useAppStore((s) => s.loadLab)
  const connectLab = useAppStore((s) => s.connectLab)
  const disconnectLab = useAppStore((s) => s.disconnectLab)
  const [url, setUrl] = useState('')
  const [init, setInit] = useState(false)
  const { t } = useTranslation()

  useEffect(() => {
    void loadLab()
  }, [loadLab])

  const status = lab.status
  return (
    <section className="field lab-setup" aria-labelledby="lab-heading">
      <span className="field-label" id="lab-heading">
        {t('lab.heading')}
      </span>
      <span className="field-help">{t('lab.help')}</span>
      {lab.error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={lab.error} />
        </div>
      )}
      <LabStatusLine status={status} checking={lab.busy && !status} />
      {status?.connected ? (
        !status.fromEnv && (
          <span className="field-row">
            <button
              type="button"
              className="btn btn-small btn-quiet"
              disabled={lab.busy}
              onClick={() => void disconnectLab()}
            >
              {t('lab.disconnect')}
            </button>
          </span>
        )
      ) : (
        <form
          className="lab-connect"
          onSubmit={(e) => {
            e.preventDefault()
            if (!url.trim()) return
            void connectLab(url.trim(), init).then((done) => {
              if (done) setUrl('')
            })
          }}
        >
          <span className="field-row">
            <input
              type="password"
              autoComplete="off"
              spellCheck={false}
              aria-label={t('lab.url')}
              placeholder={t('lab.urlPlaceholder')}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={!url.trim() || lab.busy}>
              {lab.busy ? t('lab.connecting') : t('lab.connect')}
            </button>
          </span>
          <label className="field-check">
            <input type="checkbox" checked={init} onChange={(e) => setInit(e.target.checked)} />{' '}
            {t('lab.init')}
          </label>
        </form>
      )}
    </section>
  )
}

/** Connected to host/db as role, N papers, the model, the role's rights; or what is wrong. */
function LabStatusLine({ status, checking }: { status: LabStatus | null; checking: boolean }) {
  const { t } = useTranslation()
  if (!status) return checking ? <span className="field-help">{t('lab.checking')}</span> : null
  if (!status.connected)
    return (
      <span className="field-help" data-testid="lab-status">
        {t('lab.notConnected')}
      </span>
    )
  const place = status.info ?? status.place
  return (
    <div className="lab-status" data-testid="lab-status" aria-live="polite">
      {status.info ? (
        <>
          <span className="lab-connected">
            {t('lab.connected', {
              host: status.info.host,
              user: status.info.user,
              papers: status.info.papers,
              model: status.info.model || t('lab.noModel')
            })}
          </span>
          <span className="field-help" data-testid="lab-role">
            {status.info.access.canPublish
              ? t('lab.curator')
              : t('lab.reader', { curators: status.info.access.curators.join(', ') || '—' })}
          </span>
        </>
      ) : (
        <div className="notice notice-error" role="alert">
          <div className="notice-message">
            {t('lab.failing', { host: place?.host ?? '', user: place?.user ?? '' })}
          </div>
          {status.error && <ErrorMessage error={status.error} />}
        </div>
      )}
      {status.fromEnv && <span className="field-help">{t('lab.fromEnv')}</span>}
    </div>
  )
}
