import { replyText } from '../../../../shared/replies'
import type { Answer } from '../../../../shared/types'
import type { TFunction } from '../../i18n'

/**
 * The text an answer shows: a small-talk or off-topic reply in the current UI language (from
 * its key), any other answer as it was written.
 * @remarks A reply saved before replies had keys (thread format 2) has none and is shown as it
 * was stored.
 */
export function shownAnswer(answer: Pick<Answer, 'answer' | 'reply'>, t: TFunction): string {
  if (!answer.reply) return answer.answer
  return replyText(answer.reply, (key) => t(key, { ns: 'main' }))
}
