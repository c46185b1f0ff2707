import { useState } from 'react'
import { useAppStore } from '../../store/StoreContext'
import { exportMime, saveTextFile } from './saveFile'
import { ScopePicker } from './ScopePicker'

/** The open conversation: its title, the papers it is limited to, and its export. */
export function ThreadHeader() {
  const current = useAppStore((s) => s.threads.current)
  const pending = useAppStore((s) => s.threads.pendingScope)
  const papers = useAppStore((s) => s.library.papers)
  const hasTurns = useAppStore((s) => s.chat.turns.some((t) => t.status === 'done'))
  const exportThread = useAppStore((s) => s.exportThread)
  const [picking, setPicking] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [copied, setCopied] = useState<string | null>(null)
  const scope = current ? current.scope : pending
  const titleOf = (id: string): string => papers.find((p) => p.id === id)?.title || id
  const scopeText = scope
    ? `Limited to ${scope.length === 1 ? titleOf(scope[0]!) : `${scope.length} papers`}`
    : 'All papers'

  const run = async (format: 'md' | 'bib', action: 'copy' | 'save'): Promise<void> => {
    const out = await exportThread(format)
    if (!out) return
    if (action === 'save') saveTextFile(out.fileName, out.content, exportMime(format))
    else {
      await navigator.clipboard.writeText(out.content)
      setCopied(format)
      setTimeout(() => setCopied(null), 1500)
    }
  }

  return (
    <div className="thread-header">
      <span className="thread-header-title" title={current?.title}>
        {current?.title || 'New conversation'}
      </span>
      <span className="scope-wrap">
        <button
          type="button"
          className="pill scope-pill"
          data-scoped={scope ? 'true' : 'false'}
          title={scope ? scope.map(titleOf).join('\n') : 'Questions search every paper'}
          onClick={() => setPicking(!picking)}
        >
          {scopeText}
        </button>
        {picking && <ScopePicker onClose={() => setPicking(false)} />}
      </span>
      {current && hasTurns && (
        <span className="scope-wrap">
          <button
            type="button"
            className="btn btn-small"
            aria-expanded={exporting}
            onClick={() => setExporting(!exporting)}
          >
            Export…
          </button>
          {exporting && (
            <div className="popover thread-export" role="group" aria-label="Export conversation">
              <p className="small muted">
                The conversation with a numbered reference list, or BibTeX for the cited papers.
              </p>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => void run('md', 'save')}
              >
                Save Markdown
              </button>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => void run('md', 'copy')}
              >
                {copied === 'md' ? 'Copied' : 'Copy Markdown'}
              </button>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => void run('bib', 'save')}
              >
                Save BibTeX
              </button>
              <button
                type="button"
                className="btn btn-small"
                onClick={() => void run('bib', 'copy')}
              >
                {copied === 'bib' ? 'Copied' : 'Copy BibTeX'}
              </button>
            </div>
          )}
        </span>
      )}
    </div>
  )
}
