import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import type { LibrarySort } from '../../store/organizeSlice'

const SORTS = [
  ['added', 'library.sortAdded'],
  ['year', 'library.sortYear'],
  ['title', 'library.sortTitle'],
  ['author', 'library.sortAuthor']
] as const satisfies readonly (readonly [LibrarySort, string])[]

/** The list's search box and sort order. */
export function LibraryToolbar() {
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
  )
}
