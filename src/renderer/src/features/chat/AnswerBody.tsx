import { Fragment, type ReactNode } from 'react'
import type { Citation } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { CitationChip } from './CitationChip'
import { citedNumbers, parseAnswer, type Inline } from './parseAnswer'

function renderInlines(inlines: Inline[], byNumber: Map<number, Citation>): ReactNode {
  return inlines.map((piece, i) => {
    switch (piece.kind) {
      case 'text':
        return <Fragment key={i}>{piece.text}</Fragment>
      case 'strong':
        return <strong key={i}>{piece.text}</strong>
      case 'em':
        return <em key={i}>{piece.text}</em>
      case 'code':
        return <code key={i}>{piece.text}</code>
      case 'cite': {
        const citation = byNumber.get(piece.number)
        return citation ? <CitationChip key={i} citation={citation} /> : null
      }
    }
  })
}

/**
 * An answer's text with its `[n]` markers as citation chips; citations the text does not
 * mark inline appear in a Sources row underneath.
 */
export function AnswerBody({ text, citations }: { text: string; citations: Citation[] }) {
  const { t } = useTranslation()
  const byNumber = new Map(citations.map((c) => [c.number, c]))
  const known = new Set(byNumber.keys())
  const blocks = parseAnswer(text, known)
  const inline = citedNumbers(text, known)
  const unmarked = citations.filter((c) => !inline.has(c.number))
  return (
    <div className="answer-body">
      {blocks.map((b, i) => {
        if (b.kind === 'p') return <p key={i}>{renderInlines(b.inlines, byNumber)}</p>
        if (b.kind === 'h') return <h4 key={i}>{renderInlines(b.inlines, byNumber)}</h4>
        if (b.kind === 'quote') {
          return <blockquote key={i}>{renderInlines(b.inlines, byNumber)}</blockquote>
        }
        const items = b.items.map((item, j) => <li key={j}>{renderInlines(item, byNumber)}</li>)
        return b.kind === 'ul' ? <ul key={i}>{items}</ul> : <ol key={i}>{items}</ol>
      })}
      {unmarked.length > 0 && (
        <div className="sources-row" aria-label={t('chat.sources')}>
          <span className="sources-label">{t('chat.sources')}</span>
          {unmarked.map((c) => (
            <span key={c.number} className="source">
              <CitationChip citation={c} />
              <span className="source-title">
                {t('chat.sourceTitle', { title: c.title, page: c.page })}
              </span>
            </span>
          ))}
        </div>
      )}
    </div>
  )
}
