import type { Paper } from '../../../../shared/types'
import { formatDate, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { LibrarySort } from '../../store/librarySort'
import type { RowState } from './PaperRowParts'
import { statusText } from './statusText'
import { SyncFlag } from './SyncSource'

/** The columns a wide library shows, in order, with their header's catalog key. */
const COLUMNS = [
  ['title', 'library.colTitle'],
  ['author', 'library.colAuthor'],
  ['year', 'library.colYear'],
  ['added', 'library.colAdded'],
  ['status', 'library.colStatus']
] as const satisfies readonly (readonly [LibrarySort, string])[]

/**
 * The wide library's column header: each column's button sorts by it, again reverses it; the
 * sorted column says which way in `aria-sort`.
 */
export function LibraryColumnsHeader() {
  const sort = useAppStore((s) => s.organize.sort)
  const direction = useAppStore((s) => s.organize.direction)
  const sortBy = useAppStore((s) => s.sortLibraryBy)
  const { t } = useTranslation()
  return (
    <div className="paper-columns" role="table" aria-label={t('library.columns')}>
      <div className="paper-columns-row" role="row">
        {COLUMNS.map(([key, label]) => (
          <div
            key={key}
            role="columnheader"
            className={`paper-col paper-col-${key}`}
            aria-sort={sort === key ? direction : 'none'}
          >
            <button type="button" className="paper-col-sort" onClick={() => sortBy(key)}>
              {t(label)}
              {sort === key && (
                <span aria-hidden="true" className="paper-col-arrow">
                  {direction === 'ascending' ? '▲' : '▼'}
                </span>
              )}
            </button>
          </div>
        ))}
      </div>
    </div>
  )
}

/** A date as the added column shows it: short, in the UI language's order (03/12/2026). */
function addedText(paper: Paper): string {
  return formatDate(paper.addedAt, { year: 'numeric', month: '2-digit', day: '2-digit' })
}

/** A wide row's cells, one per column, on one line under the header's columns. */
export function PaperCells({ row }: { row: RowState }) {
  const { paper, title, busy, noPdf, progress } = row
  const { t } = useTranslation()
  return (
    <>
      <span className="paper-cell paper-col-title">
        <span className="paper-title">{title}</span>
        <SyncFlag paper={paper} />
      </span>
      <span className="paper-cell paper-col-author">{paper.authors[0] ?? ''}</span>
      <span className="paper-cell paper-col-year">{paper.year ?? ''}</span>
      <span className="paper-cell paper-col-added">{addedText(paper)}</span>
      <span className={`paper-cell paper-col-status status-${paper.status}`}>
        {noPdf && busy ? t('paper.gettingPdf') : statusText(paper, progress, t)}
        {noPdf && <span className="sr-only">{t('paper.noPdfLabel')}</span>}
      </span>
    </>
  )
}
