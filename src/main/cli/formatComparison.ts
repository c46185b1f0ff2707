import { cellKey, type CompareCell, type Comparison } from '../../shared/compare'
import type { Paper, UiLanguage } from '../../shared/types'
import { errorMessage } from '../errors'
import { mainT } from '../i18n'

const MARK: Record<CompareCell['status'], string> = {
  pending: '…',
  answered: '✓',
  'not-stated': '–',
  unverified: '?',
  evidence: '§',
  failed: '✗'
}

/**
 * A comparison for a terminal: one block per paper, one entry per question or claim, each with
 * its status, answer and the quoted passages with their pages, in the CLI's language.
 */
export function formatComparison(
  c: Comparison,
  papers: readonly Paper[],
  language: UiLanguage = 'en'
): string {
  const t = mainT(language)
  const titles = new Map(papers.map((p) => [p.id, p.title]))
  const cells = new Map(c.cells.map((x) => [cellKey(x.paperId, x.columnId), x]))
  const evidenceOnly = c.cells.find((x) => x.status === 'evidence')
  const why = evidenceOnly?.notice
    ? errorMessage(evidenceOnly.notice, language)
    : t('cli.compare.noModel')
  const head = [
    t('cli.compare.heading', { id: c.id, papers: c.paperIds.length, columns: c.columns.length }),
    ...(evidenceOnly ? [t('cli.compare.evidenceOnly', { why })] : []),
    t('cli.compare.legend')
  ]
  const blocks = c.paperIds.map((id) => {
    const lines = [`[${id}] ${titles.get(id) ?? id}`]
    for (const col of c.columns) {
      const cell = cells.get(cellKey(id, col.id))
      if (!cell) continue
      const label = col.kind === 'claim' ? t('cli.compare.claim', { text: col.text }) : col.text
      lines.push(`  ${MARK[cell.status]} ${label}`)
      const verdict = cell.verdict ? `${t(`cli.compare.verdicts.${cell.verdict}`)}: ` : ''
      const text =
        cell.status === 'not-stated' && !cell.answer ? t('cli.compare.notStated') : cell.answer
      if (verdict || text) lines.push(`      ${verdict}${text}`)
      if (cell.problem) lines.push(`      ${t('cli.compare.check', { problem: cell.problem })}`)
      if (cell.status === 'failed' && cell.notice) {
        lines.push(`      ${errorMessage(cell.notice, language)}`)
      }
      for (const ci of cell.citations) {
        const snippet = ci.snippet.replace(/\s+/g, ' ')
        lines.push(`      ${t('cli.compare.passage', { page: ci.page, snippet })}`)
      }
    }
    return lines.join('\n')
  })
  return [...head, '', blocks.join('\n\n')].join('\n')
}
