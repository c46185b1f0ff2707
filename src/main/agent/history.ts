import type { ChatContent } from './ChatModel'

/** An earlier turn of the thread as the agent sees it: the question and its final answer. */
export interface PriorTurn {
  question: string
  answer: string
  /** The papers the answer cited, in citation order (absent when unknown). */
  paperIds?: string[]
}

/** The history budget when none is given, in (estimated) tokens. */
export const DEFAULT_HISTORY_TOKENS = 2000

/**
 * A cheap token estimate (about four characters a token for English prose).
 * @remarks The budget only has to keep the prompt bounded, not be exact, and a tokenizer here
 * would load js-tiktoken into the answer path.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4)
}

/** An earlier answer as history: its `[n]` markers dropped, since their numbers mean nothing now. */
function plain(answer: string): string {
  return answer.replace(/\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/g, '').trim()
}

/**
 * The earlier turns that fit in `budgetTokens`, oldest first; the oldest go first when it is
 * exceeded. A turn is kept whole or not at all.
 */
export function trimHistory(turns: readonly PriorTurn[], budgetTokens: number): PriorTurn[] {
  const kept: PriorTurn[] = []
  let used = 0
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = { question: turns[i]!.question, answer: plain(turns[i]!.answer) }
    const cost = estimateTokens(t.question) + estimateTokens(t.answer)
    if (used + cost > budgetTokens) break
    used += cost
    kept.unshift(t)
  }
  return kept
}

/** The turns as alternating user/model text contents, for the model's history. */
export function historyContents(turns: readonly PriorTurn[]): ChatContent[] {
  return turns.flatMap((t): ChatContent[] => [
    { role: 'user', parts: [{ text: t.question }] },
    { role: 'model', parts: [{ text: t.answer || '(no answer)' }] }
  ])
}

/** The turns as one block of text (for the query rewrite and the judge), answers shortened. */
export function historyText(turns: readonly PriorTurn[], answerChars = 400): string {
  return turns
    .map((t) => {
      const a = t.answer.length > answerChars ? `${t.answer.slice(0, answerChars)}…` : t.answer
      return `Q: ${t.question}\nA: ${a}`
    })
    .join('\n\n')
}
