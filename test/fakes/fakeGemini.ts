import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the fake decides a request is: the agent's tool-calling turn, the streamed answer
 * (synthesis or its rewrite), the judge (structured JSON output), or the query rewrite (plain);
 * for comparisons, a table cell (JSON with `passageIds`) or the check of a claim cell's verdict
 * (JSON with `quoteSupportsVerdict`).
 */
export type RequestKind = 'tools' | 'synthesis' | 'judge' | 'rewrite' | 'cell' | 'check'

/** The JSON body the SDK sent (Gemini REST shape). */
export interface GeminiRequestBody {
  contents: { role?: string; parts: Record<string, unknown>[] }[]
  systemInstruction?: { parts: { text?: string }[] }
  tools?: { functionDeclarations?: { name: string; parametersJsonSchema?: unknown }[] }[]
  toolConfig?: { functionCallingConfig?: { mode?: string } }
  generationConfig?: Record<string, unknown>
  [field: string]: unknown
}

/** One request the fake received. */
export interface RecordedRequest {
  /** e.g. `/v1beta/models/gemini-3.5-flash:streamGenerateContent?alt=sse`. */
  path: string
  model: string
  stream: boolean
  apiKey: string | null
  kind: RequestKind
  body: GeminiRequestBody
}

/** Token counts the fake reports in `usageMetadata`. */
export interface FakeUsage {
  input: number
  output: number
}

/**
 * One scripted reply. `delayMs` waits before answering (timeouts); `usage` overrides the
 * computed token counts.
 * - `{ text }`: a text answer; an array is sent as separate stream chunks.
 * - `{ functionCalls }`: a model turn calling tools; the first call's part carries a
 *   `thoughtSignature` (Gemini 3 behaviour) unless `thoughtSignature: null`.
 * - `{ json }`: structured output (serialised as the text part).
 * - `{ error }`: an HTTP error with Google's error JSON body and an optional `Retry-After`.
 * - `{ raw }`: a GenerateContentResponse object sent as is.
 * - `{ hang: true }`: never answers (until the client gives up or the fake closes).
 */
export type FakeReply = { delayMs?: number; usage?: FakeUsage } & (
  | { text: string | string[] }
  | {
      functionCalls: { name: string; args?: unknown; id?: string }[]
      thoughtSignature?: string | null
      text?: string
    }
  | { json: unknown }
  | {
      error: {
        status: number
        message?: string
        status_text?: string
        retryAfter?: string
        details?: unknown[]
      }
    }
  | { raw: Record<string, unknown> }
  | { hang: true }
)

/** Decides the reply for one request. */
export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>

/** A reply per request kind: one reply (every time), a queue (then the default), or a handler. */
export type FakeScript = Partial<Record<RequestKind, FakeReply | FakeReply[] | FakeHandler>>

/** Options of {@link startFakeGemini}. */
export interface FakeGeminiOptions {
  script?: FakeScript
  /** Takes precedence over `script` for every request. */
  handler?: FakeHandler
  /**
   * Answer 400 (as Gemini 3 does) when a request's history holds a model turn whose first
   * function call lost its `thoughtSignature`. Default true.
   */
  requireThoughtSignatures?: boolean
}

/** A running fake; see {@link startFakeGemini}. */
export interface FakeGemini {
  /** Pass as `httpOptions.baseUrl` / `GEMINI_BASE_URL` / settings `geminiBaseUrl`. */
  baseUrl: string
  /** Every request received, in order. */
  requests: RecordedRequest[]
  /** Every `thoughtSignature` the fake handed out, in order. */
  signatures: string[]
  /** Replaces the script (e.g. between steps of a browser test). */
  setScript(script: FakeScript): void
  /** Requests of one kind. */
  of(kind: RequestKind): RecordedRequest[]
  close(): Promise<void>
}

