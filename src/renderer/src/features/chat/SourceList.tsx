import type { Citation } from '../../../../shared/types'
import { useTranslation, type TFunction } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { CitationChip } from './CitationChip'

/** Who wrote a paper, as the library's rows say it: one or two names, or the first et al. */
function byline(authors: readonly string[], t: TFunction): string {
  if (authors.length <= 2) return authors.join(', ')
  return t('paper.etAl', { first: authors[0] })
}

/** One row: the number, the paper's title, who and when (from the library), and the page. */
function SourceRow({ citation }: { citation: Citation }) {
  const { t } = useTranslation()
  const paper = useAppStore((s) => s.library.papers.find((p) => p.id === citation.paperId))
  const who = paper ? byline(paper.authors, t) : ''
  const meta = [who, paper?.year ? String(paper.year) : ''].filter(Boolean).join(' · ')
  return (
    <li className="source-item" data-source={citation.number}>
      <CitationChip citation={citation}>
        <span className="source-number" aria-hidden="true">
          {citation.number}
        </span>
        <span className="source-text">
          <span className="source-title">{citation.title || citation.paperId}</span>
          {meta && <span className="source-meta">{meta}</span>}
        </span>
        <span className="source-page">{t('chat.sourcePage', { page: citation.page })}</span>
      </CitationChip>
    </li>
  )
}

/**
 * The numbered list of what an answer cites, under it: each number with its paper's title and
 * page; the quote shows on hover and a click opens the cited page, as the chip does.
 * @remarks Built only from the answer's citations (and the library's authors and year), so a
 * turn restored from its thread lists exactly what it listed live.
 */
export function SourceList({ citations }: { citations: readonly Citation[] }) {
  const { t } = useTranslation()
  if (citations.length === 0) return null
  const sorted = [...citations].sort((a, b) => a.number - b.number)
  return (
    <section className="source-list" aria-label={t('chat.sources')}>
      <h3 className="source-list-label">{t('chat.sources')}</h3>
      <ol>
        {sorted.map((c) => (
          <SourceRow key={c.number} citation={c} />
        ))}
      </ol>
    </section>
  )
}
