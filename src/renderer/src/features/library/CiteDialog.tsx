import { useState } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { useModal } from './useModal'

/** BibTeX for one paper, a selection, a collection or the library: copy it or save a `.bib`. */
export function CiteDialog() {
  const cite = useAppStore((s) => s.organize.cite)
  const openCite = useAppStore((s) => s.openCite)
  const saveCite = useAppStore((s) => s.saveCite)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const { t } = useTranslation()
  const ref = useModal(!!cite)
  const close = (): void => {
    setCopied(null)
    void openCite(null)
  }
  return (
    <dialog ref={ref} className="settings cite-dialog" aria-label={t('cite.label')} onClose={close}>
      {cite && (
        <div className="settings-body">
          <header className="settings-header">
            <h2>{t('cite.heading', { label: cite.label })}</h2>
            <button type="button" className="icon-btn" aria-label={t('cite.close')} onClick={close}>
              ×
            </button>
          </header>
          <textarea
            className="bibtex"
            aria-label={t('cite.bibtex')}
            readOnly
            rows={14}
            value={cite.bibtex ?? t('cite.preparing')}
            onFocus={(e) => e.currentTarget.select()}
          />
          {copied === 'failed' && <p className="small">{t('cite.copyFailed')}</p>}
          {cite.savedTo && <p className="small">{t('cite.savedTo', { path: cite.savedTo })}</p>}
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
              {copied === 'yes' ? t('cite.copied') : t('cite.copy')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!cite.bibtex}
              onClick={() => void saveCite()}
            >
              {t('cite.save')}
            </button>
          </footer>
        </div>
      )}
    </dialog>
  )
}
