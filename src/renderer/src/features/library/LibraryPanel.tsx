import { useMemo, useState, type DragEvent } from 'react'
import { useAppStore } from '../../store/StoreContext'
import { bytesToBase64 } from '../../store/base64'
import type { LibrarySort } from '../../store/organizeSlice'
import { AddPapers } from './AddPapers'
import { CiteDialog } from './CiteDialog'
import { CollectionBar } from './CollectionBar'
import { PaperDetails } from './PaperDetails'
import { PaperRow, PAPER_DRAG_TYPE } from './PaperRow'
import { SelectionBar } from './SelectionBar'
import { libraryCount, visiblePapers } from './visiblePapers'

const SORTS: { value: LibrarySort; label: string }[] = [
  { value: 'added', label: 'Recently added' },
  { value: 'year', label: 'Year' },
  { value: 'title', label: 'Title' },
  { value: 'author', label: 'First author' }
]

/**
 * The library sidebar: the add controls, collections, search and sort always at the top;
 * compact rows below that scroll on their own; selection and bulk actions; drop to add PDFs.
 */
export function LibraryPanel() {
  const papers = useAppStore((s) => s.library.papers)
  const loaded = useAppStore((s) => s.library.loaded)
  const overall = useAppStore((s) => s.library.overall)
  // The queue's last event may not say "all done": show the bar only while a paper is in work.
  const ingesting = useAppStore((s) =>
    s.library.papers.some((p) => p.status !== 'indexed' && p.status !== 'error')
  )
  const error = useAppStore((s) => s.library.error ?? s.organize.error)
  const fetchingDefaults = useAppStore((s) => s.library.busy.includes('defaults'))
  const query = useAppStore((s) => s.organize.query)
  const sort = useAppStore((s) => s.organize.sort)
  const collectionId = useAppStore((s) => s.organize.collectionId)
  const addDefaults = useAppStore((s) => s.addDefaults)
  const addFile = useAppStore((s) => s.addFile)
  const dismissLibrary = useAppStore((s) => s.dismissLibraryError)
  const dismissOrganize = useAppStore((s) => s.dismissOrganizeError)
  const setQuery = useAppStore((s) => s.setLibraryQuery)
  const setSort = useAppStore((s) => s.setLibrarySort)
  const openCite = useAppStore((s) => s.openCite)
  const [dragging, setDragging] = useState(false)
  const shown = useMemo(
    () => visiblePapers(papers, { query, sort, collectionId }),
    [papers, query, sort, collectionId]
  )

  const isFileDrag = (e: DragEvent): boolean =>
    !e.dataTransfer.types.includes(PAPER_DRAG_TYPE) && e.dataTransfer.types.includes('Files')
  const onDrop = async (e: DragEvent): Promise<void> => {
    if (!isFileDrag(e)) return
    e.preventDefault()
    setDragging(false)
    for (const file of Array.from(e.dataTransfer.files)) {
      const bytes = new Uint8Array(await file.arrayBuffer())
      await addFile(file.name, bytesToBase64(bytes))
    }
  }

  return (
    <aside
      className={`library${dragging ? ' dragging' : ''}`}
      aria-label="Library"
      onDragOver={(e) => {
        if (!isFileDrag(e)) return
        e.preventDefault()
        setDragging(true)
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target) setDragging(false)
      }}
      onDrop={(e) => void onDrop(e)}
    >
      <div className="library-top">
        <header className="pane-header">
          <h2>Library</h2>
          <span className="muted small library-count" aria-label="Library status">
            {papers.length > 0 ? libraryCount(papers) : ''}
          </span>
          {papers.length > 0 && (
            <button
              type="button"
              className="btn btn-small btn-quiet"
              title="BibTeX for the whole library"
              onClick={() => void openCite({ label: 'the whole library' })}
            >
              Cite all
            </button>
          )}
        </header>
        <AddPapers />
        {ingesting && overall && overall.total > 0 && (
          <div className="overall" aria-label="Overall progress">
            <div className="small">
              Indexing {Math.min(overall.done + 1, overall.total)} of {overall.total}
            </div>
            <div className="progress">
              <div
                className="progress-bar"
                style={{ width: `${(overall.done / overall.total) * 100}%` }}
              />
            </div>
          </div>
        )}
        {error && (
          <div className="notice notice-error" role="alert">
            <div className="notice-message">{error.message}</div>
            <button
              type="button"
              className="btn btn-small btn-quiet"
              onClick={() => {
                dismissLibrary()
                dismissOrganize()
              }}
            >
              Dismiss
            </button>
          </div>
        )}
        {papers.length > 0 && (
          <>
            <CollectionBar />
            <div className="library-toolbar">
              <input
                type="search"
                aria-label="Search the library"
                placeholder="Search titles, authors, tags"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
              <select
                aria-label="Sort by"
                value={sort}
                onChange={(e) => setSort(e.target.value as LibrarySort)}
              >
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <SelectionBar shownIds={shown.map((p) => p.id)} />
          </>
        )}
      </div>
      {loaded && papers.length === 0 && (
        <div className="first-run">
          <p>Your library is empty.</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={fetchingDefaults}
            onClick={() => void addDefaults()}
          >
            {fetchingDefaults ? 'Adding…' : 'Add the three default papers'}
          </button>
          <p className="muted small">
            Attention Is All You Need, BERT and RAG, from arXiv. Or add your own PDFs above.
          </p>
        </div>
      )}
      <ul className="paper-list" aria-label="Papers">
        {shown.map((p) => (
          <PaperRow key={p.id} paper={p} />
        ))}
      </ul>
      {papers.length > 0 && shown.length === 0 && (
        <p className="muted small empty-view">
          {query
            ? `No paper matches “${query}”.`
            : 'No papers in this collection yet: drag papers here or use “Add to…”.'}
        </p>
      )}
      <p className="drop-hint muted small">Drop PDF files here to add them.</p>
      <PaperDetails />
      <CiteDialog />
    </aside>
  )
}
