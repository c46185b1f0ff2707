import { useEffect, useRef, type RefObject } from 'react'
import { useAppStore } from '../../store/StoreContext'
import type { FindHit } from '../../store/viewerSlice'
import { findAllItems } from './highlightMatch'
import type { PdfjsDocument } from './pdfjs'
import type { PageHit } from './useFindMarks'

/** Every hit of `query` in the document, page by page (each page's text is read once). */
async function findHits(
  doc: PdfjsDocument,
  cache: Map<number, string[]>,
  query: string,
  stale: () => boolean
): Promise<FindHit[] | null> {
  const hits: FindHit[] = []
  for (let page = 1; page <= doc.numPages; page++) {
    let items = cache.get(page)
    if (!items) {
      items = await doc.pageItems(page)
      cache.set(page, items)
    }
    if (stale()) return null
    for (const ranges of findAllItems(items, query)) hits.push({ page, ranges })
  }
  return hits
}

/**
 * Find in the open paper: counts the hits of the query over every page (debounced while
 * typing), brings the current hit's page near so it is drawn, and gives each page its hits.
 */
export function useDocumentFind(
  doc: PdfjsDocument | null,
  scrollRef: RefObject<HTMLDivElement | null>
): Map<number, PageHit[]> {
  const find = useAppStore((s) => s.viewer.find)
  const setFindHits = useAppStore((s) => s.setFindHits)
  const goToPage = useAppStore((s) => s.goToPage)
  const pageText = useRef(new Map<number, string[]>())

  const findQuery = find.open ? find.query.trim() : ''
  useEffect(() => {
    if (!doc || !findQuery) return
    let stale = false
    const timer = setTimeout(() => {
      void findHits(doc, pageText.current, findQuery, () => stale).then((hits) => {
        if (hits) setFindHits(find.query, hits)
      })
    }, 150)
    return () => {
      stale = true
      clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, findQuery, setFindHits])

  // The current hit's page is brought near so that it is drawn; PdfPage scrolls to the hit
  // itself. A page already drawn has been scrolled to its hit (its effect ran first): moving to
  // the page's top now would push a hit low on a tall page out of view.
  const currentHit = find.open && find.hits ? (find.hits[find.current] ?? null) : null
  useEffect(() => {
    if (!currentHit) return
    const target = scrollRef.current?.querySelector<HTMLElement>(
      `[data-page-number="${currentHit.page}"]`
    )
    if (target?.dataset.rendered !== 'true') goToPage(currentHit.page)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [find.nonce])

  const hitsByPage = new Map<number, PageHit[]>()
  if (find.open && find.hits) {
    find.hits.forEach((hit, i) => {
      const list = hitsByPage.get(hit.page) ?? []
      list.push({ ranges: hit.ranges, current: i === find.current })
      hitsByPage.set(hit.page, list)
    })
  }
  return hitsByPage
}
