import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { Citation } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { CitationChip } from './CitationChip'
import { citedNumbers, linkCitations } from './citationLinks'

/**
 * Renders an answer's Markdown (GFM: tables, lists, code, emphasis) with its `[n]` markers as
 * citation chips; citations the text does not mark inline appear in a Sources row underneath.
 * @remarks react-markdown builds React elements (no HTML string is injected). The markers
 * become `#cite-n` links before parsing, and the link renderer turns those into chips, so
 * chips stay chips inside lists, tables and emphasis.
 */
export function AnswerBody({
  text,
  citations,
  streaming = false
}: {
  text: string
  citations: Citation[]
  streaming?: boolean
}) {
  const { t } = useTranslation()
  const byNumber = new Map(citations.map((c) => [c.number, c]))
  const known = new Set(byNumber.keys())
  const inline = citedNumbers(text, known)
  const unmarked = streaming ? [] : citations.filter((c) => !inline.has(c.number))
  const components: Components = {
    a({ href, children }) {
      const m = /^#cite-(\d+)$/.exec(href ?? '')
      const citation = m ? byNumber.get(Number(m[1])) : undefined
      if (citation) return <CitationChip citation={citation} />
      return (
        <a href={href} target="_blank" rel="noreferrer">
          {children}
        </a>
      )
    }
  }
  return (
    <div className={`answer-body${streaming ? ' streaming' : ''}`}>
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {linkCitations(text, known)}
      </Markdown>
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
