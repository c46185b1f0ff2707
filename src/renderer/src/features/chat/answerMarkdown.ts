import type { Answer } from '../../../../shared/types'
import type { TFunction } from '../../i18n'
import { shownAnswer } from './shownAnswer'

/** An answer with its numbered references, as Markdown for the clipboard, in the UI language. */
export function answerMarkdown(answer: Answer, t: TFunction): string {
  const lines = [
    t('markdown.question', { question: answer.question }),
    '',
    shownAnswer(answer, t).trim()
  ]
  if (answer.mode === 'evidence') {
    lines.splice(2, 0, t('markdown.evidence'), '')
  } else if (answer.mode === 'offtopic') {
    lines.splice(2, 0, t('threads.markdownOffTopic'), '')
  } else if (answer.mode === 'generated' && !answer.verified) {
    lines.splice(2, 0, t('markdown.unverified'), '')
  }
  if (answer.citations.length > 0) {
    lines.push('', t('markdown.references'), '')
    for (const c of answer.citations) {
      lines.push(
        t('markdown.reference', {
          number: c.number,
          title: c.title,
          page: c.page,
          snippet: c.snippet.trim()
        })
      )
    }
  }
  return lines.join('\n') + '\n'
}
