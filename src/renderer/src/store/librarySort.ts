/** The library list's orders: by what, which way, and where the choice is kept. */
export const LIBRARY_SORTS = ['title', 'author', 'year', 'added', 'status'] as const

/** What the library list is ordered by. */
export type LibrarySort = (typeof LIBRARY_SORTS)[number]

/** Ascending or descending, as `aria-sort` says it. */
export type SortDirection = 'ascending' | 'descending'

/** The list's order: a column and a direction. */
export interface LibraryOrder {
  sort: LibrarySort
  direction: SortDirection
}

/**
 * The direction a column sorts in when first picked.
 * @remarks Newest first for dates and years (what was just added or published is what one looks
 * for), A to Z for names, and failures first for status (what needs doing).
 */
export const FIRST_DIRECTION: Record<LibrarySort, SortDirection> = {
  title: 'ascending',
  author: 'ascending',
  year: 'descending',
  added: 'descending',
  status: 'ascending'
}

/** The order before the user picks one: recently added first. */
export const DEFAULT_ORDER: LibraryOrder = { sort: 'added', direction: 'descending' }

/** The order after picking a column: the same column again reverses it. */
export function nextOrder(current: LibraryOrder, sort: LibrarySort): LibraryOrder {
  if (current.sort !== sort) return { sort, direction: FIRST_DIRECTION[sort] }
  return { sort, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
}

/** Where the order is kept between restarts. */
export const LIBRARY_ORDER_KEY = 'researchpal.libraryOrder'
/** The stored format's version: `{ v: 1, sort, direction }` as JSON. */
const ORDER_VERSION = 1

/** The remembered order, or the default when none (or an unreadable one) is stored. */
export function loadLibraryOrder(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage
): LibraryOrder {
  try {
    const v: unknown = JSON.parse(storage?.getItem(LIBRARY_ORDER_KEY) ?? 'null')
    if (!v || typeof v !== 'object') return DEFAULT_ORDER
    const { v: version, sort, direction } = v as Record<string, unknown>
    if (version !== ORDER_VERSION) return DEFAULT_ORDER
    if (!LIBRARY_SORTS.includes(sort as LibrarySort)) return DEFAULT_ORDER
    if (direction !== 'ascending' && direction !== 'descending') return DEFAULT_ORDER
    return { sort: sort as LibrarySort, direction }
  } catch {
    return DEFAULT_ORDER
  }
}

/** Remembers the order for the next launch. */
export function saveLibraryOrder(
  order: LibraryOrder,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage
): void {
  try {
    storage?.setItem(LIBRARY_ORDER_KEY, JSON.stringify({ v: ORDER_VERSION, ...order }))
  } catch {
    // Storage can be unavailable; the order then lasts until the window closes.
  }
}
