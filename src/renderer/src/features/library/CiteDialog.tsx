import { useState } from 'react'
import { useAppStore } from '../../store/StoreContext'
import { useModal } from './useModal'

/** BibTeX for one paper, a selection, a collection or the library: copy it or save a `.bib`. */
export function CiteDialog() {
  const cite = useAppStore((s) => s.organize.cite)
  const openCite = useAppStore((s) => s.openCite)
  const saveCite = useAppStore((s) => s.saveCite)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const ref = useModal(!!cite)
  const close = (): void => {
    setCopied(null)
    void openCite(null)
  }
  return (
    <dialog ref={ref} className="settings cite-dialog" aria-label="Cite" onClose={close}>
      {cite && (
        <div className="settings-body">
          <header className="settings-header">
            <h2>BibTeX: {cite.label}</h2>
            <button type="button" className="icon-btn" aria-label="Close" onClick={close}>
              ×
            </button>
          </header>
          <textarea
            className="bibtex"
            aria-label="BibTeX"
            readOnly
            rows={14}
            value={cite.bibtex ?? 'Preparing…'}
            onFocus={(e) => e.currentTarget.select()}
          />
          {copied === 'failed' && (
            <p className="small">Copying was not allowed here: select the text and copy it.</p>
          )}
          {cite.savedTo && <p className="small">Saved to {cite.savedTo}</p>}
          <footer className="dialog-actions">
            <span className="grow" />
            <button
              type="button"
              className="btn"
              disabled={!cite.bibtex}
              onClick={() => {
                navigator.clipboard.writeText(cite.bibtex ?? '').then(
                  () => setCopied('yes'),
                  () => setCopied('failed')
                )
              }}
            >
              {copied === 'yes' ? 'Copied' : 'Copy'}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!cite.bibtex}
              onClick={() => void saveCite()}
            >
              Save .bib…
            </button>
          </footer>
        </div>
      )}
    </dialog>
  )
}
