import { replyText, type Reply } from '../../shared/replies'
import type { Answer } from '../../shared/types'
import { mainT } from '../i18n'
import { isUserFacing } from '../errors'
import type { AnswerRun } from './AnswerRun'
import type { ChatModel } from './ChatModel'
import { historyContents, type PriorTurn } from './history'
import type { AnswerLanguage } from './language'
import { offTopicPrompt } from './prompts'

/**
 * A reply that searched nothing: no citations, no tokens; its text in the answer language, and
 * its key, so a thread shows it in whatever language the UI is in later.
 */
export function directAnswer(
  question: string,
  mode: 'smalltalk' | 'offtopic',
  reply: Reply,
  language: AnswerLanguage
): Answer {
  return {
    question,
    answer: replyText(reply, mainT(language.texts)),
    mode,
    verified: false,
    notice: null,
    citations: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    reply
  }
}

/** Which fixed reply answers small talk or a question about the app. */
export function directReply(kind: 'smalltalk' | 'app', message: string): Reply {
  if (kind === 'app') return { key: 'appHelp' }
  const m = message.toLowerCase()
  if (/thank|thx|\bty\b|obrigad|brigad|valeu|cheers/.test(m)) return { key: 'thanks' }
  if (/\bbye|goodbye|see you|tchau|até|ate logo|ate mais/.test(m)) return { key: 'farewell' }
  return { key: 'greeting' }
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
  const noModel: Reply = { key: 'offTopicNoModel' }
  if (!model) return directAnswer(question, 'offtopic', noModel, language)
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
      ...directAnswer(
        question,
        'offtopic',
        { key: 'offTopicLabel', text: response.text.trim() },
        language
      ),
      usage: run.total()
    }
  } catch (error) {
    if (isUserFacing(error, 'OFFLINE') || isUserFacing(error, 'NO_API_KEY')) {
      return directAnswer(question, 'offtopic', noModel, language)
    }
    throw error
  }
}
