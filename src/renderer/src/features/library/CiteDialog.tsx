import { useEffect, useState } from 'react'
import type { CitationStyle } from '../../../../shared/citationStyles'
import { StyleOptions } from '../../components/CopyReference'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { useModal } from './useModal'

/**
 * One paper, a selection, a collection or the library cited: BibTeX (copy it or save a `.bib`),
 * or formatted references in a style (APA, ABNT…) to copy.
 */
export function CiteDialog() {
  const cite = useAppStore((s) => s.organize.cite)
  const openCite = useAppStore((s) => s.openCite)
  const saveCite = useAppStore((s) => s.saveCite)
  const formatReferences = useAppStore((s) => s.formatReferences)
  const setReferenceStyle = useAppStore((s) => s.setReferenceStyle)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const [style, setStyle] = useState<CitationStyle | 'bibtex'>('bibtex')
  const [formatted, setFormatted] = useState<{ key: string; text: string | null } | null>(null)
  const { t } = useTranslation()
  const ref = useModal(!!cite)
  const paperIds = cite?.paperIds
  const collectionId = cite?.collectionId
  const key = `${style}:${JSON.stringify([paperIds, collectionId])}`
  const open = !!cite
  useEffect(() => {
    if (!open || style === 'bibtex') return
    let stale = false
    void formatReferences({ paperIds, collectionId }, style).then((refs) => {
      if (!stale) setFormatted({ key, text: refs ? refs.join('\n\n') : null })
    })
    return () => {
      stale = true
    }
  }, [open, style, paperIds, collectionId, key, formatReferences])
  const close = (): void => {
    setCopied(null)
    setStyle('bibtex')
    void openCite(null)
  }
  const text =
    style === 'bibtex' ? cite?.bibtex : formatted?.key === key ? formatted.text : undefined
  return (
    <dialog ref={ref} className="settings cite-dialog" aria-label={t('cite.label')} onClose={close}>
      {cite && (
        <div className="settings-body">
          <header className="settings-header">
            <h2>
              {style === 'bibtex'
                ? t('cite.heading', { label: cite.label })
                : t('cite.headingStyled', { style: t(`cite.styles.${style}`), label: cite.label })}
            </h2>
            <button type="button" className="icon-btn" aria-label={t('cite.close')} onClick={close}>
              ×
            </button>
          </header>
          <label className="cite-style">
            {t('cite.style')}{' '}
            <select
              value={style}
              onChange={(e) => {
                const next = e.currentTarget.value as CitationStyle | 'bibtex'
                setStyle(next)
                setCopied(null)
                if (next !== 'bibtex') setReferenceStyle(next)
              }}
            >
              <option value="bibtex">{t('cite.styles.bibtex')}</option>
              <StyleOptions />
            </select>
          </label>
          <textarea
            className="bibtex"
            aria-label={style === 'bibtex' ? t('cite.bibtex') : t('cite.references')}
            readOnly
            rows={14}
            value={text ?? (text === null ? t('cite.referenceFailed') : t('cite.preparing'))}
            onFocus={(e) => e.currentTarget.select()}
          />
          {copied === 'failed' && <p className="small">{t('cite.copyFailed')}</p>}
          {cite.savedTo && <p className="small">{t('cite.savedTo', { path: cite.savedTo })}</p>}
          <footer className="dialog-actions">
            <span className="grow" />
            <button
              type="button"
              className="btn"
              disabled={!text}
              onClick={() => {
                navigator.clipboard.writeText(text ?? '').then(
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
