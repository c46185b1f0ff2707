import type { Answer } from '../../shared/types'
import { isUserFacing } from '../errors'
import type { AnswerRun } from './AnswerRun'
import type { ChatModel } from './ChatModel'
import { historyContents, type PriorTurn } from './history'
import { ANSWER_TEXTS, type AnswerLanguage } from './language'
import { offTopicPrompt } from './prompts'

/** A reply that searched nothing: no citations, no tokens. */
export function directAnswer(
  question: string,
  mode: 'smalltalk' | 'offtopic',
  answer: string
): Answer {
  return {
    question,
    answer,
    mode,
    verified: false,
    notice: null,
    citations: [],
    usage: { inputTokens: 0, outputTokens: 0 }
  }
}

/** The fixed reply to small talk or to a question about the app, in the answer language. */
export function directReply(
  kind: 'smalltalk' | 'app',
  message: string,
  language: AnswerLanguage
): string {
  const texts = ANSWER_TEXTS[language.texts]
  if (kind === 'app') return texts.appHelp
  const m = message.toLowerCase()
  if (/thank|thx|\bty\b|obrigad|brigad|valeu|cheers/.test(m)) return texts.thanks
  if (/\bbye|goodbye|see you|tchau|até|ate logo|ate mais/.test(m)) return texts.farewell
  return texts.greeting
}

/** A question unrelated to the library: the model answers it as such, never citing papers. */
export async function offTopicAnswer(
  question: string,
  model: ChatModel | null,
  history: PriorTurn[],
  language: AnswerLanguage,
  run: AnswerRun,
  signal: AbortSignal
): Promise<Answer> {
  const texts = ANSWER_TEXTS[language.texts]
  if (!model) return directAnswer(question, 'offtopic', texts.offTopicNoModel)
  run.stage('drafting', '')
  try {
    const response = await model.stream(
      {
        label: 'offtopic',
        system: offTopicPrompt(language.instruction),
        contents: [...historyContents(history), { role: 'user', parts: [{ text: question }] }]
      },
      (text) => run.token(text),
      signal
    )
    run.usage('offtopic', response.usage)
    return {
      ...directAnswer(question, 'offtopic', `${texts.offTopicLabel}\n\n${response.text.trim()}`),
      usage: run.total()
    }
  } catch (error) {
    if (isUserFacing(error, 'OFFLINE') || isUserFacing(error, 'NO_API_KEY')) {
      return directAnswer(question, 'offtopic', texts.offTopicNoModel)
    }
    throw error
  }
}
