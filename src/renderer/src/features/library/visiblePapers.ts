import type { Paper } from '../../../../shared/types'
import type { TFunction } from '../../i18n'
import type { LibrarySort } from '../../store/organizeSlice'

function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/** The label a row shows: a failed file is named by its file, never by a guessed title. */
export function rowTitle(p: Paper): string {
  if (p.status === 'error' && p.source.kind === 'file') return p.source.fileName
  return p.title || p.id
}

function surname(p: Paper): string {
  const first = p.authors[0]
  return first ? fold(first.trim().split(/\s+/).pop()!) : '\uffff'
}

/**
 * The papers the list shows: in the chosen collection, matching every word of the query in
 * the title, authors, tags, venue or file name (accents and case ignored), in the chosen order.
 */
export function visiblePapers(
  papers: readonly Paper[],
  view: { query: string; sort: LibrarySort; collectionId: string | null }
): Paper[] {
  const words = fold(view.query).split(/\s+/).filter(Boolean)
  const shown = papers.filter((p) => {
    if (view.collectionId && !p.collectionIds.includes(view.collectionId)) return false
    if (!words.length) return true
    const hay = fold(
      [
        rowTitle(p),
        p.title,
        p.authors.join(' '),
        p.tags.join(' '),
        p.venue ?? '',
        p.year ? String(p.year) : ''
      ].join(' ')
    )
    return words.every((w) => hay.includes(w))
  })
  const byTitle = (a: Paper, b: Paper): number => fold(rowTitle(a)).localeCompare(fold(rowTitle(b)))
  const sorted = [...shown]
  switch (view.sort) {
    case 'added':
      // Newest first: what was just added is what one looks for.
      sorted.sort((a, b) => b.addedAt.localeCompare(a.addedAt) || byTitle(a, b))
      break
    case 'year':
      sorted.sort((a, b) => (b.year ?? -1) - (a.year ?? -1) || byTitle(a, b))
      break
    case 'title':
      sorted.sort(byTitle)
      break
    case 'author':
      sorted.sort((a, b) => surname(a).localeCompare(surname(b)) || byTitle(a, b))
      break
  }
  return sorted
}

/** "9 ready, 2 failed" (and how many are still being indexed). */
export function libraryCount(papers: readonly Paper[], t: TFunction): string {
  const ready = papers.filter((p) => p.status === 'indexed').length
  const failed = papers.filter((p) => p.status === 'error').length
  const noPdf = papers.filter((p) => p.status === 'metadata').length
  const working = papers.length - ready - failed - noPdf
  const parts = [t('library.ready', { count: ready })]
  if (working) parts.push(t('library.indexing', { count: working }))
  if (noPdf) parts.push(t('library.noPdf', { count: noPdf }))
  if (failed) parts.push(t('library.failed', { count: failed }))
  return parts.join(', ')
}

/** Codes where trying the same thing again can work (a network or a cancelled run). */
const RETRYABLE = new Set([
  'DOWNLOAD_FAILED',
  'CANCELLED',
  'DISK_WRITE_FAILED',
  'TIMEOUT',
  'OFFLINE',
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'INTERNAL'
])

/** Whether a failed paper gets a Retry button: not for a file that is not a readable PDF. */
export function canRetry(p: Paper): boolean {
  return p.status === 'error' && !!p.error && RETRYABLE.has(p.error.code)
}
