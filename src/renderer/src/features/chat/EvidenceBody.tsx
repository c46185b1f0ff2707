import { chunkKindOf } from '../../../../shared/retrieval'
import type { Citation, EvidenceExcerpt } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { CitationChip } from './CitationChip'

/**
 * An evidence-only answer, read as passages: for each, its source, the sentence(s) that best
 * answer the question, and the rest of the passage folded underneath. A figure or table is
 * quoted by its caption, and the answer says the figure itself was not read.
 * @remarks Every text around the passages is the UI's, in its language: the same turn restored
 * after a switch of language reads in the new one (the passages stay the paper's).
 */
export function EvidenceBody({
  excerpts,
  citations
}: {
  excerpts: EvidenceExcerpt[]
  citations: Citation[]
}) {
  const { t } = useTranslation()
  const byNumber = new Map(citations.map((c) => [c.number, c]))
  const figures = citations.some((c) => ['figure', 'table'].includes(chunkKindOf(c)))
  if (excerpts.length === 0) return <p className="evidence-none">{t('chat.noPassages')}</p>
  return (
    <>
      <ol className="evidence-list">
        {excerpts.map((x) => {
          const citation = byNumber.get(x.number)
          const kind = citation ? chunkKindOf(citation) : 'text'
          return (
            <li key={x.number} className="evidence-item" data-excerpt={x.number}>
              <div className="evidence-head">
                {citation && <CitationChip citation={citation} />}
                {citation && (
                  <span className="evidence-source">
                    {t('chat.passageHead', { title: citation.title, page: citation.page })}
                  </span>
                )}
                {kind !== 'text' && (
                  <span className="kind-badge" data-kind={kind}>
                    {t(`chat.kinds.${kind}`)}
                  </span>
                )}
              </div>
              <blockquote className="evidence-best" lang="en">
                {x.best}
              </blockquote>
              {(x.before || x.after) && (
                <details className="evidence-rest">
                  <summary>{t('chat.wholePassage')}</summary>
                  <p lang="en">
                    {x.before && <span className="evidence-context">{x.before} </span>}
                    <mark>{x.best}</mark>
                    {x.after && <span className="evidence-context"> {x.after}</span>}
                  </p>
                </details>
              )}
            </li>
          )
        })}
      </ol>
      {figures && <p className="evidence-note">{t('chat.figureNotRead')}</p>}
    </>
  )
}
