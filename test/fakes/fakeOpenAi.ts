import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * What the fake decides a request is: the agent's tool turn, the judge (structured output), the
 * query rewrite, or an answer (synthesis, its rewrite, the Settings test).
 */
export type LocalRequestKind = 'tools' | 'judge' | 'rewrite' | 'synthesis'

/** The chat-completions request body (OpenAI shape) the real `openai` client sent. */
export interface ChatBody {
  model: string
  messages: {
    role: string
    content?: string | null
    tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[]
    tool_call_id?: string
  }[]
  stream?: boolean
  stream_options?: { include_usage?: boolean }
  tools?: { type: string; function: { name: string; parameters?: unknown } }[]
  tool_choice?: unknown
  response_format?: { type: string; json_schema?: { name: string; schema: unknown } }
  temperature?: number
  [field: string]: unknown
}

/** One request the fake received. */
export interface LocalRecordedRequest {
  method: string
  path: string
  kind: LocalRequestKind | 'models'
  model: string
  body: ChatBody
}

/**
 * How one installed model behaves, after the servers this fake follows:
 * - `tools`: `native` calls tools (llama.cpp/LM Studio/Ollama with a tool template);
 *   `unsupported` answers 400 "<model> does not support tools" (Ollama, model without a tool
 *   template); `ignored` takes the tools and answers in prose (small models); `broken` sends a
 *   call whose arguments are cut-off JSON.
 * - `structuredOutput`: `json_schema` honours `response_format`; `rejected` answers 400 to it;
 *   `absent` ignores it and wraps its JSON in a Markdown fence; `garbage` writes prose.
 * - `contextTokens`: llama.cpp's check — a prompt over it gets 400 `exceed_context_size_error`
 *   with `n_prompt_tokens` and `n_ctx`.
 */
export interface FakeModelBehaviour {
  tools?: 'native' | 'unsupported' | 'ignored' | 'broken'
  structuredOutput?: 'json_schema' | 'rejected' | 'absent' | 'garbage'
  contextTokens?: number
  /** Wait between streamed chunks (a slow model). */
  chunkDelayMs?: number
}

/** One scripted reply; without one the model's behaviour decides. */
export type LocalReply = { chunkDelayMs?: number } & (
  | { text: string | string[] }
  | { toolCalls: { name: string; arguments: string | Record<string, unknown>; id?: string }[] }
  | { json: unknown }
  | { error: { status: number; message: string; type?: string; [field: string]: unknown } }
  | { hang: true }
)

/** Decides the reply for one request. */
export type LocalHandler = (request: LocalRecordedRequest) => LocalReply | undefined

/** A reply per kind: one reply (every time), a queue (then the default), or a handler. */
export type LocalScript = Partial<
  Record<LocalRequestKind, LocalReply | LocalReply[] | LocalHandler>
>

/** Options of {@link startFakeOpenAi}. */
export interface FakeOpenAiOptions {
  /** The installed models and how each behaves; default one cooperative `qwen2.5:3b`. */
  models?: Record<string, FakeModelBehaviour>
  script?: LocalScript
}

/** A running fake; see {@link startFakeOpenAi}. */
export interface FakeOpenAi {
  /** e.g. `http://127.0.0.1:40123/v1`: pass as the local base URL. */
  baseUrl: string
  requests: LocalRecordedRequest[]
  of(kind: LocalRecordedRequest['kind']): LocalRecordedRequest[]
  setScript(script: LocalScript): void
  /** Requests whose stream the client closed before the end (a cancel). */
  abandoned: number
  close(): Promise<void>
}

/**
 * Starts a scripted OpenAI-compatible server on 127.0.0.1 for the real `openai` client:
 * `GET /v1/models` and `POST /v1/chat/completions`, streamed as SSE `chat.completion.chunk`s
 * ending in `data: [DONE]`, tool calls streamed piecewise by index (llama.cpp's way), a last
 * chunk with `usage` when `stream_options.include_usage`, and errors with the
 * `{"error":{"message","type","param","code"}}` body Ollama's `/v1` sends — Ollama's 404
 * `model "x" not found, try pulling it first` for a model that is not installed.
 *
 * Without a script it plays a cooperative model: `tools` calls `search_documents` with the
 * question; `rewrite` echoes; `judge` passes; `synthesis` cites the first passage id it finds
 * (in a tool result or the `<passages>` block of retrieve-then-answer) as `[[id]]`.
 */
