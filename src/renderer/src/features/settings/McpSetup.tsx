import { useEffect } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { Trans, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { CopyButton } from './CopyButton'

/**
 * The JSON that makes Claude Desktop or Cursor start ResearchPal's MCP server on this library,
 * with a Copy button.
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
