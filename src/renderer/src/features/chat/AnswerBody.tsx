import Markdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import type { Citation } from '../../../../shared/types'
import { CitationChip } from './CitationChip'
import { linkCitations } from './citationLinks'

/**
 * Renders an answer's Markdown (GFM: tables, lists, code, emphasis) with its `[n]` markers as
 * citation chips; the source list under the answer (`SourceList`) names them all.
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
  const byNumber = new Map(citations.map((c) => [c.number, c]))
  const known = new Set(byNumber.keys())
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
    </div>
  )
}