/**
 * Starts a scripted fake of the Gemini REST API on 127.0.0.1 (random port) for the real
 * `@google/genai` SDK: `POST /{version}/models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse` (SSE chunks, last one with `finishReason: STOP` and
 * `usageMetadata`), function calls with thought signatures, structured output, and errors
 * with Google's error JSON body.
 *
 * Without a script it plays a cooperative Gemini: `tools` requests call `search_documents`
 * with the question; `rewrite` echoes its input; `synthesis` answers citing the first passage id
 * it finds in the history as `[[id]]`; `judge` passes. Script any kind to change that:
 *
 * ```ts
 * const gemini = await startFakeGemini({ script: { judge: [{ json: { onTopic: false, coversAllParts: false, saysPapersDoNotSay: false, problem: 'off topic' } }] } })
 * const model = createGeminiChatModel({ apiKey: 'test', model: 'gemini-3.5-flash', baseUrl: gemini.baseUrl, timeoutMs: 5000 })
 * // ... gemini.requests, gemini.of('judge'), gemini.signatures
 * await gemini.close()
 * ```
 */
export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  let script: FakeScript = options.script ?? {}
  const queues = new Map<RequestKind, FakeReply[]>()
  const requests: RecordedRequest[] = []
  const signatures: string[] = []
  const requireSignatures = options.requireThoughtSignatures ?? true
  const setScript = (next: FakeScript): void => {
    script = next
    queues.clear()
    for (const [kind, entry] of Object.entries(next)) {
      if (Array.isArray(entry)) queues.set(kind as RequestKind, [...entry])
    }
  }
  setScript(script)

  const replyFor = async (request: RecordedRequest): Promise<FakeReply> => {
    if (options.handler) return options.handler(request)
    const entry = script[request.kind]
    if (Array.isArray(entry)) {
      const next = queues.get(request.kind)?.shift()
      if (next) return next
    } else if (typeof entry === 'function') {
      return entry(request)
    } else if (entry) {
      return entry
    }
    return defaultReply(request)
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8'))
    })
  })

  const handle = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    raw: string
  ): Promise<void> => {
    const match = /^\/[^/]+\/models\/([^/:]+):(generateContent|streamGenerateContent)/.exec(
      req.url ?? ''
    )
    if (req.method !== 'POST' || !match) {
      return sendError(res, { status: 404, message: `No route for ${req.method} ${req.url}` })
    }
    const body = JSON.parse(raw) as GeminiRequestBody
    const stream = match[2] === 'streamGenerateContent'
    const request: RecordedRequest = {
      path: req.url ?? '',
      model: match[1]!,
      stream,
      apiKey: (req.headers['x-goog-api-key'] as string | undefined) ?? null,
      kind: classify(body, stream),
      body
    }
    requests.push(request)
    if (requireSignatures) {
      const missing = missingSignature(body)
      if (missing) return sendError(res, { status: 400, message: missing })
    }
    const reply = await replyFor(request)
    if (reply.delayMs) {
      const waited = await wait(reply.delayMs, res)
      if (!waited) return
    }
    if ('hang' in reply) return
    if ('error' in reply) return sendError(res, reply.error)
    const responses = toResponses(reply, request, signatures)
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(responses.at(-1)!.merged))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const r of responses) res.write(`data: ${JSON.stringify(r.chunk)}\r\n\r\n`)
    res.end()
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    signatures,
    setScript,
    of: (kind) => requests.filter((r) => r.kind === kind),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/** A text part that is a tagged data block (`<library>...</library>`), not something asked. */
const DATA_BLOCK = /^<([a-z_]+)>[\s\S]*<\/\1>$/

/** The text of the last user turn (the question, or the query to rewrite), data blocks aside. */
export function lastUserText(request: RecordedRequest): string {
  const turns = request.body.contents.filter((c) => c.role === 'user')
  for (const turn of turns.reverse()) {
    const text = turn.parts
      .map((p) => p.text)
      .filter((t): t is string => typeof t === 'string' && !DATA_BLOCK.test(t.trim()))
    if (text.length) return text.join('')
  }
  return ''
}

