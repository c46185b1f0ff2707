import { useEffect } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { Trans, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { CopyButton } from './CopyButton'

/**
 * The JSON that makes Claude Desktop or Cursor start ResearchPal's MCP server on this library,
 * with a Copy button, under a line saying how MCP is served now.
 */
export function McpSetup() {
  const mcp = useAppStore((s) => s.settings.mcp)
  const loadMcpConfig = useAppStore((s) => s.loadMcpConfig)
  const { t } = useTranslation()

  useEffect(() => {
    void loadMcpConfig()
  }, [loadMcpConfig])

  return (
    <section className="field" aria-labelledby="mcp-heading">
      <span className="field-label" id="mcp-heading">
        {t('settings.mcp')}
      </span>
      {mcp.error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={mcp.error} />
        </div>
      )}
      {mcp.config && <McpStatusLine />}
      {mcp.config && (
        <>
          <span className="field-help">
            <Trans t={t} i18nKey="settings.mcpHelp" components={{ code: <code /> }} />
          </span>
          <pre className="mcp-snippet" data-testid="mcp-snippet" tabIndex={0}>
            {mcp.config.snippet}
          </pre>
          <CopyButton text={mcp.config.snippet} />
        </>
      )}
    </section>
  )
}

/**
 * How MCP is served: by the app over HTTP at the local API's /mcp while that runs, and always by
 * the server a client starts itself from the JSON (stdio).
 * @remarks A stdio server is the client's own child process: the app cannot see it, so the line
 * says what is ready rather than claiming it runs. The HTTP endpoint is the app's, so it is known.
 */
function McpStatusLine() {
  const status = useAppStore((s) => s.settings.apiServer.status)
  const { t } = useTranslation()
  const http = status?.running && status.url ? `${status.url}/mcp` : null
  return (
    <div className="mcp-status" data-testid="mcp-status" data-http={http ? 'on' : 'off'}>
      <span className="status-line ok">{t('settings.mcpStatus.ready')}</span>
      <span className="field-help">
        {http ? (
          <Trans
            t={t}
            i18nKey="settings.mcpStatus.http"
            values={{ url: http }}
            components={{ code: <code /> }}
          />
        ) : (
          t('settings.mcpStatus.httpOff')
        )}
      </span>
    </div>
  )
}
