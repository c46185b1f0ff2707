/**
 * Comparison cells offline (issue 28): a 3 × 3 table over the default papers, filled with no
 * key (evidence-only cells, the app's own CompareService through the router), scored by whether
 * each cell's first citation is on a page that states the answer.
 * @remarks The table and its gold pages were written for this eval by reading the papers
 * (`bench/compareCells.json`: each page quoted there holds the answer). Called by
 * `bench/eval.ts` on its 3-paper library; nine retrievals.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Services } from '../src/main/services'
import type { Comparison } from '../src/shared/compare'

interface Table {
  questions: {
    id: string
    text: string
    gold: Record<string, { pages: number[]; quote: string }>
  }[]
}

/** The cells whose first citation is on a gold page, of all cells, with each cell's pages. */
export async function compareCellsEval(services: Services): Promise<{
  right: number
  cells: number
  target: { right: number; met: boolean }
  perCell: { paperId: string; question: string; cited: number[]; gold: number[]; right: boolean }[]
}> {
  const table = JSON.parse(readFileSync(join(__dirname, 'compareCells.json'), 'utf8')) as Table
  const paperIds = Object.keys(table.questions[0]!.gold)
  const created = await services.router.invoke('compare:create', {
    paperIds,
    questions: table.questions.map((q) => q.text)
  })
  if (!created.ok) throw new Error(created.error.message)
  const comparison = created.value as Comparison
  const run = await services.router.invoke('compare:run', { comparisonId: comparison.id })
  if (!run.ok) throw new Error(run.error.message)
  const filled = run.value as Comparison
  const perCell = filled.cells.map((cell) => {
    const column = filled.columns.find((c) => c.id === cell.columnId)!
    const q = table.questions.find((x) => x.text === column.text)!
    const gold = q.gold[cell.paperId]!.pages
    const cited = cell.citations.map((c) => c.page)
    return {
      paperId: cell.paperId,
      question: q.id,
      cited,
      gold,
      right: cited.length > 0 && gold.includes(cited[0]!)
    }
  })
  const right = perCell.filter((c) => c.right).length
  return { right, cells: perCell.length, target: { right: 8, met: right >= 8 }, perCell }
}
