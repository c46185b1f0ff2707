import { useEffect, useState } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { Trans, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/**
 * The JSON that makes Claude Desktop or Cursor start ResearchPal's MCP server on this library,
 * with a Copy button.
 */
export function McpSetup() {
  const mcp = useAppStore((s) => s.settings.mcp)
  const loadMcpConfig = useAppStore((s) => s.loadMcpConfig)
  const { t } = useTranslation()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)

  useEffect(() => {
    void loadMcpConfig()
  }, [loadMcpConfig])

  const copy = async (): Promise<void> => {
    if (!mcp.config) return
    try {
      await navigator.clipboard.writeText(mcp.config.snippet)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }

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
          <span className="field-row">
            <button type="button" className="btn" onClick={() => void copy()}>
              {t('settings.copy')}
            </button>
            <span role="status" className="field-help">
              {copied === 'yes'
                ? t('settings.copied')
                : copied === 'failed'
                  ? t('settings.copyFailed')
                  : ''}
            </span>
          </span>
        </>
      )}
    </section>
  )
}
