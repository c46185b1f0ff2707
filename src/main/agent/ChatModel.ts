import type { Usage } from '../../shared/types'

/**
 * One part of a conversation turn, in Gemini's wire shape.
 * @remarks Parts are passed through untouched: a model turn carries fields this app never
 * reads (Gemini 3's `thoughtSignature`, `thought`), and the API rejects a history that lost them.
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
 * @remarks The agent depends on this, never on an SDK, so tests and a future provider plug in
 * here. Implementations throw `UserFacingError` with one of `NO_API_KEY`, `RATE_LIMITED`,
 * `UPSTREAM_UNAVAILABLE`, `OFFLINE`, `TIMEOUT`, `CANCELLED` for expected failures.
 */
export interface ChatModel {
  /** The model name, e.g. `gemini-3.5-flash`. */
  readonly model: string
  generate(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse>
  /** Like {@link generate}, calling `onText` with each piece of visible text as it arrives. */
  stream(
    request: ChatRequest,
    onText: (text: string) => void,
    signal?: AbortSignal
  ): Promise<ChatResponse>
}
