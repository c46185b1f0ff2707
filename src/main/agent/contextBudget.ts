import type { ChatContent } from './ChatModel'
import type { EvidencePassage } from './evidence'

/**
 * Tokens in a text, over-estimated on purpose (3.5 characters a token; English prose runs ~4
 * with the Llama, Qwen and Gemma tokenizers, JSON punctuation and ids fewer).
 * @remarks Each local model has its own tokenizer, which this app cannot load; erring long
 * trims a passage too many rather than letting the server cut the prompt (Ollama silently drops
 * its beginning — the instructions — when it is over the window).
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 3.5)
}

/** Tokens kept free for the answer itself. */
export function answerReserve(contextTokens: number): number {
  return Math.min(1024, Math.floor(contextTokens / 4))
}

/** A request trimmed to a context window. */
export interface Fitted {
  contents: ChatContent[]
  /** Ids of the passages still in the request. */
  shown: Set<string>
  /** Passages before trimming. */
  total: number
}

interface ResultShape {
  passages?: { id: string; text?: string }[]
  id?: string
  text?: string
}

/**
 * Drops passages from the tool results until `system` + `contents` fit in `contextTokens`.
 * @remarks The lowest-ranked passage of the longest result list goes first, so a comparison
 * keeps passages from every paper; a section's text is shortened last. Model turns are not
 * touched (they replay verbatim); only the tool results, which this app wrote, are copied.
 */
export function fitToolResults(
  system: string,
  contents: ChatContent[],
  contextTokens: number
): Fitted {
  const copy = contents.map((turn) =>
    turn.role === 'user' && turn.parts.some((p) => p.functionResponse)
      ? (structuredClone(turn) as ChatContent)
      : turn
  )
  const results: ResultShape[] = copy.flatMap((turn) =>
    turn.role === 'user'
      ? turn.parts.flatMap((p) => {
          const result = p.functionResponse?.response?.['result'] as ResultShape | undefined
          return result && typeof result === 'object' ? [result] : []
        })
      : []
  )
  const ids = (): string[] =>
    results.flatMap((r) => (r.passages ? r.passages.map((p) => p.id) : r.id ? [r.id] : []))
  const total = ids().length
  const budget = contextTokens - answerReserve(contextTokens) - estimateTokens(system)
  const size = (): number => estimateTokens(JSON.stringify(copy))
  while (size() > budget) {
    const longest = results
      .filter((r) => r.passages?.length)
      .sort((a, b) => b.passages!.length - a.passages!.length)[0]
    if (!longest) break
    longest.passages!.pop()
  }
  for (const section of results.filter((r) => typeof r.text === 'string')) {
    const over = size() - budget
    if (over <= 0) break
    const keep = Math.max(0, section.text!.length - Math.ceil(over * 3.5) - 16)
    if (keep === 0) delete section.id
    section.text = keep ? `${section.text!.slice(0, keep)} [...]` : ''
  }
  return { contents: copy, shown: new Set(ids()), total }
}

/**
 * How many of `passages` (best first) fit with the question in `contextTokens`.
 * @remarks For retrieve-then-answer, where the passages are written into the user's turn.
 */
export function passagesThatFit(
  system: string,
  render: (passages: readonly EvidencePassage[]) => string,
  passages: readonly EvidencePassage[],
  contextTokens: number
): number {
  const budget = contextTokens - answerReserve(contextTokens) - estimateTokens(system)
  let n = passages.length
  while (n > 0 && estimateTokens(render(passages.slice(0, n))) > budget) n--
  return n
}
