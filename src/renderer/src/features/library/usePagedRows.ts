import { useCallback, useEffect, useRef, useState } from 'react'

/** A list shown a page at a time: how many rows, how many more, and the refs that load the next. */
export interface PagedRows {
  rows: number
  more: number
  hasMore: boolean
  nextPage: () => void
  listRef: React.RefObject<HTMLUListElement | null>
  moreRef: React.RefObject<HTMLLIElement | null>
}

/**
 * Shows `total` rows `perPage` at a time; another `view` (search, sort, collection) starts again
 * from its first page, and scrolling near the list's end brings the next.
 */
export function usePagedRows(total: number, view: string, perPage: number): PagedRows {
  const [pages, setPages] = useState({ view, rows: perPage })
  // Another view starts from its first page (state adjusted while rendering, as React advises).
  if (pages.view !== view) setPages({ view, rows: perPage })
  const rows = pages.view === view ? pages.rows : perPage
  const more = Math.max(0, total - rows)
  const hasMore = more > 0
  const nextPage = useCallback(
    () => setPages((p) => ({ view: p.view, rows: p.rows + perPage })),
    [perPage]
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
  return { rows, more, hasMore, nextPage, listRef, moreRef }
}
