import { useState } from 'react'
import type { FieldSource, Paper } from '../../../../shared/types'
import { ErrorMessage } from '../../components/ErrorMessage'
import { formatDate, useTranslation, type TFunction } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { PaperDiscovery } from './PaperDiscovery'
import { useModal } from './useModal'
import { SyncSourceDetails } from './SyncSource'

function sourceText(source: FieldSource, t: TFunction): string {
  switch (source) {
    case 'pdf':
      return t('details.sourcePdf')
    case 'arxiv':
      return t('details.sourceArxiv')
    case 'crossref':
      return t('details.sourceCrossref')
    case 'openalex':
      return t('details.sourceOpenalex')
    case 'import':
      return t('details.sourceImport')
    case 'user':
      return t('details.sourceUser')
  }
}

/** Edits a paper's details (title, authors, year, venue, DOI, tags) and cites it. */
export function PaperDetails() {
  const editing = useAppStore((s) => s.organize.editing)
  const paper = useAppStore((s) => s.library.papers.find((p) => p.id === s.organize.editing))
  const openDetails = useAppStore((s) => s.openDetails)
  const { t } = useTranslation()
  const ref = useModal(!!editing && !!paper)
  return (
    <dialog
      ref={ref}
      className="settings paper-details"
      aria-label={t('details.label')}
      onClose={() => openDetails(null)}
    >
      {editing && paper && <DetailsForm key={paper.id} paper={paper} />}
    </dialog>
  )
}

function DetailsForm({ paper }: { paper: Paper }) {
  const editPaper = useAppStore((s) => s.editPaper)
  const openDetails = useAppStore((s) => s.openDetails)
  const openCite = useAppStore((s) => s.openCite)
  const removePaper = useAppStore((s) => s.removePaper)
  const error = useAppStore((s) => s.organize.error)
  const dismiss = useAppStore((s) => s.dismissOrganizeError)
  const [title, setTitle] = useState(paper.title)
  const [authors, setAuthors] = useState(paper.authors.join('\n'))
  const [year, setYear] = useState(paper.year ? String(paper.year) : '')
  const [venue, setVenue] = useState(paper.venue ?? '')
  const [doi, setDoi] = useState(paper.doi ?? '')
  const [tags, setTags] = useState(paper.tags.join(', '))
  const [saved, setSaved] = useState(false)
  const { t } = useTranslation()
  const sourceOf = (field: keyof Paper['fieldSources']): string =>
    sourceText(paper.fieldSources[field] ?? 'pdf', t)
  const list = (s: string, sep: RegExp): string[] =>
    s
      .split(sep)
      .map((x) => x.trim())
      .filter(Boolean)
  const yearValue = year.trim() ? Number(year) : null
  const yearBad = yearValue !== null && !Number.isInteger(yearValue)

  const save = async (): Promise<void> => {
    dismiss()
    const edit: Record<string, unknown> = {}
    if (title.trim() !== paper.title) edit.title = title.trim()
    const a = list(authors, /\n|;/)
    if (a.join('\n') !== paper.authors.join('\n')) edit.authors = a
    if (yearValue !== paper.year) edit.year = yearValue
    if ((venue.trim() || null) !== paper.venue) edit.venue = venue.trim() || null
    if ((doi.trim() || null) !== paper.doi) edit.doi = doi.trim() || null
    const t = list(tags, /,/)
    if (t.join(',') !== paper.tags.join(',')) edit.tags = t
    if (Object.keys(edit).length === 0) return openDetails(null)
    if (await editPaper(paper.id, edit)) {
      setSaved(true)
      openDetails(null)
    }
  }

  return (
    <form
      className="settings-body"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <header className="settings-header">
        <h2>{t('details.label')}</h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('details.close')}
          onClick={() => openDetails(null)}
        >
          ×
        </button>
      </header>
      {error && (
        <div className="notice notice-error" role="alert">
          <ErrorMessage error={error} />
        </div>
      )}
      <label className="field">
        <span>
          {t('details.title')} <span className="muted small">({sourceOf('title')})</span>
        </span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} required />
      </label>
      <label className="field">
        <span>
          {t('details.authors')} <span className="muted small">({sourceOf('authors')})</span>
        </span>
        <textarea rows={4} value={authors} onChange={(e) => setAuthors(e.target.value)} />
      </label>
      <div className="field-row">
        <label className="field">
          <span>
            {t('details.year')} <span className="muted small">({sourceOf('year')})</span>
          </span>
          <input
            inputMode="numeric"
            value={year}
            aria-invalid={yearBad}
            onChange={(e) => setYear(e.target.value)}
          />
        </label>
        <label className="field grow">
          <span>
            {t('details.venue')} <span className="muted small">({sourceOf('venue')})</span>
          </span>
          <input value={venue} onChange={(e) => setVenue(e.target.value)} />
        </label>
      </div>
      <label className="field">
        <span>
          {t('details.doi')} <span className="muted small">({sourceOf('doi')})</span>
        </span>
        <input value={doi} placeholder="10.…" onChange={(e) => setDoi(e.target.value)} />
      </label>
      <label className="field">
        <span>{t('details.tags')}</span>
        <input value={tags} onChange={(e) => setTags(e.target.value)} />
      </label>
      <p className="muted small">
        {t('details.added', { date: formatDate(paper.addedAt) })} {t('details.kept')}
      </p>
      <SyncSourceDetails paper={paper} />
      {paper.status === 'indexed' && <PaperDiscovery paperId={paper.id} />}
      <footer className="dialog-actions">
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => {
            if (window.confirm(t('paper.confirmRemove', { title: paper.title }))) {
              openDetails(null)
              void removePaper(paper.id)
            }
          }}
        >
          {t('details.remove')}
        </button>
        <span className="grow" />
        <button
          type="button"
          className="btn"
          onClick={() => void openCite({ paperIds: [paper.id], label: paper.title })}
        >
          {t('details.cite')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={yearBad || !title.trim()}>
          {saved ? t('details.saved') : t('details.save')}
        </button>
      </footer>
    </form>
  )
}
