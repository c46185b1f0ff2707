import { useState } from 'react'
import { FolderImportStart } from './FolderImportPanel'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

const DOI = /^(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)?10\.\d{4,9}\/\S+$/i
const ARXIV = /^(?:https?:\/\/|arxiv:|\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?\/\d{7})/i

/**
 * Add PDFs through the system dialog, or type an arXiv id, a DOI (its open-access PDF) or a
 * title (arXiv's candidates to pick from): one row that never scrolls away.
 */
export function AddPapers() {
  const pickAndAddFiles = useAppStore((s) => s.pickAndAddFiles)
  const addArxiv = useAppStore((s) => s.addArxiv)
  const addByDoi = useAppStore((s) => s.addByDoi)
  const searchArxiv = useAppStore((s) => s.searchArxiv)
  const clearFound = useAppStore((s) => s.clearFound)
  const found = useAppStore((s) => s.organize.found)
  const busy = useAppStore((s) => s.library.busy.includes('arxiv'))
  const [text, setText] = useState('')
  const [working, setWorking] = useState(false)
  const { t } = useTranslation()

  const submit = async (): Promise<void> => {
    const v = text.trim()
    setWorking(true)
    try {
      if (DOI.test(v)) {
        if (await addByDoi(v)) setText('')
      } else if (ARXIV.test(v)) {
        if (await addArxiv(v)) setText('')
      } else await searchArxiv(v)
    } finally {
      setWorking(false)
    }
  }

  return (
    <>
      <div className="add-papers">
        <button type="button" className="btn btn-primary" onClick={() => void pickAndAddFiles()}>
          {t('library.addPdfs')}
        </button>
        <FolderImportStart />
        <form
          className="arxiv-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (text.trim()) void submit()
          }}
        >
          <input
            aria-label={t('library.arxivLabel')}
            placeholder={t('library.arxivPlaceholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn" disabled={busy || working || !text.trim()}>
            {busy || working ? t('library.adding') : t('library.add')}
          </button>
        </form>
      </div>
      {found && (
        <div className="found" aria-label={t('library.candidates')}>
          <div className="found-head small">
            <span className="grow">
              {found.candidates.length
                ? t('library.candidatesFor', { query: found.query })
                : t('library.noCandidates', { query: found.query })}
            </span>
            <button
              type="button"
              className="icon-btn"
              aria-label={t('library.closeCandidates')}
              onClick={clearFound}
            >
              ×
            </button>
          </div>
          <ul>
            {found.candidates.map((c) => (
              <li key={c.arxivId}>
                <span className="found-title" title={c.title}>
                  {c.title}
                </span>
                <span className="muted small">
                  {[c.authors[0], c.year, `arXiv:${c.arxivId}`].filter(Boolean).join(' · ')}
                </span>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => {
                    void addArxiv(c.arxivId).then((ok) => {
                      if (ok) {
                        clearFound()
                        setText('')
                      }
                    })
                  }}
                >
                  {t('library.add')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
