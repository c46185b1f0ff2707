import { cellKey, type CompareCell, type Comparison } from '../../shared/compare'
import type { Paper, UiLanguage } from '../../shared/types'
import { errorMessage } from '../errors'
import { mainT } from '../i18n'

/** What a cell says in an exported table, in the UI language (the answers are in it too). */
function cellText(cell: CompareCell | undefined, language: UiLanguage): string {
  if (!cell) return ''
  const t = mainT(language)
  const quotes = cell.citations.map((c) => `p. ${c.page}: "${c.snippet}"`).join(' ')
  switch (cell.status) {
    case 'pending':
      return t('exports.pending')
    case 'failed': {
      const reason = cell.notice ? errorMessage(cell.notice, language) : t('exports.error')
      return t('exports.failed', { reason })
    }
    case 'evidence':
      return t('exports.evidence', { quotes: quotes || t('exports.noPassage') })
    case 'not-stated': {
      const what =
        cell.verdict === 'does-not-address'
          ? t('exports.verdicts.does-not-address')
          : t('exports.notStated')
      return `${what}${cell.answer ? ` (${cell.answer})` : ''}`
    }
    default: {
      const verdict = cell.verdict ? `${t(`exports.verdicts.${cell.verdict}`)}: ` : ''
      const flag = cell.status === 'unverified' ? ` ${t('exports.unverified')}` : ''
      return `${verdict}${cell.answer}${flag} ${quotes}`.trim()
    }
  }
}

function titleOf(papers: ReadonlyMap<string, Paper>, id: string): string {
  return papers.get(id)?.title ?? id
}

/**
 * The comparison as a Markdown table: one row per paper, one column per question or claim,
 * each cell with its answer and the quoted passages with their pages.
 */
export function toMarkdown(
  c: Comparison,
  papers: readonly Paper[],
  language: UiLanguage = 'en'
): string {
  const t = mainT(language)
  const byId = new Map(papers.map((p) => [p.id, p]))
  const cells = new Map(c.cells.map((x) => [cellKey(x.paperId, x.columnId), x]))
  const esc = (s: string): string => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
  const head = [
    t('exports.paper'),
    ...c.columns.map((col) =>
      col.kind === 'claim' ? t('exports.claim', { text: col.text }) : col.text
    )
  ]
  const rows = c.paperIds.map((id) => [
    `${titleOf(byId, id)} (${id})`,
    ...c.columns.map((col) => cellText(cells.get(cellKey(id, col.id)), language))
  ])
  return [
    `# ${esc(c.title)}`,
    '',
    `| ${head.map(esc).join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
    ''
  ].join('\n')
}

/**
 * The comparison as CSV (RFC 4180): one line per cited passage (or per cell without one),
 * with the quote, its page and its passage id, so a spreadsheet can filter and sort.
 */
export function toCsv(c: Comparison, papers: readonly Paper[]): string {
  const byId = new Map(papers.map((p) => [p.id, p]))
  const cols = new Map(c.columns.map((col) => [col.id, col]))
  const q = (s: string | number): string => {
    const t = String(s)
    return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t
  }
  const header = [
    'paper_id',
    'title',
    'kind',
    'question',
    'status',
    'verdict',
    'answer',
    'page',
    'quote',
    'passage_id'
  ]
  const lines = [header.join(',')]
  for (const paperId of c.paperIds) {
    for (const col of c.columns) {
      const cell = c.cells.find((x) => x.paperId === paperId && x.columnId === col.id)
      if (!cell) continue
      const start = [
        paperId,
        titleOf(byId, paperId),
        cols.get(col.id)!.kind,
        col.text,
        cell.status,
        cell.verdict ?? '',
        cell.answer
      ]
      const cites = cell.citations.length ? cell.citations : [null]
      for (const cite of cites) {
        lines.push(
          [...start, cite?.page ?? '', cite?.snippet ?? '', cite?.chunkId ?? ''].map(q).join(',')
        )
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`
}
