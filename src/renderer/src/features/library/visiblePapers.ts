import type { Paper } from '../../../../shared/types'
import type { TFunction } from '../../i18n'
import { inWork, type PaperProgress } from '../../store/ingestBatch'
import { FIRST_DIRECTION, type LibrarySort, type SortDirection } from '../../store/librarySort'

function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
}

/**
 * The label a row shows: a failed file is named by its file, never by a guessed title; a paper
 * being indexed by the title its PDF gives as soon as its text is read (`progress.title`).
 */
export function rowTitle(p: Paper, progress?: Pick<PaperProgress, 'title'>): string {
  if (p.status === 'error' && p.source.kind === 'file') return p.source.fileName
  if (progress?.title && inWork(p)) return progress.title
  return p.title || p.id
}

function surname(p: Paper): string | null {
  const first = p.authors[0]
  return first ? fold(first.trim().split(/\s+/).pop()!) : null
}

/** Failures first, then papers on their way, references without a PDF, and the ready ones. */
const STATUS_RANK: Record<Paper['status'], number> = {
  error: 0,
  pending: 1,
  downloading: 1,
  extracting: 1,
  embedding: 1,
  metadata: 2,
  indexed: 3
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base' })

/** A paper's value in the sorted column; null (no year, no author) sorts last either way. */
function sortValue(p: Paper, sort: LibrarySort): string | number | null {
  switch (sort) {
    case 'title':
      return null
    case 'author':
      return surname(p)
    case 'year':
      return p.year ?? null
    case 'added':
      return p.addedAt
    case 'status':
      return STATUS_RANK[p.status]
  }
}

function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : collator.compare(String(a), String(b))
}

/**
 * The papers in an order: by the column, in the direction (the column's first one when not
 * given), then by title; papers without a value in the column come last.
 * @remarks Each paper's keys are worked out once, not at every comparison: at 10,000 papers the
 * sort runs on every change of search, order or library.
 */
export function sortPapers(
  papers: readonly Paper[],
  sort: LibrarySort,
  direction: SortDirection = FIRST_DIRECTION[sort]
): Paper[] {
  const sign = direction === 'ascending' ? 1 : -1
  const keyed = papers.map((p) => ({ p, title: fold(rowTitle(p)), value: sortValue(p, sort) }))
  keyed.sort((a, b) => {
    if (sort === 'title') return sign * collator.compare(a.title, b.title)
    if (a.value !== b.value) {
      if (a.value === null) return 1
      if (b.value === null) return -1
      const by = compareValues(a.value, b.value)
      if (by !== 0) return sign * by
    }
    return collator.compare(a.title, b.title)
  })
  return keyed.map((k) => k.p)
}

/**
 * The papers the list shows: in the chosen collection, matching every word of the query in
 * the title, authors, tags, venue or file name (accents and case ignored), in the chosen order.
 */
export function visiblePapers(
  papers: readonly Paper[],
  view: {
    query: string
    sort: LibrarySort
    direction?: SortDirection
    collectionId: string | null
  }
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
  return sortPapers(shown, view.sort, view.direction)
}

/** "9 ready, 2 failed" (and how many are still being indexed). */
export function libraryCount(papers: readonly Paper[], t: TFunction): string {
  const ready = papers.filter((p) => p.status === 'indexed').length
  const failed = papers.filter((p) => p.status === 'error').length
  const noPdf = papers.filter((p) => p.status === 'metadata').length
  // The papers the batch bar counts as still to do (store/ingestBatch): the two always agree.
  const working = papers.filter(inWork).length
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
