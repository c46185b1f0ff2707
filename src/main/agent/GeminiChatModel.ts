import type {
  Content,
  FunctionCallingConfigMode,
  GenerateContentParameters,
  GenerateContentResponse,
  GoogleGenAI
} from '@google/genai'
import { providerCapabilities } from '../../shared/providers'
import type { Usage } from '../../shared/types'
import type {
  ChatContent,
  ChatModel,
  ChatRequest,
  ChatResponse,
  FunctionCallRequest
} from './ChatModel'
import { geminiTimeoutText, toGeminiError } from './geminiErrors'
import { providerRequest } from './providerRequest'

/** How to reach Gemini. */
export interface GeminiOptions {
  apiKey: string
  /** e.g. `gemini-3.5-flash`. */
  model: string
  /** Another endpoint (a proxy, or the fake server in tests); null/undefined: Google's. */
  baseUrl?: string | null
  /** Per call; for a streamed call, the longest silence between two chunks. */
  timeoutMs: number
}

const MODES = { any: 'ANY', auto: 'AUTO', none: 'NONE' } as Record<
  'any' | 'auto' | 'none',
  FunctionCallingConfigMode
>

/**
 * {@link ChatModel} on Google's `@google/genai` SDK — the only file that imports it.
 * @remarks Temperature 0 for repeatable answers. The SDK's own retries stay off: a 429 or 503
 * reaches the person with its reason instead of a silent minute of backoff. Timeouts and cancels
 * are `providerRequest`'s. The SDK (~0.4 s to import) is loaded on the first call, not at app
 * start. Gemini reads page images, and stands aside for the local model when offline.
 */
export class GeminiChatModel implements ChatModel {
  readonly provider = 'gemini'
  readonly capabilities = providerCapabilities('gemini')
  readonly contextTokens = null
  readonly model: string
  private readonly timeoutMs: number
  private client: Promise<GoogleGenAI> | null = null

  constructor(private readonly options: GeminiOptions) {
    this.model = options.model
    this.timeoutMs = options.timeoutMs
  }

  generate(request: ChatRequest, signal?: AbortSignal): Promise<ChatResponse> {
    return this.call(request, signal, async (client, params) =>
      toResponse([await client.models.generateContent(params)])
    )
  }

  stream(
    request: ChatRequest,
    onText: (text: string) => void,
    signal?: AbortSignal
  ): Promise<ChatResponse> {
    return this.call(request, signal, async (client, params, rearm) => {
      const chunks: GenerateContentResponse[] = []
      for await (const chunk of await client.models.generateContentStream(params)) {
        rearm()
        chunks.push(chunk)
        const text = visibleText(chunk.candidates?.[0]?.content?.parts ?? [])
        if (text) onText(text)
      }
      return toResponse(chunks)
    })
  }

  private sdk(): Promise<GoogleGenAI> {
    this.client ??= import('@google/genai').then(
      ({ GoogleGenAI }) =>
        new GoogleGenAI({
          apiKey: this.options.apiKey,
          // v1beta carries function calling, thought signatures and JSON-schema output together.
          apiVersion: 'v1beta',
          ...(this.options.baseUrl ? { httpOptions: { baseUrl: this.options.baseUrl } } : {})
        })
    )
    return this.client
  }

  private call(
    request: ChatRequest,
    signal: AbortSignal | undefined,
    run: (
      client: GoogleGenAI,
      params: GenerateContentParameters,
      rearm: () => void
    ) => Promise<ChatResponse>
  ): Promise<ChatResponse> {
    let retryAfterHeader: string | null = null
    // The SDK's ApiError keeps the body but not the headers; Retry-After is read here.
    const fetchKeepingHeaders = async (
      input: string | URL | Request,
      init?: RequestInit
    ): Promise<Response> => {
      const response = await fetch(input, init)
      if (!response.ok) retryAfterHeader = response.headers.get('retry-after')
      return response
    }
    return providerRequest(
      {
        signal,
        timeoutMs: this.timeoutMs,
        client: () => this.sdk(),
        timeoutText: geminiTimeoutText(this.model, this.timeoutMs),
        toError: (error) => toGeminiError(error, { model: this.model, retryAfterHeader })
      },
      (client, requestSignal, rearm) =>
        run(client, this.params(request, requestSignal, fetchKeepingHeaders), rearm)
    )
  }

  private params(
    request: ChatRequest,
    abortSignal: AbortSignal,
    fetchFn: typeof fetch
  ): GenerateContentParameters {
    const tools = request.tools?.length ? request.tools : undefined
    return {
      model: this.model,
      contents: request.contents as Content[],
      config: {
        systemInstruction: request.system,
        temperature: 0,
        abortSignal,
        httpOptions: { fetch: fetchFn },
        ...(tools && {
          tools: [
            {
              functionDeclarations: tools.map((t) => ({
                name: t.name,
                description: t.description,
                parametersJsonSchema: t.parameters
              }))
            }
          ],
          toolConfig: { functionCallingConfig: { mode: MODES[request.toolMode ?? 'auto'] } }
        }),
        ...(request.jsonSchema && {
          responseMimeType: 'application/json',
          responseJsonSchema: request.jsonSchema
        })
      }
    }
  }
}

/**
 * Builds the production {@link ChatModel}.
 * @remarks `GEMINI_BASE_URL` / `GEMINI_MODEL` reach here through Settings, not through env.
 */
export function createGeminiChatModel(options: GeminiOptions): ChatModel {
  return new GeminiChatModel(options)
}

function toResponse(chunks: GenerateContentResponse[]): ChatResponse {
  // Streamed parts are kept in arrival order, untouched: a signature may ride on any of them.
  const parts = chunks.flatMap((c) => c.candidates?.[0]?.content?.parts ?? [])
  const turn = { role: 'model', parts } as ChatContent
  const functionCalls: FunctionCallRequest[] = parts
    .filter((p) => p.functionCall)
    .map((p) => ({
      ...(p.functionCall!.id && { id: p.functionCall!.id }),
      name: p.functionCall!.name ?? '',
      args: (p.functionCall!.args ?? {}) as Record<string, unknown>
    }))
  const last = [...chunks].reverse().find((c) => c.usageMetadata)?.usageMetadata
  const usage: Usage = {
    inputTokens: last?.promptTokenCount ?? 0,
    outputTokens: (last?.candidatesTokenCount ?? 0) + (last?.thoughtsTokenCount ?? 0)
  }
  return { turn, text: visibleText(parts), functionCalls, usage }
}

function visibleText(parts: { text?: string; thought?: boolean }[]): string {
  return parts
    .filter((p) => typeof p.text === 'string' && !p.thought)
    .map((p) => p.text)
    .join('')
}