/** The `functionResponse` parts in a request's history, in order. */
export function functionResponses(
  request: RecordedRequest
): { name: string; id?: string; response: Record<string, unknown> }[] {
  return request.body.contents.flatMap((c) =>
    c.parts
      .map((p) => p.functionResponse as { name: string; response: Record<string, unknown> })
      .filter(Boolean)
  )
}

/** Tokens the fake counts per inline image (Gemini's figure for an image up to 384 px). */
export const IMAGE_TOKENS = 258

/**
 * Every inline-data part in a request: top-level parts and those inside function responses
 * (how a function returns an image).
 */
export function inlineImages(request: RecordedRequest): { mimeType: string; data: string }[] {
  type Inline = { inlineData?: { mimeType: string; data: string } }
  return request.body.contents.flatMap((c) =>
    c.parts.flatMap((p) => {
      const nested = (p.functionResponse as { parts?: Inline[] } | undefined)?.parts ?? []
      return [p as Inline, ...nested].flatMap((x) => (x.inlineData ? [x.inlineData] : []))
    })
  )
}

/** The passage ids in a request's tool results (from `search_documents` / `extract_section`). */
export function passageIds(request: RecordedRequest): string[] {
  return functionResponses(request).flatMap((r) => {
    const result = r.response['result'] as { passages?: { id: string }[]; id?: string } | undefined
    if (!result) return []
    return result.passages ? result.passages.map((p) => p.id) : result.id ? [result.id] : []
  })
}

