import type { Paper } from '../../../../shared/types'
import type { PaperProgress } from '../../store/librarySlice'

/** A paper's status in words, for its row. */
export function statusText(paper: Paper, progress: PaperProgress | undefined): string {
  const stage =
    progress && paper.status !== 'indexed' && paper.status !== 'error'
      ? progress.stage
      : paper.status
  switch (stage) {
    case 'pending':
      return 'Waiting'
    case 'downloading':
      return 'Downloading'
    case 'extracting':
      return progress?.ocr ? `OCR: page ${progress.done} of ${progress.total}` : 'Reading text'
    case 'embedding':
      return 'Indexing'
    case 'indexed':
      return paper.embedderId ? 'Ready' : 'Ready (keyword search)'
    case 'error':
      return 'Failed'
  }
}

/** "Vaswani, Shazeer et al. · 2017 · 15 pages". */
export function paperMeta(paper: Paper): string {
  const authors =
    paper.authors.length === 0
      ? ''
      : paper.authors.length <= 2
        ? paper.authors.join(', ')
        : `${paper.authors[0]} et al.`
  const parts = [
    authors,
    paper.year ? String(paper.year) : '',
    paper.pages > 0 ? `${paper.pages} pages` : ''
  ]
  return parts.filter(Boolean).join(' · ')
}

/** A paper's progress as a fraction in [0, 1], or null when it is not being ingested. */
export function progressFraction(paper: Paper, progress: PaperProgress | undefined): number | null {
  if (paper.status === 'indexed' || paper.status === 'error') return null
  if (!progress || progress.total <= 0) return 0
  return Math.min(1, Math.max(0, progress.done / progress.total))
}
