import { useState, type ReactNode } from 'react'
import type { FieldSource, Paper } from '../../../../shared/types'
import { ErrorMessage } from '../../components/ErrorMessage'
import { formatDate, languageName, useTranslation, type TFunction } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { PaperDiscovery } from './PaperDiscovery'
import { ReferencePdf, useReferencePdf } from './ReferencePdf'
import { useModal } from './useModal'
import { SyncSourceDetails } from './SyncSource'

/** The languages offered for a paper, besides the one detected (ISO 639-1, as detection gives). */
const PAPER_LANGUAGES = ['en', 'pt', 'es', 'fr', 'de', 'it']

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

/** Edits a paper's details (title, authors, year, venue, DOI, language, tags) and cites it. */
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

/** The form's editable fields as text, and the save that sends only what changed. */
function useDetailsDraft(paper: Paper) {
  const editPaper = useAppStore((s) => s.editPaper)
  const openDetails = useAppStore((s) => s.openDetails)
  const dismiss = useAppStore((s) => s.dismissOrganizeError)
  const [title, setTitle] = useState(paper.title)
  const [authors, setAuthors] = useState(paper.authors.join('\n'))
  const [year, setYear] = useState(paper.year ? String(paper.year) : '')
  const [venue, setVenue] = useState(paper.venue ?? '')
  const [doi, setDoi] = useState(paper.doi ?? '')
  const [language, setLanguage] = useState(paper.language ?? '')
  const [tags, setTags] = useState(paper.tags.join(', '))
  const [saved, setSaved] = useState(false)
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
    if ((language || null) !== paper.language) edit.language = language || null
    const t = list(tags, /,/)
    if (t.join(',') !== paper.tags.join(',')) edit.tags = t
    if (Object.keys(edit).length === 0) return openDetails(null)
    if (await editPaper(paper.id, edit)) {
      setSaved(true)
      openDetails(null)
    }
  }
  return {
    title,
    setTitle,
    authors,
    setAuthors,
    year,
    setYear,
    yearBad,
    venue,
    setVenue,
    doi,
    setDoi,
    language,
    setLanguage,
    tags,
    setTags,
    saved,
    save
  }
}

function DetailsForm({ paper }: { paper: Paper }) {
  const openDetails = useAppStore((s) => s.openDetails)
  const error = useAppStore((s) => s.organize.error)
  const d = useDetailsDraft(paper)
  const pdf = useReferencePdf(paper)
  const { t } = useTranslation()
  // A field with no recorded source came from the PDF; a reference without one has no such field.
  const sourceOf = (field: keyof Paper['fieldSources']): ReactNode => {
    const source = paper.fieldSources[field] ?? (paper.status === 'metadata' ? null : 'pdf')
    return source && <span className="muted small">({sourceText(source, t)})</span>
  }

  return (
    <form
      className={`settings-body${pdf.dropTarget ? ' drop-target' : ''}`}
      {...pdf.dropHandlers}
      onSubmit={(e) => {
        e.preventDefault()
        void d.save()
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
          {t('details.title')} {sourceOf('title')}
        </span>
        <input value={d.title} onChange={(e) => d.setTitle(e.target.value)} required />
      </label>
      <label className="field">
        <span>
          {t('details.authors')} {sourceOf('authors')}
        </span>
        <textarea rows={4} value={d.authors} onChange={(e) => d.setAuthors(e.target.value)} />
      </label>
      <div className="field-row">
        <label className="field">
          <span>
            {t('details.year')} {sourceOf('year')}
          </span>
          <input
            inputMode="numeric"
            value={d.year}
            aria-invalid={d.yearBad}
            onChange={(e) => d.setYear(e.target.value)}
          />
        </label>
        <label className="field grow">
          <span>
            {t('details.venue')} {sourceOf('venue')}
          </span>
          <input value={d.venue} onChange={(e) => d.setVenue(e.target.value)} />
        </label>
      </div>
      <div className="field-row">
        <label className="field grow">
          <span>
            {t('details.doi')} {sourceOf('doi')}
          </span>
          <input value={d.doi} placeholder="10.…" onChange={(e) => d.setDoi(e.target.value)} />
        </label>
        <LanguageField
          paper={paper}
          value={d.language}
          onChange={d.setLanguage}
          source={paper.language && sourceOf('language')}
        />
      </div>
      {paper.arxivId && (
        <label className="field">
          <span>{t('details.arxivId')}</span>
          <input value={paper.arxivId} readOnly />
        </label>
      )}
      <label className="field">
        <span>{t('details.tags')}</span>
        <input value={d.tags} onChange={(e) => d.setTags(e.target.value)} />
      </label>
      <PaperNotes notes={paper.notes} />
      <ReferencePdf paper={paper} state={pdf} />
      <p className="muted small">
        {t('details.added', { date: formatDate(paper.addedAt) })} {t('details.kept')}
      </p>
      <SyncSourceDetails paper={paper} />
      {paper.status === 'indexed' && <PaperDiscovery paperId={paper.id} />}
      <DetailsActions paper={paper} saved={d.saved} canSave={!d.yearBad && !!d.title.trim()} />
    </form>
  )
}

/** The paper's language: the common ones plus the one detected, by name. */
function LanguageField(props: {
  paper: Paper
  value: string
  onChange: (code: string) => void
  source: ReactNode
}) {
  const { paper } = props
  const { t } = useTranslation()
  return (
    <label className="field">
      <span>
        {t('details.language')} {props.source}
      </span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{t('details.languageUnknown')}</option>
        {[...new Set([...PAPER_LANGUAGES, ...(paper.language ? [paper.language] : [])])]
          .map((code) => ({ code, name: languageName(code) }))
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
      </select>
    </label>
  )
}

/** Notes that came with an imported reference, read-only. */
function PaperNotes({ notes }: { notes: Paper['notes'] }) {
  const { t } = useTranslation()
  if (!notes || notes.length === 0) return null
  return (
    <section className="paper-notes" aria-labelledby="paper-notes-title">
      <h3 id="paper-notes-title" className="small">
        {t('details.notes')}
      </h3>
      {notes.map((note, i) => (
        <p key={i} className="paper-note small">
          {note}
        </p>
      ))}
    </section>
  )
}

/** Remove, cite and save, at the foot of the form. */
function DetailsActions({
  paper,
  saved,
  canSave
}: {
  paper: Paper
  saved: boolean
  canSave: boolean
}) {
  const openDetails = useAppStore((s) => s.openDetails)
  const openCite = useAppStore((s) => s.openCite)
  const removePaper = useAppStore((s) => s.removePaper)
  const { t } = useTranslation()
  return (
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
      <button type="submit" className="btn btn-primary" disabled={!canSave}>
        {saved ? t('details.saved') : t('details.save')}
      </button>
    </footer>
  )
}
