import { useEffect, useState } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { Trans, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { CopyButton } from './CopyButton'

/**
 * Settings' switch for the local HTTP API (`researchpal serve` run by the app): the port, the
 * address with its /docs page, and the bearer token, shown once with Copy after switching on.
 */
export function ApiServerSetup() {
  const state = useAppStore((s) => s.settings.apiServer)
  const savedPort = useAppStore((s) => s.settings.values?.apiServerPort ?? 8765)
  const loadApiServer = useAppStore((s) => s.loadApiServer)
  const setApiServer = useAppStore((s) => s.setApiServer)
  const { t } = useTranslation()
  // What the user typed; until then, the port it runs on or the saved one.
  const [edited, setPort] = useState<string | null>(null)

  useEffect(() => {
    void loadApiServer()
  }, [loadApiServer])

  const status = state.status
  const port = edited ?? String(status?.port ?? savedPort)
  const portNumber = Number(port)
  const portValid = Number.isInteger(portNumber) && portNumber >= 1024 && portNumber <= 65_535
  const toggle = (on: boolean): void => {
    void setApiServer(on, on && portValid ? portNumber : undefined)
  }

  return (
    <section className="field" aria-labelledby="api-server-heading">
      <span className="field-label" id="api-server-heading">
        {t('settings.apiServer.heading')}
      </span>
      <label className="field-check">
        <input
          type="checkbox"
          checked={status?.running ?? false}
          disabled={state.busy || !status || (!status.running && !portValid)}
          onChange={(e) => toggle(e.target.checked)}
        />{' '}
        {t('settings.apiServer.switch')}
      </label>
      <label className="field-row">
        <span>{t('settings.apiServer.port')}</span>
        <input
          type="number"
          min={1024}
          max={65535}
          value={port}
          aria-label={t('settings.apiServer.port')}
          aria-invalid={!portValid}
          disabled={status?.running ?? false}
          onChange={(e) => setPort(e.target.value)}
        />
      </label>
      {!portValid && (
        <span className="field-help" role="alert">
          {t('settings.apiServer.portInvalid')}
        </span>
      )}
      <span className="field-help">
        <Trans t={t} i18nKey="settings.apiServer.help" components={{ code: <code /> }} />
      </span>
      {state.error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={state.error} />
        </div>
      )}
      {status?.running && status.url && (
        <span className="field-help" data-testid="api-server-url">
          <Trans
            t={t}
            i18nKey="settings.apiServer.running"
            values={{ url: status.url, docs: `${status.url}/docs` }}
            components={{ code: <code /> }}
          />
        </span>
      )}
      {status?.running && status.token && (
        <>
          <span className="field-help">{t('settings.apiServer.tokenOnce')}</span>
          <pre className="mcp-snippet" data-testid="api-server-token" tabIndex={0}>
            {status.token}
          </pre>
          <CopyButton text={status.token} />
        </>
      )}
      {status && (
        <span className="field-help">
          {status.tokenFromEnvironment
            ? t('settings.apiServer.tokenEnv')
            : t('settings.apiServer.tokenFile', { file: status.tokenFile })}
        </span>
      )}
    </section>
  )
}
