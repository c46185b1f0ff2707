import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { LibrarySort } from '../../store/organizeSlice'

const SORTS = [
  ['added', 'library.sortAdded'],
  ['year', 'library.sortYear'],
  ['title', 'library.sortTitle'],
  ['author', 'library.sortAuthor'],
  ['status', 'library.sortStatus']
] as const satisfies readonly (readonly [LibrarySort, string])[]

/**
 * The list's search box and sort order (a menu while the rows are compact; a wide library's
 * column header sorts instead).
 */
export function LibraryToolbar({ columns = false }: { columns?: boolean }) {
  const query = useAppStore((s) => s.organize.query)
  const sort = useAppStore((s) => s.organize.sort)
  const setQuery = useAppStore((s) => s.setLibraryQuery)
  const setSort = useAppStore((s) => s.setLibrarySort)
  const { t } = useTranslation()
  return (
    <div className="library-toolbar">
      <input
        type="search"
        aria-label={t('library.search')}
        placeholder={t('library.searchPlaceholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {!columns && (
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
      )}
    </div>
  )
}
