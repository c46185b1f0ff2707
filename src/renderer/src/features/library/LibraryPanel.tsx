import { useMemo, useState, type DragEvent } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { AddPapers } from './AddPapers'
import { CiteDialog } from './CiteDialog'
import { ImportDialog } from './ImportDialog'
import { CollectionBar } from './CollectionBar'
import { FirstRun } from './FirstRun'
import { FolderImportPanel } from './FolderImportPanel'
import { LibraryNotices, OverallProgress } from './LibraryBanners'
import { LibraryColumnsHeader } from './LibraryColumns'
import { LibraryToolbar } from './LibraryToolbar'
import { PaperDetails } from './PaperDetails'
import { PaperRow, PAPER_DRAG_TYPE } from './PaperRow'
import { SelectionBar } from './SelectionBar'
import { usePagedRows } from './usePagedRows'
import { libraryCount, visiblePapers } from './visiblePapers'

/**
 * Rows in the list at first; scrolling near its end (or the button there) adds as many again.
 * @remarks Mounting every row of a 10,000-paper library took 1.5 s in Chromium (each time a
 * search was cleared); a page of rows keeps that in tens of milliseconds however large the
 * library is. A new search, sort or collection starts again from the first page.
 */
export const ROWS_PER_PAGE = 200

/** Dropping files on the panel adds them; `dragging` while files are held over it. */
function useFileDrop() {
  const addFile = useAppStore((s) => s.addFile)
  const [dragging, setDragging] = useState(false)
  const isFileDrag = (e: DragEvent): boolean =>
    !e.dataTransfer.types.includes(PAPER_DRAG_TYPE) && e.dataTransfer.types.includes('Files')
  const onDrop = async (e: DragEvent): Promise<void> => {
    if (!isFileDrag(e)) return
    e.preventDefault()
    setDragging(false)
    for (const file of Array.from(e.dataTransfer.files)) {
      await addFile(file.name, new Uint8Array(await file.arrayBuffer()))
    }
  }
  const handlers = {
    onDragOver: (e: DragEvent) => {
      if (!isFileDrag(e)) return
      e.preventDefault()
      setDragging(true)
    },
    onDragLeave: (e: DragEvent) => {
      if (e.currentTarget === e.target) setDragging(false)
    },
    onDrop: (e: DragEvent) => void onDrop(e)
  }
  return { dragging, handlers }
}

/** The panel's title, the library's count and "cite all". */
function LibraryHeader() {
  const papers = useAppStore((s) => s.library.papers)
  const openCite = useAppStore((s) => s.openCite)
  const { t } = useTranslation()
  return (
    <header className="pane-header">
      <h2>{t('library.title')}</h2>
      <span className="muted small library-count" aria-label={t('library.statusLabel')}>
        {papers.length > 0 ? libraryCount(papers, t) : ''}
      </span>
      {papers.length > 0 && (
        <button
          type="button"
          className="btn btn-small btn-quiet"
          title={t('library.citeAllTitle')}
          onClick={() => void openCite({ label: t('library.wholeLibrary') })}
        >
          {t('library.citeAll')}
        </button>
      )}
    </header>
  )
}

/**
 * The library sidebar: the add controls, collections, search and sort always at the top;
 * rows below that scroll on their own (compact, or with `columns` one cell per column under a
 * header that sorts); selection and bulk actions; drop to add PDFs.
 */
export function LibraryPanel({ columns = false }: { columns?: boolean }) {
  const papers = useAppStore((s) => s.library.papers)
  const loaded = useAppStore((s) => s.library.loaded)
  const query = useAppStore((s) => s.organize.query)
  const sort = useAppStore((s) => s.organize.sort)
  const direction = useAppStore((s) => s.organize.direction)
  const collectionId = useAppStore((s) => s.organize.collectionId)
  const { dragging, handlers } = useFileDrop()
  const { t } = useTranslation()
  const shown = useMemo(
    () => visiblePapers(papers, { query, sort, direction, collectionId }),
    [papers, query, sort, direction, collectionId]
  )
  const view = `${collectionId ?? ''}\u0000${sort}\u0000${direction}\u0000${query}`
  const { rows, more, hasMore, nextPage, listRef, moreRef } = usePagedRows(
    shown.length,
    view,
    ROWS_PER_PAGE
  )

  return (
    <aside
      className={`library${dragging ? ' dragging' : ''}${columns ? ' columns' : ''}`}
      aria-label={t('library.label')}
      {...handlers}
    >
      <div className="library-top">
        <LibraryHeader />
        <AddPapers />
        <FolderImportPanel />
        <OverallProgress />
        <LibraryNotices />
        {papers.length > 0 && (
          <>
            <CollectionBar />
            <LibraryToolbar columns={columns} />
            <SelectionBar shownIds={shown.map((p) => p.id)} />
            {columns && <LibraryColumnsHeader />}
          </>
        )}
      </div>
      {loaded && papers.length === 0 && <FirstRun />}
      <ul className="paper-list" aria-label={t('library.papers')} ref={listRef}>
        {shown.slice(0, rows).map((p) => (
          <PaperRow key={p.id} paper={p} columns={columns} />
        ))}
        {hasMore && (
          <li className="paper-list-more" ref={moreRef}>
            <button type="button" className="btn btn-small btn-quiet" onClick={nextPage}>
              {t('library.showMore', { count: more })}
            </button>
          </li>
        )}
      </ul>
      {papers.length > 0 && shown.length === 0 && (
        <p className="muted small empty-view">
          {query ? t('library.noMatch', { query }) : t('library.emptyCollection')}
        </p>
      )}
      <p className="drop-hint muted small">{t('library.dropHint')}</p>
      <PaperDetails />
      <CiteDialog />
      <ImportDialog />
    </aside>
  )
}
