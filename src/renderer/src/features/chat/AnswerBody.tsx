import Markdown, { type Components, type Options } from 'react-markdown'
import rehypeKatex from 'rehype-katex'
import remarkGfm from 'remark-gfm'
import remarkMath from 'remark-math'
import type { Citation } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import { CitationChip } from './CitationChip'
import { linkCitations } from './citationLinks'

/** The maths extension: `$…$` only where {@link linkCitations} left it (prices are escaped). */
const REMARK: Options['remarkPlugins'] = [remarkGfm, remarkMath]

/**
 * KaTeX: a TeX error shows the source in place rather than breaking the answer; `trust` stays
 * off, so TeX cannot add links or HTML.
 */
const REHYPE: Options['rehypePlugins'] = [[rehypeKatex, { throwOnError: false, strict: 'ignore' }]]

/**
 * Renders an answer's Markdown (GFM: tables, lists, code, emphasis; TeX maths through KaTeX)
 * with its `[n]` markers as citation chips; the source list under the answer (`SourceList`)
 * names them all.
 * @remarks react-markdown builds React elements (no HTML string is injected; KaTeX's output
 * arrives as a syntax tree, not as HTML). The markers become `#cite-n` links before parsing,
 * and the link renderer turns those into chips, so chips stay chips inside lists, tables and
 * emphasis.
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
  const components: Components = {
    // KaTeX titles TeX it cannot read with its parser's English message; say it for a person.
    span({ node: _node, title, ...props }) {
      const failed = props.className?.split(' ').includes('katex-error')
      return <span {...props} title={failed ? t('chat.texError') : title} />
    },
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
      <Markdown remarkPlugins={REMARK} rehypePlugins={REHYPE} components={components}>
        {linkCitations(text, known)}
      </Markdown>
    </div>
  )
}
