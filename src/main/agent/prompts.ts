import type { Paper } from '../../shared/types'
import type { EvidencePassage } from './evidence'

/** The system prompt of the tool-calling turns: what the library holds and how to search it. */
export function toolPrompt(papers: readonly Paper[], rounds: number): string {
  const list = papers.length
    ? papers.map((p) => `- ${p.id}: ${p.title}${p.year ? ` (${p.year})` : ''}`).join('\n')
    : '(the library is empty)'
  return [
    "You answer questions about the research papers in the user's library, using only evidence from those papers.",
    'Find the evidence with the tools: search_documents for passages (English queries work best; the papers are in English), extract_section to read a named section of one paper (abstract, introduction, method, results, conclusion...).',
    `You have ${rounds} round(s) of tool calls. Request every call you need at once: for a comparison across papers, one search per paper (paperIds) in the same turn.`,
    `Papers in the library:\n${list}`
  ].join('\n\n')
}

/**
 * The system prompt of the answer call (also of its one rewrite).
 * @remarks `source` says where the passages are: in tool results (the model searched), or in
 * the user's message (retrieve-then-answer, for models that do not call tools).
 */
export function synthesisPrompt(
  languageInstruction: string,
  source: 'tools' | 'passages' = 'tools'
): string {
  const where = source === 'tools' ? 'in the tool results above' : 'given with the question'
  const ids = source === 'tools' ? 'in the tool results' : 'with the passages'
  return [
    `Answer the user's question using only the passages ${where}.`,
    `Cite each claim right after it with the id of the passage that supports it, in double square brackets, for example [[1706.03762-page-3-chunk-0]]. Use only ids that appear ${ids}, exactly as written; never invent one.`,
    'Answer every part of the question. If the passages do not contain the answer (or part of it), say plainly that the papers in the library do not say, instead of guessing.',
    `${languageInstruction} Keep technical terms as in the papers. Be concise; Markdown is allowed.`
  ].join('\n')
}

/**
 * The user turn of retrieve-then-answer: the question and the passages the app found for it.
 * @remarks Each passage is fenced and labelled with its id, the way a tool result would be.
 */
export function passagesTurn(question: string, passages: readonly EvidencePassage[]): string {
  const blocks = passages.map(
    (p) => `<passage id="${p.id}" paper="${p.title}" page="${p.page}">\n${p.text}\n</passage>`
  )
  return [
    `Question: ${question}`,
    `Passages from the papers in the library (cite them by id):\n${blocks.join('\n') || '(none found)'}`
  ].join('\n\n')
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
