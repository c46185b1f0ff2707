import type { Paper } from '../../../../shared/types'
import { languageName, type TFunction } from '../../i18n'
import { inWork, type PaperProgress } from '../../store/ingestBatch'

/** A paper's status in words, for its row. */
export function statusText(
  paper: Paper,
  progress: PaperProgress | undefined,
  t: TFunction
): string {
  const stage =
    progress && paper.status !== 'indexed' && paper.status !== 'error'
      ? progress.stage
      : paper.status
  switch (stage) {
    case 'metadata':
      return t('status.noPdf')
    case 'pending':
      return t('status.pending')
    case 'downloading':
      return t('status.downloading')
    // Pages read and passages embedded as main reports them, so a long paper shows it moves.
    case 'extracting':
      if (progress?.ocr) return t('status.ocr', { done: progress.done, total: progress.total })
      return progress && progress.total > 0
        ? t('status.extractingPages', { done: Math.max(1, progress.done), total: progress.total })
        : t('status.extracting')
    case 'embedding':
      return progress && progress.total > 0
        ? t('status.embeddingPassages', { done: progress.done, total: progress.total })
        : t('status.embedding')
    case 'indexed':
      return paper.embedderId ? t('status.ready') : t('status.readyKeyword')
    case 'error':
      return t('status.error')
  }
}

/** "Vaswani, Shazeer et al. · 2017 · English · 15 pages", in the UI language. */
export function paperMeta(paper: Paper, t: TFunction): string {
  const authors =
    paper.authors.length === 0
      ? ''
      : paper.authors.length <= 2
        ? paper.authors.join(', ')
        : t('paper.etAl', { first: paper.authors[0] })
  const parts = [
    authors,
    paper.year ? String(paper.year) : '',
    paper.language ? languageName(paper.language) : '',
    paper.pages > 0 ? t('paper.pages', { count: paper.pages }) : ''
  ]
  return parts.filter(Boolean).join(' · ')
}

/** A paper's progress as a fraction in [0, 1], or null when it is not being ingested. */
export function progressFraction(paper: Paper, progress: PaperProgress | undefined): number | null {
  if (!inWork(paper)) return null
  if (!progress || progress.total <= 0) return 0
  return Math.min(1, Math.max(0, progress.done / progress.total))
}
