import type { Paper } from '../../shared/types'

/** The system prompt of the tool-calling turns: what the library holds and how to search it. */
export function toolPrompt(papers: readonly Paper[], rounds: number, canView = false): string {
  const list = papers.length
    ? papers.map((p) => `- ${p.id}: ${p.title}${p.year ? ` (${p.year})` : ''}`).join('\n')
    : '(the library is empty)'
  return [
    "You answer questions about the research papers in the user's library, using only evidence from those papers.",
    'Find the evidence with the tools: search_documents for passages (English queries work best; the papers are in English), extract_section to read a named section of one paper (abstract, introduction, method, results, conclusion...).',
    canView
      ? 'Passages of kind figure or table are captions. When the question is about a figure, a table, a plot or an equation, also call view_page on the page of that passage to look at it.'
      : 'Passages of kind figure or table are captions: you cannot see the figures themselves, so when an answer rests on one, say that the figure itself was not read.',
    `You have ${rounds} round(s) of tool calls. Request every call you need at once: for a comparison across papers, one search per paper (paperIds) in the same turn.`,
    `Papers in the library:\n${list}`
  ].join('\n\n')
}

/** The system prompt of the answer call (also of its one rewrite). */
export function synthesisPrompt(languageInstruction: string): string {
  return [
    "Answer the user's question using only the passages in the tool results above.",
    'Cite each claim right after it with the id of the passage that supports it, in double square brackets, for example [[1706.03762-page-3-chunk-0]]. Use only ids that appear in the tool results, exactly as written; never invent one.',
    'Answer every part of the question. If the passages do not contain the answer (or part of it), say plainly that the papers in the library do not say, instead of guessing.',
    `${languageInstruction} Keep technical terms as in the papers. Be concise; Markdown is allowed.`
  ].join('\n')
}

/** The user turn asking for a rewrite after the judge rejected a draft. */
export function revisionRequest(problem: string): string {
  return `A reviewer rejected that answer: ${problem}\nWrite a new answer from the same passages that fixes this, following the same rules (cite with [[id]], answer every part, say plainly what the papers do not say).`
}

/** The judge's system prompt. */
export const JUDGE_PROMPT = [
  'You review an answer to a question about research papers. You see only the question and the answer.',
  'onTopic: the answer addresses the question that was asked (not a different one).',
  'coversAllParts: every part of the question is answered, or explicitly said to be missing from the papers.',
  'saysPapersDoNotSay: the answer honestly states that the papers do not contain (part of) the information. That is an acceptable answer.',
  'Do not judge factual accuracy or style. In "problem", say in one sentence what is wrong (empty when nothing is).'
].join('\n')

/** The JSON Schema of the judge's verdict. */
export const JUDGE_SCHEMA = {
  type: 'object',
  properties: {
    onTopic: { type: 'boolean' },
    coversAllParts: { type: 'boolean' },
    saysPapersDoNotSay: { type: 'boolean' },
    problem: { type: 'string' }
  },
  required: ['onTopic', 'coversAllParts', 'saysPapersDoNotSay', 'problem']
} as const

/** The system prompt of the query rewrite. */
export const QUERY_REWRITE_PROMPT = [
  'Rewrite the text you are given into one concise English search query for finding passages in scientific papers written in English.',
  'Translate if needed. Keep technical terms, model names, dataset names and numbers. Drop politeness and filler.',
  'Reply with the query only: no quotes, no explanation.'
].join('\n')
