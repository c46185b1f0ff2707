import { cellKey, type CompareCell, type Comparison } from '../../shared/compare'
import type { Paper } from '../../shared/types'

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
 * its status, answer and the quoted passages with their pages.
 */
export function formatComparison(c: Comparison, papers: readonly Paper[]): string {
  const titles = new Map(papers.map((p) => [p.id, p.title]))
  const cells = new Map(c.cells.map((x) => [cellKey(x.paperId, x.columnId), x]))
  const evidenceOnly = c.cells.find((x) => x.status === 'evidence')
  const head = [
    `Comparison ${c.id}: ${c.paperIds.length} papers × ${c.columns.length} columns`,
    ...(evidenceOnly
      ? [
          `Evidence only (§): ${evidenceOnly.notice?.message ?? 'no model'} Cells show each paper's best passages, not generated answers.`
        ]
      : []),
    'Legend: ✓ answered and checked  – the paper does not say  ? unverified  § evidence only  ✗ failed'
  ]
  const blocks = c.paperIds.map((id) => {
    const lines = [`[${id}] ${titles.get(id) ?? id}`]
    for (const col of c.columns) {
      const cell = cells.get(cellKey(id, col.id))
      if (!cell) continue
      const label = col.kind === 'claim' ? `Claim: ${col.text}` : col.text
      lines.push(`  ${MARK[cell.status]} ${label}`)
      const verdict = cell.verdict ? `${cell.verdict}: ` : ''
      const text =
        cell.status === 'not-stated' && !cell.answer ? 'The paper does not say.' : cell.answer
      if (verdict || text) lines.push(`      ${verdict}${text}`)
      if (cell.problem) lines.push(`      (check: ${cell.problem})`)
      if (cell.status === 'failed' && cell.notice) lines.push(`      ${cell.notice.message}`)
      for (const ci of cell.citations) {
        lines.push(`      p. ${ci.page}: "${ci.snippet.replace(/\s+/g, ' ')}"`)
      }
    }
    return lines.join('\n')
  })
  return [...head, '', blocks.join('\n\n')].join('\n')
}
