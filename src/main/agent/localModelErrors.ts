import { UserFacingError, type ErrorText } from '../errors'
import { ContextOverflowError, ToolsUnsupportedError } from './ChatModel'
import { CONNECTION_CODES, errorCodes } from './providerRequest'

/** What the caller of one request to a local server knows besides the error itself. */
export interface LocalFailureContext {
  baseUrl: string
  model: string
}

/** What a person reads when the local server stayed silent for `timeoutMs`. */
export function localTimeoutText(model: string, timeoutMs: number): ErrorText {
  return { key: 'localTimeout', params: { model, seconds: Math.round(timeoutMs / 1000) } }
}

/**
 * Maps what a request to an OpenAI-compatible server threw to the error a person sees.
 * @remarks The one place that knows the failure shapes of Ollama, LM Studio and llama.cpp's
 * server: `{"error":{"message":...}}` bodies (Ollama's native `{"error":"..."}` too), Ollama's
 * 404 `model "x" not found, try pulling it first` and 400 `x does not support tools`,
 * llama.cpp's `exceed_context_size_error` with `n_ctx`, and connection failures. Cancels and
 * our own timeout are told apart before this, in `providerRequest`. An unexpected 4xx is a bug
 * in this app and stays a plain Error (INTERNAL, logged).
 */
export function toLocalModelError(error: unknown, ctx: LocalFailureContext): Error {
  const status = httpStatus(error)
  const body = errorBody(error)
  const message = body.message || (error instanceof Error ? error.message : String(error))
  if (body.type === 'exceed_context_size_error' || CONTEXT_OVERFLOW.test(message)) {
    return new ContextOverflowError(
      `The local model's context window is too small for this request (${message}).`,
      body.nCtx,
      { cause: error }
    )
  }
  if (status === null) {
    if (errorCodes(error).some((c) => CONNECTION_CODES.has(c)) || isConnectionError(error)) {
      return unreachable(ctx, error)
    }
    return error instanceof Error ? error : new Error(String(error))
  }
  if (TOOLS_UNSUPPORTED.test(message)) {
    return new ToolsUnsupportedError(`${ctx.model}: ${message}`, { cause: error })
  }
  if (status === 404 && /model/i.test(message)) {
    return new UserFacingError(
      'LOCAL_MODEL_MISSING',
      {
        key: 'localModelMissing',
        params: {
          model: ctx.model,
          baseUrl: ctx.baseUrl,
          detail: message,
          command: pullCommand(ctx.baseUrl, ctx.model)
        }
      },
      { cause: error }
    )
  }
  if (status === 404) {
    return new UserFacingError(
      'LOCAL_MODEL_UNREACHABLE',
      { key: 'localNoEndpoint', params: { baseUrl: ctx.baseUrl } },
      { cause: error }
    )
  }
  if (status === 401 || status === 403) {
    return new UserFacingError(
      'LOCAL_MODEL_UNREACHABLE',
      { key: 'localNeedsKey', params: { baseUrl: ctx.baseUrl, status } },
      { cause: error }
    )
  }
  if (status >= 500 || status === 429) {
    return new UserFacingError(
      'UPSTREAM_UNAVAILABLE',
      {
        key: 'localServerFailed',
        params: { baseUrl: ctx.baseUrl, model: ctx.model, status, detail: message }
      },
      { cause: error }
    )
  }
  return new Error(`The local server refused the request (HTTP ${status}): ${message}`, {
    cause: error
  })
}

/** True when a 400 says the server cannot constrain output to a JSON schema. */
export function isStructuredOutputRejection(error: unknown): boolean {
  return (
    httpStatus(error) === 400 &&
    /response_format|json_schema|json schema|grammar|structured/i.test(errorBody(error).message)
  )
}

/** The command that installs `model` on the server at `baseUrl`, guessed from its port. */
export function pullCommand(baseUrl: string, model: string): string {
  let port = ''
  try {
    port = new URL(baseUrl).port
  } catch {
    // The address was validated on the way in; an odd one just gets Ollama's command.
  }
  return port === '1234' ? `lms get ${model}` : `ollama pull ${model}`
}

const TOOLS_UNSUPPORTED =
  /does not support tools|tools? (are |is )?not supported|tools param requires --jinja|tool calling is not supported/i
const CONTEXT_OVERFLOW =
  /exceeds? (the )?(available )?context|context (size|length|window) (exceeded|is too small)|maximum context length|too many tokens|context overflow/i

function unreachable(ctx: LocalFailureContext, error: unknown): UserFacingError {
  return new UserFacingError(
    'LOCAL_MODEL_UNREACHABLE',
    { key: 'localUnreachable', params: { baseUrl: ctx.baseUrl } },
    { cause: error }
  )
}

function httpStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : null
}

/** The server's error object, whatever its shape (`{error:{message}}`, `{error:"..."}`). */
function errorBody(error: unknown): { message: string; type: string; nCtx: number | null } {
  const inner = (error as { error?: unknown } | null)?.error
  if (typeof inner === 'string') return { message: inner, type: '', nCtx: null }
  if (typeof inner === 'object' && inner !== null) {
    const e = inner as { message?: unknown; type?: unknown; n_ctx?: unknown; error?: unknown }
    const message =
      typeof e.message === 'string'
        ? e.message
        : typeof e.error === 'string'
          ? e.error
          : JSON.stringify(inner)
    return {
      message,
      type: typeof e.type === 'string' ? e.type : '',
      nCtx: typeof e.n_ctx === 'number' ? e.n_ctx : null
    }
  }
  return { message: '', type: '', nCtx: null }
}

function isConnectionError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'APIConnectionError' || /fetch failed|connection error/i.test(error.message))
  )
}
