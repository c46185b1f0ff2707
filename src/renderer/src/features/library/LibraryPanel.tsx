import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { LibrarySort } from '../../store/organizeSlice'
import { AddPapers } from './AddPapers'
import { CiteDialog } from './CiteDialog'
import { ImportDialog } from './ImportDialog'
import { CollectionBar } from './CollectionBar'
import { FolderImportPanel } from './FolderImportPanel'
import { PaperDetails } from './PaperDetails'
import { PaperRow, PAPER_DRAG_TYPE } from './PaperRow'
import { SelectionBar } from './SelectionBar'
import { inWork } from './statusText'
import { libraryCount, visiblePapers } from './visiblePapers'

/**
 * Rows in the list at first; scrolling near its end (or the button there) adds as many again.
 * @remarks Mounting every row of a 10,000-paper library took 1.5 s in Chromium (each time a
 * search was cleared); a page of rows keeps that in tens of milliseconds however large the
 * library is. A new search, sort or collection starts again from the first page.
 */
export const ROWS_PER_PAGE = 200

const SORTS = [
  ['added', 'library.sortAdded'],
  ['year', 'library.sortYear'],
  ['title', 'library.sortTitle'],
  ['author', 'library.sortAuthor']
] as const satisfies readonly (readonly [LibrarySort, string])[]

/**
 * The library sidebar: the add controls, collections, search and sort always at the top;
 * compact rows below that scroll on their own; selection and bulk actions; drop to add PDFs.
 */
export function LibraryPanel() {
  const papers = useAppStore((s) => s.library.papers)
  const loaded = useAppStore((s) => s.library.loaded)
  const overall = useAppStore((s) => s.library.overall)
  // The queue's last event may not say "all done": show the bar only while a paper is in work.
  const ingesting = useAppStore((s) => s.library.papers.some(inWork))
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
  const openImport = useAppStore((s) => s.openImport)
  const notices = useAppStore((s) => s.library.notices)
  const dismissNotices = useAppStore((s) => s.dismissNotices)
  const [dragging, setDragging] = useState(false)
  const { t } = useTranslation()
  const shown = useMemo(
    () => visiblePapers(papers, { query, sort, collectionId }),
    [papers, query, sort, collectionId]
  )
  const view = `${collectionId ?? ''}\u0000${sort}\u0000${query}`
  const [pages, setPages] = useState({ view, rows: ROWS_PER_PAGE })
  // Another view starts from its first page (state adjusted while rendering, as React advises).
  if (pages.view !== view) setPages({ view, rows: ROWS_PER_PAGE })
  const rows = pages.view === view ? pages.rows : ROWS_PER_PAGE
  const more = Math.max(0, shown.length - rows)
  const hasMore = more > 0
  const nextPage = useCallback(
    () => setPages((p) => ({ view: p.view, rows: p.rows + ROWS_PER_PAGE })),
    []
  )
  const listRef = useRef<HTMLUListElement>(null)
  const moreRef = useRef<HTMLLIElement>(null)
  // The next page comes before the end is reached, so scrolling does not stop at it. Observed
  // again after each page: an end still in reach then brings the one after.
  useEffect(() => {
    const list = listRef.current
    const end = moreRef.current
    if (!list || !end || typeof IntersectionObserver === 'undefined') return
    const watch = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) nextPage()
      },
      { root: list, rootMargin: '0px 0px 600px 0px' }
    )
    watch.observe(end)
    return () => watch.disconnect()
  }, [nextPage, view, rows, hasMore])

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

  return (
    <aside
      className={`library${dragging ? ' dragging' : ''}`}
      aria-label={t('library.label')}
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
        <AddPapers />
        <FolderImportPanel />
        {ingesting && overall && overall.total > 0 && (
          <div className="overall" aria-label={t('library.overall')}>
            <div className="small">
              {t('library.indexingOf', {
                current: Math.min(overall.done + 1, overall.total),
                total: overall.total
              })}
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
            <ErrorMessage error={error} />
            <button
              type="button"
              className="btn btn-small btn-quiet"
              onClick={() => {
                dismissLibrary()
                dismissOrganize()
              }}
            >
              {t('library.dismiss')}
            </button>
          </div>
        )}
        {notices.length > 0 && (
          <div className="notice notice-warn" role="status" aria-label={t('library.repairs')}>
            <div className="notice-title">
              {/* What a sync did or could not do is not a repair. */}
              {notices.every((n) => n.key?.startsWith('sync'))
                ? t('library.syncTitle')
                : t('library.repairsTitle')}
            </div>
            {notices.map((n, i) => (
              <ErrorMessage key={i} error={n} />
            ))}
            <button type="button" className="btn btn-small btn-quiet" onClick={dismissNotices}>
              {t('library.dismiss')}
            </button>
          </div>
        )}
        {papers.length > 0 && (
          <>
            <CollectionBar />
            <div className="library-toolbar">
              <input
                type="search"
                aria-label={t('library.search')}
                placeholder={t('library.searchPlaceholder')}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
              <select
                aria-label={t('library.sortBy')}
                value={sort}
                onChange={(e) => setSort(e.target.value as LibrarySort)}
              >
                {SORTS.map(([value, key]) => (
                  <option key={value} value={value}>
                    {t(key)}
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
          <p>{t('library.empty')}</p>
          <button
            type="button"
            className="btn btn-primary"
            disabled={fetchingDefaults}
            onClick={() => void addDefaults()}
          >
            {fetchingDefaults ? t('library.adding') : t('library.addDefaults')}
          </button>
          <p className="muted small">{t('library.defaultsHint')}</p>
          <button type="button" className="btn" onClick={openImport}>
            {t('library.importEmpty')}
          </button>
        </div>
      )}
      <ul className="paper-list" aria-label={t('library.papers')} ref={listRef}>
        {shown.slice(0, rows).map((p) => (
          <PaperRow key={p.id} paper={p} />
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
