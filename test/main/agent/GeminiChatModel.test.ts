import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChatRequest } from '../../../src/main/agent/ChatModel'
import { GeminiChatModel } from '../../../src/main/agent/GeminiChatModel'
import { UserFacingError } from '../../../src/main/errors'
import { startFakeGemini, type FakeGemini, type FakeReply } from '../../fakes/fakeGemini'

let gemini: FakeGemini | undefined
afterEach(async () => {
  await gemini?.close()
  gemini = undefined
})

const ask: ChatRequest = {
  label: 'test',
  system: 'Be brief.',
  contents: [{ role: 'user', parts: [{ text: 'Hello' }] }]
}

async function modelFor(reply: FakeReply, timeoutMs = 5000): Promise<GeminiChatModel> {
  gemini = await startFakeGemini({ handler: () => reply })
  return new GeminiChatModel({
    apiKey: 'k',
    model: 'gemini-3.5-flash',
    baseUrl: gemini.baseUrl,
    timeoutMs
  })
}

async function failure(p: Promise<unknown>): Promise<UserFacingError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(UserFacingError)
  return error as UserFacingError
}

describe('GeminiChatModel', () => {
  it('streams visible text piece by piece and reports usage including thinking tokens', async () => {
    const model = await modelFor({
      raw: {
        candidates: [
          {
            content: {
              role: 'model',
              parts: [{ text: 'thinking...', thought: true }, { text: 'Hi there' }]
            },
            finishReason: 'STOP'
          }
        ],
        usageMetadata: { promptTokenCount: 11, candidatesTokenCount: 3, thoughtsTokenCount: 5 }
      }
    })
    const seen: string[] = []
    const response = await model.stream(ask, (t) => seen.push(t))
    expect(seen).toEqual(['Hi there'])
    expect(response.text).toBe('Hi there')
    expect(response.usage).toEqual({ inputTokens: 11, outputTokens: 8 })
    expect(gemini!.requests[0]!.path).toBe(
      '/v1beta/models/gemini-3.5-flash:streamGenerateContent?alt=sse'
    )
  })

  it('asks for JSON with the schema when structured output is requested', async () => {
    const model = await modelFor({ json: { ok: true } })
    const response = await model.generate({ ...ask, jsonSchema: { type: 'object' } })
    expect(JSON.parse(response.text)).toEqual({ ok: true })
    expect(gemini!.requests[0]!.body.generationConfig).toEqual({
      temperature: 0,
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object' }
    })
  })

  it('is rejected, as Gemini 3 rejects it, when a function call turn is rebuilt without its signature', async () => {
    const model = await modelFor({ text: 'ok' })
    const rebuilt: ChatRequest = {
      ...ask,
      contents: [
        ...ask.contents,
        { role: 'model', parts: [{ functionCall: { name: 'list_papers', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'list_papers', response: {} } }] }
      ]
    }
    const error = await model.generate(rebuilt).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(UserFacingError)
    expect((error as Error).message).toMatch(/HTTP 400.*thought_signature/)
  })

  it('maps 429 with a Retry-After header to RATE_LIMITED with the seconds', async () => {
    const model = await modelFor({ error: { status: 429, retryAfter: '42' } })
    const e = await failure(model.generate(ask))
    expect(e.code).toBe('RATE_LIMITED')
    expect(e.retryAfterSeconds).toBe(42)
  })

  it("reads the retry delay from Google's RetryInfo when there is no header", async () => {
    const model = await modelFor({
      error: {
        status: 429,
        details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12.5s' }]
      }
    })
    const e = await failure(model.stream(ask, () => {}))
    expect(e.code).toBe('RATE_LIMITED')
    expect(e.retryAfterSeconds).toBe(13)
  })

  it.each([500, 503])('maps HTTP %i to UPSTREAM_UNAVAILABLE', async (status) => {
    const model = await modelFor({ error: { status, message: 'The model is overloaded.' } })
    expect((await failure(model.generate(ask))).code).toBe('UPSTREAM_UNAVAILABLE')
  })

  it.each([401, 403])('maps HTTP %i to NO_API_KEY with what to do', async (status) => {
    const model = await modelFor({ error: { status } })
    const e = await failure(model.generate(ask))
    expect(e.code).toBe('NO_API_KEY')
    expect(e.message).toMatch(/Settings/)
  })

  it('maps an unknown model to a message naming it', async () => {
    const model = await modelFor({ error: { status: 404, message: 'models/x is not found' } })
    const e = await failure(model.generate(ask))
    expect(e.code).toBe('INVALID_INPUT')
    expect(e.message).toMatch(/gemini-3\.5-flash/)
  })

  it('maps a refused connection to OFFLINE', async () => {
    const server = createServer()
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    await new Promise<void>((r) => server.close(() => r()))
    const model = new GeminiChatModel({
      apiKey: 'k',
      model: 'm',
      baseUrl: `http://127.0.0.1:${port}`,
      timeoutMs: 2000
    })
    expect((await failure(model.generate(ask))).code).toBe('OFFLINE')
  })

  it('gives up after the timeout with TIMEOUT', async () => {
    const model = await modelFor({ delayMs: 3000, text: 'late' }, 200)
    const started = Date.now()
    const e = await failure(model.stream(ask, () => {}))
    expect(e.code).toBe('TIMEOUT')
    expect(Date.now() - started).toBeLessThan(1500)
  })

  it('stops at once on cancel, reported as CANCELLED rather than TIMEOUT', async () => {
    const model = await modelFor({ hang: true })
    const controller = new AbortController()
    const pending = model.generate(ask, controller.signal)
    // Cancelled once the request is at the server (which never answers it).
    await expect.poll(() => gemini!.requests.length, { timeout: 10_000 }).toBe(1)
    controller.abort()
    expect((await failure(pending)).code).toBe('CANCELLED')
  })
})