export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const models = options.models ?? { 'qwen2.5:3b': {} }
  let script: LocalScript = {}
  const queues = new Map<LocalRequestKind, LocalReply[]>()
  const requests: LocalRecordedRequest[] = []
  const state = { abandoned: 0 }
  const setScript = (next: LocalScript): void => {
    script = next
    queues.clear()
    for (const [kind, entry] of Object.entries(next)) {
      if (Array.isArray(entry)) queues.set(kind as LocalRequestKind, [...entry])
    }
  }
  setScript(options.script ?? {})

  const scripted = (request: LocalRecordedRequest): LocalReply | undefined => {
    const kind = request.kind as LocalRequestKind
    const entry = script[kind]
    if (Array.isArray(entry)) return queues.get(kind)?.shift()
    if (typeof entry === 'function') return entry(request)
    return entry
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((e: unknown) => {
        if (!res.headersSent) sendError(res, { status: 500, message: String(e) })
      })
    })
  })

  const handle = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    raw: string
  ): Promise<void> => {
    const path = (req.url ?? '').split('?')[0]!
    if (req.method === 'GET' && path === '/v1/models') {
      requests.push({ method: 'GET', path, kind: 'models', model: '', body: {} as ChatBody })
      return sendJson(res, 200, {
        object: 'list',
        data: Object.keys(models).map((id) => ({
          id,
          object: 'model',
          created: 1_733_000_000,
          owned_by: 'library'
        }))
      })
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'text/plain' })
      return void res.end('404 page not found')
    }
    const body = JSON.parse(raw) as ChatBody
    const request: LocalRecordedRequest = {
      method: 'POST',
      path,
      kind: classify(body),
      model: body.model,
      body
    }
    requests.push(request)
    const behaviour = models[body.model]
    if (!behaviour) {
      return sendError(res, {
        status: 404,
        message: `model "${body.model}" not found, try pulling it first`
      })
    }
    const prompt = JSON.stringify(body.messages).length / 4
    if (behaviour.contextTokens && prompt > behaviour.contextTokens) {
      return sendError(res, {
        status: 400,
        type: 'exceed_context_size_error',
        message: `request (${Math.ceil(prompt)} tokens) exceeds the available context size (${behaviour.contextTokens} tokens), try increasing it`,
        n_prompt_tokens: Math.ceil(prompt),
        n_ctx: behaviour.contextTokens
      })
    }
    if (body.tools?.length && behaviour.tools === 'unsupported') {
      return sendError(res, {
        status: 400,
        message: `registry.ollama.ai/library/${body.model} does not support tools`
      })
    }
    if (body.response_format && behaviour.structuredOutput === 'rejected') {
      return sendError(res, {
        status: 400,
        message: `response_format type ${body.response_format.type} is not supported by this model`
      })
    }
    const reply = scripted(request) ?? behaviourReply(request, behaviour)
    if ('hang' in reply) return
    if ('error' in reply) return sendError(res, reply.error)
    const delay = reply.chunkDelayMs ?? behaviour.chunkDelayMs ?? 0
    const deltas = toDeltas(reply, request)
    const usage = {
      prompt_tokens: Math.ceil(prompt),
      completion_tokens: Math.ceil(JSON.stringify(deltas).length / 4),
      total_tokens: 0
    }
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens
    const finish = 'toolCalls' in reply ? 'tool_calls' : 'stop'
    if (!body.stream) return sendJson(res, 200, completion(body.model, deltas, finish, usage))
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    let closed = false
    res.on('close', () => {
      if (!res.writableEnded) {
        closed = true
        state.abandoned++
      }
    })
    const write = (data: unknown): void => {
      if (!closed) res.write(`data: ${JSON.stringify(data)}\n\n`)
    }
    const id = `chatcmpl-${requests.length}`
    write(chunk(id, body.model, { role: 'assistant', content: '' }, null))
    for (const delta of deltas) {
      if (delay) await sleep(delay)
      if (closed) return
      write(chunk(id, body.model, delta, null))
    }
    write(chunk(id, body.model, {}, finish))
    if (body.stream_options?.include_usage) {
      write({ ...chunk(id, body.model, {}, null), choices: [], usage })
    }
    if (!closed) res.end('data: [DONE]\n\n')
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    of: (kind) => requests.filter((r) => r.kind === kind),
    setScript,
    get abandoned() {
      return state.abandoned
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

/**
 * What the last user message asks: the follow-up of a rewrite request, else the message
 * without the data blocks the app appends (`<library>`, `<passages>`).
 */
export function lastUserContent(request: LocalRecordedRequest): string {
  const users = request.body.messages.filter((m) => m.role === 'user')
  const raw = users.at(-1)?.content ?? ''
  const followUp = /Follow-up to rewrite:\n([\s\S]*)$/.exec(raw)
  if (followUp) return followUp[1]!
  let text = raw
  for (let prev = ''; prev !== text;) {
    prev = text
    text = text.replace(/\n\n<([a-z_]+)>\n[\s\S]*\n<\/\1>$/, '')
  }
  return text
}

/** Passage ids the request shows the model: in tool results and in a `<passages>` block. */
export function shownPassageIds(request: LocalRecordedRequest): string[] {
  const ids: string[] = []
  for (const m of request.body.messages) {
    if (m.role === 'tool' && m.content) {
      const parsed = JSON.parse(m.content) as {
        result?: { passages?: { id: string }[]; id?: string }
      }
      const r = parsed.result
      if (r?.passages) ids.push(...r.passages.map((p) => p.id))
      else if (r?.id) ids.push(r.id)
    }
    if (m.role === 'user' && m.content) {
      const block = /<passages>\n([\s\S]*?)\n<\/passages>/.exec(m.content)?.[1] ?? ''
      for (const line of block.split('\n')) {
        if (line.startsWith('{')) ids.push((JSON.parse(line) as { id: string }).id)
      }
    }
  }
  return ids
}

function classify(body: ChatBody): LocalRequestKind {
  const system = body.messages.find((m) => m.role === 'system')?.content ?? ''
  if (body.tools?.length) return 'tools'
  if (body.response_format || system.includes('JSON Schema')) return 'judge'
  if (system.startsWith('Rewrite the text')) return 'rewrite'
  return 'synthesis'
}

const PASS = { onTopic: true, coversAllParts: true, saysPapersDoNotSay: false, problem: '' }

function behaviourReply(request: LocalRecordedRequest, b: FakeModelBehaviour): LocalReply {
  const question = lastUserContent(request)
  switch (request.kind) {
    case 'tools':
      if (b.tools === 'ignored') {
        return { text: 'I think the papers say the Transformer uses attention. [no sources]' }
      }
      if (b.tools === 'broken') {
        return { toolCalls: [{ name: 'search_documents', arguments: '{"query": "attention' }] }
      }
      return { toolCalls: [{ name: 'search_documents', arguments: { query: question } }] }
    case 'rewrite':
      return { text: question }
    case 'judge':
      if (b.structuredOutput === 'garbage') return { text: 'The answer looks fine to me!' }
      if (b.structuredOutput === 'absent' || b.structuredOutput === 'rejected') {
        return { text: ['```json\n', JSON.stringify(PASS), '\n```'] }
      }
      return { json: PASS }
    default: {
      const id = shownPassageIds(request)[0]
      return {
        text: id ? ['The papers answer this ', `directly [[${id}]].`] : 'The papers do not say.'
      }
    }
  }
}

type Delta = Record<string, unknown>

function toDeltas(reply: LocalReply, request: LocalRecordedRequest): Delta[] {
  if ('text' in reply) {
    return (Array.isArray(reply.text) ? reply.text : [reply.text]).map((content) => ({ content }))
  }
  if ('json' in reply) return [{ content: JSON.stringify(reply.json) }]
  if ('toolCalls' in reply) {
    return reply.toolCalls.flatMap((call, index) => {
      const args =
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)
      const half = Math.floor(args.length / 2)
      const id = call.id ?? `call_${request.body.model.replace(/\W/g, '')}_${index}`
      return [
        {
          tool_calls: [
            { index, id, type: 'function', function: { name: call.name, arguments: '' } }
          ]
        },
        { tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] },
        { tool_calls: [{ index, function: { arguments: args.slice(half) } }] }
      ]
    })
  }
  return []
}

function chunk(id: string, model: string, delta: Delta, finish: string | null) {
  return {
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, finish_reason: finish }]
  }
}

function completion(model: string, deltas: Delta[], finish: string, usage: unknown) {
  const content = deltas.map((d) => d['content'] ?? '').join('')
  return {
    id: 'chatcmpl-0',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
    usage
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

function sendError(
  res: http.ServerResponse,
  e: { status: number; message: string; type?: string; [field: string]: unknown }
): void {
  const { status, type, ...rest } = e
  sendJson(res, status, { error: { ...rest, type: type ?? 'api_error', param: null, code: null } })
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
