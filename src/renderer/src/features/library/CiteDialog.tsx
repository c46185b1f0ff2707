import { useEffect, useState } from 'react'
import type { CitationStyle } from '../../../../shared/citationStyles'
import { StyleOptions } from '../../components/CopyReference'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { saveTextFile } from '../../components/saveTextFile'
import { useModal } from './useModal'

/**
 * One paper, a selection, a collection or the library cited: BibTeX (copy it or save a `.bib`),
 * RIS (copy or save a `.ris`), or formatted references in a style (APA, ABNT…) to copy.
 */
export function CiteDialog() {
  const cite = useAppStore((s) => s.organize.cite)
  const openCite = useAppStore((s) => s.openCite)
  const saveCite = useAppStore((s) => s.saveCite)
  const formatReferences = useAppStore((s) => s.formatReferences)
  const risFor = useAppStore((s) => s.risFor)
  const setReferenceStyle = useAppStore((s) => s.setReferenceStyle)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const [style, setStyle] = useState<CitationStyle | 'bibtex' | 'ris'>('bibtex')
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
    const made =
      style === 'ris'
        ? risFor({ paperIds, collectionId })
        : formatReferences({ paperIds, collectionId }, style).then((refs) =>
            refs ? refs.join('\n\n') : null
          )
    void made.then((text) => {
      if (!stale) setFormatted({ key, text })
    })
    return () => {
      stale = true
    }
  }, [open, style, paperIds, collectionId, key, formatReferences, risFor])
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
                const next = e.currentTarget.value as CitationStyle | 'bibtex' | 'ris'
                setStyle(next)
                setCopied(null)
                if (next !== 'bibtex' && next !== 'ris') setReferenceStyle(next)
              }}
            >
              <option value="bibtex">{t('cite.styles.bibtex')}</option>
              <option value="ris">{t('cite.styles.ris')}</option>
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
              disabled={style === 'ris' ? !text : !cite.bibtex}
              onClick={() => {
                // RIS is saved by the window's download (Save dialog); BibTeX by main's dialog.
                if (style === 'ris' && text)
                  saveTextFile({
                    fileName: 'references.ris',
                    mimeType: 'application/x-research-info-systems',
                    text
                  })
                else void saveCite()
              }}
            >
              {t('cite.save')}
            </button>
          </footer>
        </div>
      )}
    </dialog>
  )
}
