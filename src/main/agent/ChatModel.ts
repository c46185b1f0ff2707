import type { ModelCapabilities } from '../../shared/providers'
import type { AnsweredBy, Usage } from '../../shared/types'

/**
 * One part of a conversation turn: text, a function call or a function's result.
 * @remarks The shape is Gemini's wire shape, so Gemini turns pass through untouched: a model
 * turn carries fields this app never reads (Gemini 3's `thoughtSignature`, `thought`), and the
 * API rejects a history that lost them. Other providers translate to and from it in their own
 * file, and may keep what they need to replay a turn verbatim in extra fields.
 */
export interface ChatPart {
  text?: string
  thought?: boolean
  thoughtSignature?: string
  functionCall?: { id?: string; name?: string; args?: Record<string, unknown> }
  functionResponse?: {
    id?: string
    name?: string
    response?: Record<string, unknown>
    /** Media the function returns (a page image), as inline data. */
    parts?: { inlineData: InlineData }[]
  }
  inlineData?: InlineData
  [field: string]: unknown
}

/** Bytes sent inline in a request: an image, base64. */
export interface InlineData {
  mimeType: string
  data: string
}

/** One turn of a conversation. */
export interface ChatContent {
  role: 'user' | 'model'
  parts: ChatPart[]
}

/** A function the model may call, with its parameters as JSON Schema. */
export interface ToolDeclaration {
  name: string
  description: string
  parameters: Record<string, unknown>
}

/** A function call the model asked for. */
export interface FunctionCallRequest {
  id?: string
  name: string
  args: Record<string, unknown>
  /** Set when the model's arguments could not be read (not JSON, not an object): why. */
  invalidArguments?: string
}

/** One model call. */
export interface ChatRequest {
  /** Names the call in usage events, e.g. `tools-1`, `synthesis`, `judge`. */
  label: string
  system: string
  contents: ChatContent[]
  /** Declared functions; `toolMode` says whether the model must, may or must not call them. */
  tools?: ToolDeclaration[]
  toolMode?: 'any' | 'auto' | 'none'
  /** Asks for JSON matching this JSON Schema (structured output). */
  jsonSchema?: Record<string, unknown>
}

/** What one model call returned. */
export interface ChatResponse {
  /** The model's turn exactly as it came, for the next request's history. */
  turn: ChatContent
  /** The visible text (thought parts excluded). */
  text: string
  functionCalls: FunctionCallRequest[]
  usage: Usage
}

/**
 * A chat model with function calling, structured output and streaming.
 * @remarks The agent depends on this, never on an SDK: Gemini and an OpenAI-compatible local
 * server plug in here, and so do tests. Implementations throw `UserFacingError` for expected
 * failures (`NO_API_KEY`, `RATE_LIMITED`, `UPSTREAM_UNAVAILABLE`, `OFFLINE`, `TIMEOUT`,
 * `CANCELLED`, `LOCAL_MODEL_UNREACHABLE`, `LOCAL_MODEL_MISSING`), {@link ToolsUnsupportedError}
 * when the model cannot take tools and {@link ContextOverflowError} when the request is too long.
 * Callers decide by {@link ChatModel.capabilities}, never by {@link ChatModel.provider}.
 */
export interface ChatModel {
  /** Which provider this is; shown with the answer, never asked what the model can do. */
  readonly provider: AnsweredBy['provider']
  /** What it can do (see images, run locally, give way offline, call tools). */
  readonly capabilities: ModelCapabilities
  /** The model name, e.g. `gemini-3.5-flash`. */
  readonly model: string
  /** The context window in tokens when it is small enough to matter (local models), else null. */
  readonly contextTokens: number | null
  generate(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>
  /** Like {@link generate}, calling `onText` with each piece of visible text as it arrives. */
  stream(
    request: ChatRequest,
    onText: (text: string) => void,
    signal?: AbortSignal
  ): Promise<ChatResponse>
}

/**
 * The model (or its server) refuses function calling, e.g. Ollama's "does not support tools".
 * @remarks Not a user error: the agent answers without tools (retrieve-then-answer).
 */
export class ToolsUnsupportedError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'ToolsUnsupportedError'
  }
}

/**
 * The request is longer than the model's context window.
 * @remarks Carries the window when the server said it (llama.cpp's `n_ctx`), so the agent can
 * trim the evidence to fit and try once more.
 */
export class ContextOverflowError extends Error {
  constructor(
    message: string,
    readonly contextTokens: number | null,
    options: { cause?: unknown } = {}
  ) {
    super(message, options)
    this.name = 'ContextOverflowError'
  }
}
