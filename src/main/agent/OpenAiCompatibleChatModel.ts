import type OpenAI from 'openai'
import type {
  ChatCompletionChunk,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam
} from 'openai/resources/chat/completions'
import { providerCapabilities } from '../../shared/providers'
import type {
  ChatContent,
  ChatModel,
  ChatPart,
  ChatRequest,
  ChatResponse,
  FunctionCallRequest
} from './ChatModel'
import {
  isStructuredOutputRejection,
  localTimeoutText,
  toLocalModelError
} from './localModelErrors'
import { providerRequest } from './providerRequest'
import { ThinkFilter } from './thinkFilter'

/** How to reach an OpenAI-compatible server (Ollama, LM Studio, llama.cpp's server...). */
export interface OpenAiCompatibleOptions {
  /** e.g. `http://127.0.0.1:11434/v1`; validated (https, or http to loopback) by the caller. */
  baseUrl: string
  model: string
  /** The longest silence between two streamed chunks, or before the first. */
  timeoutMs: number
  /** The context window the server gives the model, in tokens. */
  contextTokens: number
}

/** A tool call's raw `arguments` string, kept on its part so the turn replays verbatim. */
const RAW_ARGUMENTS = 'openaiArguments'

/**
 * {@link ChatModel} over the OpenAI-compatible chat API — the only file that imports `openai`.
 * @remarks Every call streams (`stream: true` with `include_usage`), so the timeout measures
 * silence rather than the whole generation, which a slow local model needs, and a cancel stops
 * the server's generation at once. Function calls are translated to and from the app's turn
 * shape; a call whose arguments are not a JSON object is passed on marked invalid, so the tool
 * answers with an error instead of running. The judge's JSON schema goes out as
 * `response_format: json_schema`; a server that rejects that is asked again without it, and
 * remembered. `<think>` blocks of reasoning models never reach the answer.
 */
export class OpenAiCompatibleChatModel implements ChatModel {
  readonly provider = 'local'
  readonly capabilities = providerCapabilities('local')
  readonly model: string
  readonly contextTokens: number
  private client: Promise<OpenAI> | null = null
  /** False once the server rejected `response_format: json_schema`. */
  private structuredOutput = true

  constructor(private readonly options: OpenAiCompatibleOptions) {
    this.model = options.model
    this.contextTokens = options.contextTokens
  }

  generate(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    return this.call(request, () => {}, signal)
  }

  stream(
    request: ChatRequest,
    onText: (text: string) => void,
    signal?: AbortSignal
  ): Promise<ChatResponse> {
    return this.call(request, onText, signal)
  }

  /** The model names the server lists (`GET /models`). */
  async listModels(signal?: AbortSignal): Promise<string[]> {
    return this.guarded(signal, async (client, requestSignal) => {
      const names: string[] = []
      for await (const model of client.models.list({ signal: requestSignal })) names.push(model.id)
      return names
    })
  }

