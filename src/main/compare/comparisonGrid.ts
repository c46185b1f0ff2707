import {
  cellKey,
  type CompareCell,
  type CompareColumn,
  type Comparison
} from '../../shared/compare'
import { UserFacingError } from '../errors'

/** The ids once each, first occurrence kept. */
export function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)]
}

/** Appends question and claim columns with ids that never reuse a removed one's. */
export function withColumns(
  existing: CompareColumn[],
  questions: readonly string[],
  claims: readonly string[]
): CompareColumn[] {
  const columns = [...existing]
  let n = Math.max(0, ...existing.map((c) => Number(c.id.slice(1)) || 0))
  const have = new Set(existing.map((c) => `${c.kind}\u0000${c.text}`))
  const add = (kind: CompareColumn['kind'], text: string): void => {
    const t = text.trim()
    if (!t || have.has(`${kind}\u0000${t}`)) return
    have.add(`${kind}\u0000${t}`)
    columns.push({ id: `${kind === 'question' ? 'q' : 'c'}${++n}`, kind, text: t })
  }
  questions.forEach((q) => add('question', q))
  claims.forEach((c) => add('claim', c))
  if (columns.length === 0) {
    throw new UserFacingError('INVALID_INPUT', { key: 'comparisonNeedsQuestion' })
  }
  return columns
}

/** Every paper × column cell, keeping the filled ones of `previous`. */
export function gridCells(c: Comparison, previous: readonly CompareCell[] = []): CompareCell[] {
  const kept = new Map(previous.map((cell) => [cellKey(cell.paperId, cell.columnId), cell]))
  return c.paperIds.flatMap((paperId) =>
    c.columns.map(
      (col) =>
        kept.get(cellKey(paperId, col.id)) ?? {
          paperId,
          columnId: col.id,
          status: 'pending' as const,
          answer: '',
          verdict: null,
          citations: [],
          notice: null,
          problem: null,
          usage: { inputTokens: 0, outputTokens: 0 }
        }
    )
  )
}
