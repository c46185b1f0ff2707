import { z } from 'zod'
import type { Paper } from '../../shared/types'
import type { EvidencePassage } from '../agent/evidence'

/** What the model returns for a question cell. */
export const QuestionCellSchema = z.object({
  status: z.enum(['answered', 'not_stated']),
  answer: z.string(),
  passageIds: z.array(z.string())
})

/** What the model returns for a claim cell. */
export const ClaimCellSchema = z.object({
  verdict: z.enum(['supports', 'contradicts', 'does_not_address']),
  answer: z.string(),
  passageIds: z.array(z.string())
})

/** What the check returns for a claim cell's verdict. */
export const VerdictCheckSchema = z.object({
  quoteSupportsVerdict: z.boolean(),
  problem: z.string()
})

/** The JSON Schema sent to the model, generated from the zod schema (as the tools' are). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7' })
  return rest
}

/** The system prompt of a question cell. */
export function questionCellPrompt(languageInstruction: string): string {
  return [
    'You fill one cell of a table comparing research papers: what ONE paper says about ONE question.',
    'Use only the passages given, which all come from that paper. Never use outside knowledge.',
    'status "answered": the passages answer the question; "not_stated": they do not (then say briefly that the paper does not say).',
    'answer: at most two short sentences (a value, a name, a number where possible).',
    'passageIds: the ids of the passages that support the answer, exactly as written; empty when not_stated.',
    languageInstruction
  ].join('\n')
}

/** The system prompt of a claim cell. */
export function claimCellPrompt(languageInstruction: string): string {
  return [
    'You fill one cell of a table comparing research papers: does ONE paper support or contradict a claim?',
    'Use only the passages given, which all come from that paper. Never use outside knowledge.',
    'verdict "supports" or "contradicts" only when a passage says so; otherwise "does_not_address".',
    'answer: one short sentence saying why.',
    'passageIds: the ids of the passages that show the verdict, exactly as written; empty when does_not_address.',
    languageInstruction
  ].join('\n')
}

/** The system prompt of the check of a claim cell. */
export const VERDICT_CHECK_PROMPT = [
  "You check one cell of a comparison table: a paper's verdict on a claim, and the passages quoted for it.",
  'quoteSupportsVerdict: true only if the quoted passages themselves show the verdict (supports / contradicts) about this claim.',
  'Do not use outside knowledge. In "problem", say in one sentence what is wrong (empty when nothing is).'
].join('\n')

/** The user turn of a cell: the paper, the question or claim, and that paper's passages. */
export function cellRequest(
  paper: Paper,
  kind: 'question' | 'claim',
  text: string,
  passages: readonly EvidencePassage[]
): string {
  const body = passages
    .map((p) => `id: ${p.id} (page ${p.page}, ${p.section})\n${p.text.replace(/\s+/g, ' ').trim()}`)
    .join('\n\n')
  return [
    `Paper: ${paper.title}${paper.year ? ` (${paper.year})` : ''}`,
    `${kind === 'question' ? 'Question' : 'Claim'}: ${text}`,
    `Passages:\n\n${body}`
  ].join('\n\n')
}

/** The user turn of a verdict check. */
export function verdictCheckRequest(
  claim: string,
  verdict: string,
  quotes: readonly string[]
): string {
  return [
    `Claim: ${claim}`,
    `Verdict: the paper ${verdict} the claim.`,
    `Quoted passages:\n${quotes.map((q) => `> ${q}`).join('\n')}`
  ].join('\n\n')
}
