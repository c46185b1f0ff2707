import { useState } from 'react'
import type { FieldSource, Paper } from '../../../../shared/types'
import { useAppStore } from '../../store/StoreContext'
import { useModal } from './useModal'

const SOURCE: Record<FieldSource, string> = {
  pdf: 'read from the PDF',
  arxiv: 'from arXiv',
  crossref: 'from Crossref',
  openalex: 'from OpenAlex',
  import: 'from your import',
  user: 'edited by you'
}

function sourceOf(p: Paper, field: keyof Paper['fieldSources']): string {
  return SOURCE[p.fieldSources[field] ?? 'pdf']
}

/** Edits a paper's details (title, authors, year, venue, DOI, tags) and cites it. */
export function PaperDetails() {
  const editing = useAppStore((s) => s.organize.editing)
  const paper = useAppStore((s) => s.library.papers.find((p) => p.id === s.organize.editing))
  const openDetails = useAppStore((s) => s.openDetails)
  const ref = useModal(!!editing && !!paper)
  return (
    <dialog
      ref={ref}
      className="settings paper-details"
      aria-label="Paper details"
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
        <h2>Paper details</h2>
        <button
          type="button"
          className="icon-btn"
          aria-label="Close details"
          onClick={() => openDetails(null)}
        >
          ×
        </button>
      </header>
      {error && (
        <div className="notice notice-error" role="alert">
          <div className="notice-message">{error.message}</div>
        </div>
      )}
      <label className="field">
        <span>
          Title <span className="muted small">({sourceOf(paper, 'title')})</span>
        </span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} required />
      </label>
      <label className="field">
        <span>
          Authors, one per line <span className="muted small">({sourceOf(paper, 'authors')})</span>
        </span>
        <textarea rows={4} value={authors} onChange={(e) => setAuthors(e.target.value)} />
      </label>
      <div className="field-row">
        <label className="field">
          <span>
            Year <span className="muted small">({sourceOf(paper, 'year')})</span>
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
            Venue <span className="muted small">({sourceOf(paper, 'venue')})</span>
          </span>
          <input value={venue} onChange={(e) => setVenue(e.target.value)} />
        </label>
      </div>
      <label className="field">
        <span>
          DOI <span className="muted small">({sourceOf(paper, 'doi')})</span>
        </span>
        <input value={doi} placeholder="10.…" onChange={(e) => setDoi(e.target.value)} />
      </label>
      <label className="field">
        <span>Tags, separated by commas</span>
        <input value={tags} onChange={(e) => setTags(e.target.value)} />
      </label>
      <p className="muted small">
        What you edit here is kept: metadata found later in the PDF or online never replaces it.
      </p>
      <footer className="dialog-actions">
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => {
            if (window.confirm(`Remove “${paper.title}” from the library?`)) {
              openDetails(null)
              void removePaper(paper.id)
            }
          }}
        >
          Remove paper
        </button>
        <span className="grow" />
        <button
          type="button"
          className="btn"
          onClick={() => void openCite({ paperIds: [paper.id], label: paper.title })}
        >
          Cite
        </button>
        <button type="submit" className="btn btn-primary" disabled={yearBad || !title.trim()}>
          {saved ? 'Saved' : 'Save'}
        </button>
      </footer>
    </form>
  )
}
