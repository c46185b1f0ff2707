import type { CompareCell } from '../../../../shared/compare'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { CitationChip } from '../chat/CitationChip'

const STATUS_KEY = {
  pending: 'compare.status.pending',
  answered: 'compare.status.answered',
  'not-stated': 'compare.status.notStated',
  unverified: 'compare.status.unverified',
  evidence: 'compare.status.evidence',
  failed: 'compare.status.failed'
} as const

const VERDICT_KEY = {
  supports: 'compare.verdict.supports',
  contradicts: 'compare.verdict.contradicts',
  'does-not-address': 'compare.verdict.doesNotAddress'
} as const

/**
 * One cell: its status, the verdict for a claim, the short answer and a chip per cited
 * passage (a click opens the viewer at the page with the passage highlighted).
 */
export function CompareCellView({ cell }: { cell: CompareCell }) {
  const { t } = useTranslation()
  return (
    <div className={`compare-cell status-${cell.status}`} data-status={cell.status}>
      {/* For a claim, the verdict says it all unless the cell is unverified or not filled. */}
      {!(cell.verdict && (cell.status === 'answered' || cell.status === 'not-stated')) && (
        <span className={`compare-badge badge-${cell.status}`}>{t(STATUS_KEY[cell.status])}</span>
      )}
      {cell.verdict && (
        <span className={`compare-verdict verdict-${cell.verdict}`}>
          {t(VERDICT_KEY[cell.verdict])}
        </span>
      )}
      {cell.answer && <p className="compare-answer">{cell.answer}</p>}
      {cell.status === 'evidence' && (
        <ul className="compare-quotes">
          {cell.citations.map((c) => (
            <li key={c.chunkId}>
              <CitationChip citation={c} /> <span className="compare-quote">“{c.snippet}”</span>
            </li>
          ))}
        </ul>
      )}
      {cell.status !== 'evidence' && cell.citations.length > 0 && (
        <span className="compare-chips">
          {cell.citations.map((c) => (
            <CitationChip key={c.chunkId} citation={c} />
          ))}
        </span>
      )}
      {cell.problem && <ErrorMessage message={cell.problem} />}
      {cell.notice && cell.status !== 'evidence' && <ErrorMessage error={cell.notice} />}
    </div>
  )
}