/** The passage ids listed in a comparison cell's request (`id: <chunk id> (page n, ...)`). */
export function cellPassageIds(request: RecordedRequest): string[] {
  return [...lastUserText(request).matchAll(/^id: (\S+) \(page/gm)].map((m) => m[1]!)
}

/** True for a claim cell (its schema asks for a verdict), false for a question cell. */
export function isClaimCell(request: RecordedRequest): boolean {
  const schema = request.body.generationConfig?.['responseJsonSchema'] as
    { properties?: Record<string, unknown> } | undefined
  return Boolean(schema?.properties?.['verdict'])
}

function classify(body: GeminiRequestBody, stream: boolean): RequestKind {
  if (stream) return 'synthesis'
  const config = body.generationConfig ?? {}
  if (config['responseJsonSchema'] || config['responseSchema'] || config['responseMimeType']) {
    const schema = (config['responseJsonSchema'] ?? config['responseSchema']) as
      { properties?: Record<string, unknown> } | undefined
    if (schema?.properties?.['passageIds']) return 'cell'
    if (schema?.properties?.['quoteSupportsVerdict']) return 'check'
    return 'judge'
  }
  const mode = body.toolConfig?.functionCallingConfig?.mode
  if (body.tools?.length && mode !== 'NONE') return 'tools'
  return 'rewrite'
}

function defaultReply(request: RecordedRequest): FakeReply {
  switch (request.kind) {
    case 'tools':
      return {
        functionCalls: [{ name: 'search_documents', args: { query: lastUserText(request) } }]
      }
    case 'rewrite':
      return { text: lastUserText(request) }
    case 'judge':
      return {
        json: { onTopic: true, coversAllParts: true, saysPapersDoNotSay: false, problem: '' }
      }
    case 'cell': {
      const id = cellPassageIds(request)[0]
      const claim = isClaimCell(request)
      if (!id) {
        return claim
          ? { json: { verdict: 'does_not_address', answer: 'Not addressed.', passageIds: [] } }
          : { json: { status: 'not_stated', answer: 'The paper does not say.', passageIds: [] } }
      }
      return claim
        ? { json: { verdict: 'supports', answer: `It supports the claim.`, passageIds: [id] } }
        : { json: { status: 'answered', answer: `As stated in ${id}.`, passageIds: [id] } }
    }
    case 'check':
      return { json: { quoteSupportsVerdict: true, problem: '' } }
    case 'synthesis': {
      const id = passageIds(request)[0]
      return {
        text: id ? ['The papers answer this ', `directly [[${id}]].`] : 'The papers do not say.'
      }
    }
  }
}

interface Built {
  chunk: Record<string, unknown>
  merged: Record<string, unknown>
}

function toResponses(reply: FakeReply, request: RecordedRequest, signatures: string[]): Built[] {
  if ('raw' in reply) return [{ chunk: reply.raw, merged: reply.raw }]
  let pieces: Record<string, unknown>[][]
  if ('functionCalls' in reply) {
    const parts: Record<string, unknown>[] = reply.text ? [{ text: reply.text }] : []
    reply.functionCalls.forEach((call, i) => {
      const part: Record<string, unknown> = {
        functionCall: { name: call.name, args: call.args ?? {}, ...(call.id && { id: call.id }) }
      }
      if (i === 0 && reply.thoughtSignature !== null) {
        const signature =
          reply.thoughtSignature ??
          Buffer.from(`fake-thought-signature-${signatures.length + 1}`).toString('base64')
        signatures.push(signature)
        part['thoughtSignature'] = signature
      }
      parts.push(part)
    })
    pieces = [parts]
  } else if ('json' in reply) {
    pieces = [[{ text: JSON.stringify(reply.json) }]]
  } else if ('text' in reply) {
    const texts = Array.isArray(reply.text) ? reply.text : [reply.text]
    pieces = texts.map((text) => [{ text }])
  } else {
    throw new Error('unreachable reply shape')
  }
  const outputText = JSON.stringify(pieces)
  const images = inlineImages(request)
  const usage = reply.usage ?? {
    // Text at ~4 characters a token; each image at Gemini's 258 tokens, not its base64 size.
    input:
      Math.ceil(
        JSON.stringify(request.body, (k, v) => (k === 'inlineData' ? null : v)).length / 4
      ) +
      images.length * IMAGE_TOKENS,
    output: Math.ceil(outputText.length / 4)
  }
  const usageMetadata = {
    promptTokenCount: usage.input,
    candidatesTokenCount: usage.output,
    totalTokenCount: usage.input + usage.output
  }
  const all = pieces.flat()
  return pieces.map((parts, i) => {
    const last = i === pieces.length - 1
    const candidate = (p: Record<string, unknown>[]): Record<string, unknown> => ({
      content: { role: 'model', parts: p },
      index: 0,
      ...(last && { finishReason: 'STOP' })
    })
    return {
      chunk: {
        candidates: [candidate(parts)],
        ...(last && { usageMetadata }),
        modelVersion: request.model
      },
      merged: { candidates: [candidate(all)], usageMetadata, modelVersion: request.model }
    }
  })
}

function missingSignature(body: GeminiRequestBody): string | null {
  for (const turn of body.contents) {
    if (turn.role !== 'model') continue
    const first = turn.parts.find((p) => p.functionCall)
    if (first && !first['thoughtSignature']) {
      return 'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance.'
    }
  }
  return null
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE'
}

function sendError(
  res: http.ServerResponse,
  e: {
    status: number
    message?: string
    status_text?: string
    retryAfter?: string
    details?: unknown[]
  }
): void {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' }
  if (e.retryAfter !== undefined) headers['retry-after'] = e.retryAfter
  res.writeHead(e.status, headers)
  res.end(
    JSON.stringify({
      error: {
        code: e.status,
        message: e.message ?? 'Scripted error',
        status: e.status_text ?? STATUS_NAMES[e.status] ?? 'UNKNOWN',
        ...(e.details && { details: e.details })
      }
    })
  )
}

/** Waits, unless the client goes away first; false when it did. */
function wait(ms: number, res: http.ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      res.off('close', onClose)
      resolve(true)
    }, ms)
    const onClose = (): void => {
      clearTimeout(timer)
      resolve(false)
    }
    res.once('close', onClose)
  })
}
