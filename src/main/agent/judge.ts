import { z } from 'zod'
import type { AnswerRun } from './AnswerRun'
import type { ChatModel } from './ChatModel'
import { JUDGE_PROMPT, tagged } from './prompts'

/** The judge's decision on one answer. */
export interface Verdict {
  pass: boolean
  /** What is wrong, for the rewrite; empty when it passed. */
  problem: string
}

/** The judge's structured output: parsed leniently (`problem` may be missing). */
const VerdictSchema = z.object({
  onTopic: z.boolean(),
  coversAllParts: z.boolean(),
  saysPapersDoNotSay: z.boolean(),
  problem: z.string().default('')
})

/**
 * The JSON Schema the judge's answer must follow, generated from {@link VerdictSchema} like the
 * tools' parameters: as output, so every field (`problem` too) is required of the model.
 */
export const JUDGE_SCHEMA: Record<string, unknown> = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(VerdictSchema, { io: 'output' })
  return schema
})()

/**
 * Asks the model, with structured output, whether an answer is on topic and complete.
 * @remarks The judge sees only the question and the answer — not the evidence — so it checks
 * what a reader would: was this question answered, all of it? An honest "the papers do not
 * say" passes. Throws when the call fails or the verdict is unreadable; the caller then keeps
 * the answer, marked unverified. A model without structured output may wrap its JSON in a
 * Markdown fence; that is unwrapped, nothing more is guessed.
 */
export async function judgeAnswer(
  model: ChatModel,
  question: string,
  answer: string,
  run: AnswerRun,
  signal?: AbortSignal,
  label = 'judge',
  conversation = ''
): Promise<Verdict> {
  if (!answer.trim()) return { pass: false, problem: 'The answer is empty.' }
  const response = await model.generate(
    {
      label,
      system: JUDGE_PROMPT,
      contents: [
        {
          role: 'user',
          parts: [
            {
              text: [
                ...(conversation ? [tagged('conversation', conversation)] : []),
                tagged('question', question),
                tagged('answer', answer)
              ].join('\n\n')
            }
          ]
        }
      ],
      jsonSchema: JUDGE_SCHEMA
    },
    signal
  )
  run.usage(label, response.usage)
  let verdict: z.infer<typeof VerdictSchema>
  try {
    verdict = VerdictSchema.parse(JSON.parse(jsonText(response.text)))
  } catch (error) {
    throw new Error(`The checker's verdict was unreadable: ${response.text.slice(0, 200)}`, {
      cause: error
    })
  }
  const pass = verdict.onTopic && (verdict.coversAllParts || verdict.saysPapersDoNotSay)
  const problem = pass
    ? ''
    : verdict.problem.trim() ||
      (verdict.onTopic ? 'It does not answer every part of the question.' : 'It is off topic.')
  return { pass, problem }
}

/** The JSON in a reply: the text itself, or the inside of one ```json fence around it. */
function jsonText(reply: string): string {
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/i.exec(reply.trim())
  return fenced ? fenced[1]! : reply
}
