import { useEffect, useState } from 'react'
import { useAppStore } from '../../store/StoreContext'

/**
 * The JSON that makes Claude Desktop or Cursor start ResearchPal's MCP server on this library,
 * with a Copy button.
 */
export function McpSetup() {
  const mcp = useAppStore((s) => s.settings.mcp)
  const loadMcpConfig = useAppStore((s) => s.loadMcpConfig)
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
        Use from Claude Desktop, Cursor and other MCP clients
      </span>
      {mcp.error && (
        <div className="notice notice-error" role="alert">
          <div className="notice-message">{mcp.error.message}</div>
        </div>
      )}
      {mcp.config && (
        <>
          <span className="field-help">
            Add this to claude_desktop_config.json (Claude Desktop) or .cursor/mcp.json (Cursor).
            The client can search, read and cite your papers but not change the library; add{' '}
            <code>--allow-add</code> to args to let it add arXiv papers, and{' '}
            <code>GEMINI_API_KEY</code> to env for generated answers.
          </span>
          <pre className="mcp-snippet" data-testid="mcp-snippet" tabIndex={0}>
            {mcp.config.snippet}
          </pre>
          <span className="field-row">
            <button type="button" className="btn" onClick={() => void copy()}>
              Copy
            </button>
            <span role="status" className="field-help">
              {copied === 'yes'
                ? 'Copied.'
                : copied === 'failed'
                  ? 'Could not copy; select the text and copy it.'
                  : ''}
            </span>
          </span>
        </>
      )}
    </section>
  )
}
