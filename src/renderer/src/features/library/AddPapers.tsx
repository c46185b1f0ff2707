import { useState } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Add PDFs through the system dialog, or an arXiv id. */
export function AddPapers() {
  const pickAndAddFiles = useAppStore((s) => s.pickAndAddFiles)
  const addArxiv = useAppStore((s) => s.addArxiv)
  const busy = useAppStore((s) => s.library.busy.includes('arxiv'))
  const [arxiv, setArxiv] = useState('')
  const { t } = useTranslation()
  return (
    <div className="add-papers">
      <button type="button" className="btn btn-primary" onClick={() => void pickAndAddFiles()}>
        {t('library.addPdfs')}
      </button>
      <form
        className="arxiv-form"
        onSubmit={(e) => {
          e.preventDefault()
          if (!arxiv.trim()) return
          void addArxiv(arxiv.trim()).then((ok) => ok && setArxiv(''))
        }}
      >
        <input
          aria-label={t('library.arxivLabel')}
          placeholder={t('library.arxivPlaceholder')}
          value={arxiv}
          onChange={(e) => setArxiv(e.target.value)}
        />
        <button type="submit" className="btn" disabled={busy || !arxiv.trim()}>
          {busy ? t('library.adding') : t('library.add')}
        </button>
      </form>
    </div>
  )
}
