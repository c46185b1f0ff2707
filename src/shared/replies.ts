import { z } from 'zod'

/**
 * The fixed replies an answer can be, by their key in the main catalog (`answer.<key>`): small
 * talk, help about the app, and the off-topic ones.
 * @remarks `offTopicLabel` heads a model's own reply to an off-topic question; the other keys
 * are the whole reply.
 */
export const REPLY_KEYS = [
  'greeting',
  'thanks',
  'farewell',
  'appHelp',
  'offTopicNoModel',
  'offTopicLabel'
] as const

/**
 * A reply that searched nothing, kept as its catalog key so it reads in the UI's language
 * whenever it is shown, and the model's own words when a model wrote some (`text`).
 */
export const ReplySchema = z.object({
  key: z.enum(REPLY_KEYS),
  /** What the model wrote after the fixed label (off-topic answers); never translated. */
  text: z.string().optional()
})
/** A reply that searched nothing, by its catalog key. */
export type Reply = z.infer<typeof ReplySchema>

/**
 * A reply's text in one language: the catalog's words for its key, then the model's own words.
 * @param t Looks up a key of the main catalog (`answer.greeting`) in the language wanted.
 * @remarks One function for main (the text an answer carries, in the language asked) and the
 * renderer (the same reply in the current UI language), so the two never differ in form.
 */
export function replyText(reply: Reply, t: (key: `answer.${Reply['key']}`) => string): string {
  const fixed = t(`answer.${reply.key}`)
  return reply.text === undefined ? fixed : `${fixed}\n\n${reply.text}`
}
