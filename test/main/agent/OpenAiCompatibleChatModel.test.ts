import { afterEach, describe, expect, it } from 'vitest'
import { LocalModels } from '../../../src/main/agent/LocalModels'
import { createOpenAiCompatibleChatModel } from '../../../src/main/agent/OpenAiCompatibleChatModel'
import { ThinkFilter } from '../../../src/main/agent/thinkFilter'
import { UserFacingError } from '../../../src/main/errors'
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/types'
import { startFakeOpenAi, type FakeOpenAi, type LocalScript } from '../../fakes/fakeOpenAi'

let server: FakeOpenAi | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function modelOn(script: LocalScript = {}, baseUrl?: (url: string) => string) {
  server = await startFakeOpenAi({ models: { 'qwen2.5:3b': {}, 'llama3.2:1b': {} }, script })
  return createOpenAiCompatibleChatModel({
    baseUrl: baseUrl ? baseUrl(server.baseUrl) : server.baseUrl,
    model: 'qwen2.5:3b',
    timeoutMs: 2000,
    contextTokens: 4096
  })
}

const ask = {
  label: 'synthesis',
  system: 'Answer.',
  contents: [{ role: 'user' as const, parts: [{ text: 'Hi' }] }]
}

describe('OpenAiCompatibleChatModel', () => {
  it("lists the server's models", async () => {
    const model = await modelOn()
    expect(await model.listModels()).toEqual(['qwen2.5:3b', 'llama3.2:1b'])
  })

  it('hides <think> reasoning from the streamed text and the answer', async () => {
    const model = await modelOn({
      synthesis: {
        text: ['<thi', 'nk>Let me reason', ' about it.</think>', '\n\nThe answer', ' is 8.']
      }
    })
    const pieces: string[] = []
    const response = await model.stream(ask, (t) => pieces.push(t))
    expect(response.text).toBe('The answer is 8.')
    expect(pieces.join('')).not.toContain('reason')
    expect(pieces.join('').trim()).toBe('The answer is 8.')
  })

  it('keeps the raw arguments so the turn replays verbatim, and marks unreadable ones', async () => {
    const model = await modelOn({
      tools: {
        toolCalls: [
          { name: 'search_documents', arguments: '{"query":  "heads"}', id: 'call_a' },
          { name: 'search_documents', arguments: '[1,2]', id: 'call_b' }
        ]
      }
    })
    const response = await model.generate({
      ...ask,
      label: 'tools-1',
      tools: [{ name: 'search_documents', description: 'Search.', parameters: { type: 'object' } }],
      toolMode: 'any'
    })
    expect(response.functionCalls).toEqual([
      { id: 'call_a', name: 'search_documents', args: { query: 'heads' } },
      { id: 'call_b', name: 'search_documents', args: {}, invalidArguments: 'not a JSON object' }
    ])
    expect(response.turn.parts[0]).toMatchObject({ openaiArguments: '{"query":  "heads"}' })
  })

  it.each([
    [401, 'LOCAL_MODEL_UNREACHABLE', /asks for an API key/],
    [500, 'UPSTREAM_UNAVAILABLE', /could not run "qwen2\.5:3b" \(HTTP 500: out of memory\)/]
  ])('maps HTTP %i to %s', async (status, code, message) => {
    const model = await modelOn({ synthesis: { error: { status, message: 'out of memory' } } })
    const error = (await model.generate(ask).catch((e: unknown) => e)) as UserFacingError
    expect(error).toBeInstanceOf(UserFacingError)
    expect(error.code).toBe(code)
    expect(error.message).toMatch(message)
  })

  it('an address without the API path: LOCAL_MODEL_UNREACHABLE saying it ends in /v1', async () => {
    const model = await modelOn({}, (url) => url.replace(/\/v1$/, ''))
    const error = (await model.generate(ask).catch((e: unknown) => e)) as UserFacingError
    expect(error.code).toBe('LOCAL_MODEL_UNREACHABLE')
    expect(error.message).toMatch(/usually ends in \/v1/)
  })

  it('the Settings test: one short request, its reply and time; a missing model named', async () => {
    server = await startFakeOpenAi({
      models: { 'qwen2.5:3b': {} },
      script: { synthesis: { text: 'ready' } }
    })
    const settings: Settings = {
      ...DEFAULT_SETTINGS,
      provider: 'local',
      localBaseUrl: server.baseUrl,
      localModel: 'qwen2.5:3b'
    }
    const models = new LocalModels({ settings: () => settings })
    expect(await models.list()).toEqual({ baseUrl: server.baseUrl, models: ['qwen2.5:3b'] })
    const result = await models.test()
    expect(result).toMatchObject({ model: 'qwen2.5:3b', reply: 'ready' })
    expect(result.ms).toBeGreaterThanOrEqual(0)
    settings.localModel = 'mistral'
    await expect(models.test()).rejects.toThrow(/"mistral" is not installed.*ollama pull mistral/)
  })
})

describe('ThinkFilter', () => {
  it('releases text only when it cannot be the start of a tag', () => {
    const f = new ThinkFilter()
    expect(f.push('Hello <')).toBe('Hello ')
    expect(f.push('b>')).toBe('<b>')
    expect(f.push('<think>x')).toBe('')
    expect(f.push('</think> world')).toBe(' world')
    expect(f.text()).toBe('Hello <b> world')
  })
})