  private sdk(): Promise<OpenAI> {
    this.client ??= import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({
          baseURL: this.options.baseUrl,
          // Local servers take no key, but the client insists on one; it is never a secret.
          apiKey: 'researchpal-local',
          // Retries would hide a stopped server behind seconds of backoff; our timer rules.
          maxRetries: 0,
          timeout: 24 * 60 * 60 * 1000
        })
    )
    return this.client
  }

  private async call(
    request: ChatRequest,
    onText: (text: string) => void,
    signal: AbortSignal | undefined
  ): Promise<ChatResponse> {
    const useSchema = Boolean(request.jsonSchema) && this.structuredOutput
    try {
      return await this.guarded(signal, (client, requestSignal, rearm) =>
        this.streamOnce(client, this.params(request, useSchema), onText, requestSignal, rearm)
      )
    } catch (error) {
      // Mapped errors keep the server's reply as their cause.
      const reply = error instanceof Error && error.cause ? error.cause : error
      if (!useSchema || !isStructuredOutputRejection(reply)) throw error
      this.structuredOutput = false
      return this.call(request, onText, signal)
    }
  }

  /** Runs one request under our timer and the caller's signal, mapping its failures. */
  private guarded<T>(
    signal: AbortSignal | undefined,
    run: (client: OpenAI, requestSignal: AbortSignal, rearm: () => void) => Promise<T>
  ): Promise<T> {
    const { baseUrl, timeoutMs } = this.options
    return providerRequest(
      {
        signal,
        timeoutMs,
        client: () => this.sdk(),
        timeoutText: localTimeoutText(this.model, timeoutMs),
        toError: (error) => toLocalModelError(error, { baseUrl, model: this.model })
      },
      run
    )
  }

  private async streamOnce(
    client: OpenAI,
    params: ChatCompletionCreateParamsStreaming,
    onText: (text: string) => void,
    signal: AbortSignal,
    rearm: () => void
  ): Promise<ChatResponse> {
    const think = new ThinkFilter()
    const calls = new Map<number, { id?: string; name: string; args: string }>()
    let usage = { inputTokens: 0, outputTokens: 0 }
    const stream = await client.chat.completions.create(params, { signal })
    for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) {
      rearm()
      if (chunk.usage) {
        usage = {
          inputTokens: chunk.usage.prompt_tokens ?? 0,
          outputTokens: chunk.usage.completion_tokens ?? 0
        }
      }
      const delta = chunk.choices?.[0]?.delta
      if (!delta) continue
      if (typeof delta.content === 'string' && delta.content) {
        const visible = think.push(delta.content)
        if (visible) onText(visible)
      }
      for (const call of delta.tool_calls ?? []) {
        const slot = calls.get(call.index) ?? { name: '', args: '' }
        if (call.id) slot.id = call.id
        if (call.function?.name) slot.name += call.function.name
        if (call.function?.arguments) slot.args += call.function.arguments
        calls.set(call.index, slot)
      }
    }
    // The client ends a stream quietly when it is aborted; a cut-off reply must not pass as whole.
    if (signal.aborted) throw new Error('The stream was aborted before it ended.')
    const text = think.text()
    const parts: ChatPart[] = text ? [{ text }] : []
    const functionCalls: FunctionCallRequest[] = []
    for (const [index, slot] of [...calls.entries()].sort((a, b) => a[0] - b[0])) {
      const id = slot.id ?? `call_${index}`
      const parsed = parseArguments(slot.args)
      parts.push({
        functionCall: { id, name: slot.name, args: parsed.args },
        [RAW_ARGUMENTS]: slot.args
      })
      functionCalls.push({
        id,
        name: slot.name,
        args: parsed.args,
        ...(parsed.problem && { invalidArguments: parsed.problem })
      })
    }
    return { turn: { role: 'model', parts }, text, functionCalls, usage }
  }

  private params(request: ChatRequest, useSchema: boolean): ChatCompletionCreateParamsStreaming {
    const tools = request.toolMode !== 'none' && request.tools?.length ? request.tools : null
    let system = request.system
    if (request.jsonSchema) {
      // Small models follow the schema better when they also read it, grammar or not.
      system += `\n\nReply with only one JSON object that matches this JSON Schema, with no other text:\n${JSON.stringify(request.jsonSchema)}`
    }
    return {
      model: this.model,
      messages: toMessages(system, request.contents),
      temperature: 0,
      stream: true,
      stream_options: { include_usage: true },
      ...(tools && {
        tools: tools.map((t) => ({
          type: 'function' as const,
          function: { name: t.name, description: t.description, parameters: t.parameters }
        })),
        tool_choice: request.toolMode === 'any' ? ('required' as const) : ('auto' as const)
      }),
      ...(request.jsonSchema &&
        useSchema && {
          response_format: {
            type: 'json_schema' as const,
            json_schema: { name: 'response', schema: request.jsonSchema }
          }
        })
    }
  }
}

/** Builds the {@link ChatModel} for a local OpenAI-compatible server. */
export function createOpenAiCompatibleChatModel(
  options: OpenAiCompatibleOptions
): OpenAiCompatibleChatModel {
  return new OpenAiCompatibleChatModel(options)
}

/**
 * The app's turns as chat messages: function calls become the assistant's `tool_calls`, their
 * results `tool` messages answering them by id.
 */
function toMessages(system: string, contents: ChatContent[]): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: system }]
  for (const turn of contents) {
    // A user turn's parts are separate blocks (the question, a data block); a model turn's
    // are pieces of one text.
    const text = turn.parts
      .filter((p) => typeof p.text === 'string' && !p.thought)
      .map((p) => p.text)
      .join(turn.role === 'user' ? '\n\n' : '')
    if (turn.role === 'model') {
      const toolCalls = turn.parts
        .filter((p) => p.functionCall)
        .map((p, i) => ({
          id: p.functionCall!.id ?? `call_${i}`,
          type: 'function' as const,
          function: {
            name: p.functionCall!.name ?? '',
            arguments: replayArguments(p)
          }
        }))
      messages.push({
        role: 'assistant',
        content: text || null,
        ...(toolCalls.length && { tool_calls: toolCalls })
      })
      continue
    }
    for (const part of turn.parts) {
      const response = part.functionResponse
      if (!response) continue
      messages.push({
        role: 'tool',
        tool_call_id: response.id ?? response.name ?? '',
        content: JSON.stringify(response.response ?? {})
      })
    }
    if (text) messages.push({ role: 'user', content: text })
  }
  return messages
}

/** The call's arguments as the model sent them, unless they were not JSON (servers re-parse). */
function replayArguments(part: ChatPart): string {
  const raw = part[RAW_ARGUMENTS]
  if (typeof raw === 'string' && parseArguments(raw).problem === undefined) return raw
  return JSON.stringify(part.functionCall?.args ?? {})
}

function parseArguments(raw: string): { args: Record<string, unknown>; problem?: string } {
  if (!raw.trim()) return { args: {} }
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { args: value as Record<string, unknown> }
    }
    return { args: {}, problem: 'not a JSON object' }
  } catch {
    return { args: {}, problem: `not valid JSON: ${raw.slice(0, 80)}` }
  }
}
