import type { ErrorCode } from '../../shared/errors'
import { isUserFacing } from '../errors'
import type { AnswerRun } from './AnswerRun'
import type { ChatModel } from './ChatModel'
import { FOLLOW_UP_REWRITE_PROMPT, QUERY_REWRITE_PROMPT, tagged } from './prompts'

const MAX_QUERY_CHARS = 300

/**
 * Rewrites a query into an English retrieval query with a small model call.
 * @remarks The papers are English and retrieval is English-to-English, so a Portuguese
 * question is translated first. Any failure (quota, overload, odd output) falls back to the
 * original query: a worse search beats no search. Only a cancel propagates. In a thread,
 * `conversation` (the earlier turns as text) lets the rewrite resolve what a follow-up points
 * back to ("its decoder" after a Transformer question), so the query stands alone. A caller
 * that can wait out a rate limit (a comparison) names `RATE_LIMITED` in `rethrow` to get it.
 */
export async function rewriteQuery(
  model: ChatModel,
  query: string,
  run: AnswerRun,
  signal?: AbortSignal,
  conversation = '',
  rethrow: readonly ErrorCode[] = ['CANCELLED']
): Promise<string> {
  run.stage('rewriting', query)
  try {
    const text = conversation
      ? `${tagged('conversation', conversation)}\n\nFollow-up to rewrite:\n${query}`
      : query
    const response = await model.generate(
      {
        label: 'rewrite',
        system: conversation ? FOLLOW_UP_REWRITE_PROMPT : QUERY_REWRITE_PROMPT,
        contents: [{ role: 'user', parts: [{ text }] }]
      },
      signal
    )
    run.usage('rewrite', response.usage)
    const rewritten = response.text
      .trim()
      .split('\n')[0]!
      .replace(/^["'“”`]+|["'“”`]+$/g, '')
      .trim()
    return rewritten && rewritten.length <= MAX_QUERY_CHARS ? rewritten : query
  } catch (error) {
    if (isUserFacing(error, 'CANCELLED') || rethrow.some((code) => isUserFacing(error, code))) {
      throw error
    }
    return query
  }
}
