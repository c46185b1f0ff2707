import type { Answer } from '../../../../shared/types'

/** An answer with its numbered references, as Markdown for the clipboard. */
export function answerMarkdown(answer: Answer): string {
  const lines = [`**Q:** ${answer.question}`, '', answer.answer.trim()]
  if (answer.mode === 'evidence') {
    lines.splice(2, 0, '_Evidence only: passages from the papers, not a generated answer._', '')
  } else if (answer.mode === 'offtopic') {
    lines.splice(2, 0, '_Not from the papers in the library._', '')
  } else if (answer.mode === 'generated' && !answer.verified) {
    lines.splice(2, 0, '_Unverified answer._', '')
  }
  if (answer.citations.length > 0) {
    lines.push('', '**References**', '')
    for (const c of answer.citations) {
      lines.push(`[${c.number}] ${c.title}, p. ${c.page} — “${c.snippet.trim()}”`)
    }
  }
  return lines.join('\n') + '\n'
}
