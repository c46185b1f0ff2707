import type { AppError } from '../../shared/errors'
import { isUserFacing, toAppError, type ErrorText } from '../errors'
import type { ChatModel } from './ChatModel'

/**
 * One notice from two: the first's code, both messages.
 * @remarks When both are catalog messages the result is `errors.both` naming the two keys with
 * their values together, so each is said in the UI language. Two messages whose values clash
 * (a `model` of each, different) keep no key: the English pair is folded, never half said.
 */
export function combine(first: AppError | null, second: AppError | null): AppError | null {
  if (!first || !second) return first ?? second
  const message = `${first.message} ${second.message}`
  const rest: AppError = { ...first }
  delete rest.key
  delete rest.params
  const one = first.params ?? {}
  const two = second.params ?? {}
  const clash = Object.keys(two).some((k) => k in one && one[k] !== two[k])
  if (!first.key || !second.key || clash) return { ...rest, message }
  const params = { ...one, ...two, firstKey: first.key, secondKey: second.key }
  return { ...rest, message, key: 'both', params }
}

/** The message when a local model's window cannot hold even the question and one passage. */
export function tooSmall(model: ChatModel, window: number | null): ErrorText {
  const size = window ?? model.contextTokens
  return size
    ? { key: 'contextTooSmallSized', params: { model: model.model, tokens: size } }
    : { key: 'contextTooSmall', params: { model: model.model } }
}

/** The notice of an answer kept after its check failed; a cancel still propagates. */
export function unverified(error: unknown, what: string): AppError {
  if (isUserFacing(error, 'CANCELLED')) throw error
  const reason = error instanceof Error ? error.message : String(error)
  return {
    ...toAppError(error),
    message: `This answer ${what}, so it is shown unverified: ${reason}`
  }
}
