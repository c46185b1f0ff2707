import { afterEach, describe, expect, it } from 'vitest'
import { AgentService } from '../../../src/main/agent/AgentService'
import type { ChatModel } from '../../../src/main/agent/ChatModel'
import { createGeminiChatModel } from '../../../src/main/agent/GeminiChatModel'
import type { EventSink } from '../../../src/main/events'
import type { ModelCapabilities, Provider } from '../../../src/shared/providers'
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/types'
import { closedPort } from '../../fakes/closedPort'
import { inlineImages, startFakeGemini, type FakeGemini } from '../../fakes/fakeGemini'
import { FakeRetriever, fakePapers } from '../../fakes/fakeRetriever'

// The agent decides by what a model says it can do; the provider's name only labels the answer.
// Each model here is the real Gemini client against the fake server, with its capabilities (and
// name) overridden, so a wrong decision shows in what the server was sent.

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])
const servers: FakeGemini[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()))
})

async function fakeServer(script: Parameters<typeof startFakeGemini>[0] = {}): Promise<FakeGemini> {
  const server = await startFakeGemini(script)
  servers.push(server)
  return server
}

/** A Gemini client at `baseUrl` that calls itself `provider` and declares `capabilities`. */
function model(
  baseUrl: string,
  provider: Provider,
  capabilities: Partial<ModelCapabilities>
): ChatModel {
  const inner = createGeminiChatModel({ apiKey: 'k', model: 'm-1', baseUrl, timeoutMs: 5000 })
  return {
    provider,
    model: inner.model,
    contextTokens: inner.contextTokens,
    capabilities: { ...inner.capabilities, ...capabilities },
    generate: (request, signal) => inner.generate(request, signal),
    stream: (request, onText, signal) => inner.stream(request, onText, signal)
  }
}

function agent(deps: {
  chatModel: ChatModel
  fallbackModel?: () => ChatModel | null
  pageImage?: (paperId: string, page: number) => Promise<Uint8Array>
}): AgentService {
  const settings: Settings = { ...DEFAULT_SETTINGS, uiLanguage: 'en', answerLanguage: 'en' }
  const events: EventSink = { emit() {} }
  return new AgentService({
    retriever: new FakeRetriever(),
    papers: () => fakePapers(),
    settings: () => settings,
    events,
    chatModel: () => deps.chatModel,
    ...(deps.fallbackModel && { fallbackModel: deps.fallbackModel }),
    ...(deps.pageImage && { pageImage: deps.pageImage })
  })
}

const declared = (server: FakeGemini): string[] =>
  (server.of('tools')[0]?.body.tools ?? []).flatMap((t) =>
    (t.functionDeclarations ?? []).map((d) => d.name)
  )

const ask = (a: AgentService, question: string) => a.ask({ question, requestId: 'r' })

describe('ChatModel capabilities decide, not provider names', () => {
  it('a model that does not see images gets no page image, even when it is called gemini', async () => {
    const server = await fakeServer({
      script: {
        tools: {
          functionCalls: [{ name: 'view_page', args: { paperId: '1706.03762', page: 3 } }]
        }
      }
    })
    const drawn: number[] = []
    const answer = await ask(
      agent({
        chatModel: model(server.baseUrl, 'gemini', { seesImages: false }),
        pageImage: async (_id, page) => {
          drawn.push(page)
          return PNG
        }
      }),
      'What does Figure 1 of the Transformer paper show?'
    )
    expect(declared(server)).not.toContain('view_page')
    expect(declared(server)).toContain('search_documents')
    expect(drawn).toEqual([])
    expect(server.requests.flatMap(inlineImages)).toEqual([])
    expect(answer.mode).toBe('generated')
  })

  it('a model that sees images is shown the page, even when it is called local', async () => {
    const server = await fakeServer({
      script: {
        tools: {
          functionCalls: [{ name: 'view_page', args: { paperId: '1706.03762', page: 3 } }]
        },
        synthesis: { text: 'Figure 1 shows the encoder and decoder [[1706.03762-page-3-image]].' }
      }
    })
    const drawn: number[] = []
    const answer = await ask(
      agent({
        chatModel: model(server.baseUrl, 'local', { seesImages: true }),
        pageImage: async (_id, page) => {
          drawn.push(page)
          return PNG
        }
      }),
      'What does Figure 1 of the Transformer paper show?'
    )
    expect(declared(server)).toContain('view_page')
    expect(drawn).toEqual([3])
    const images = inlineImages(server.of('synthesis')[0]!)
    expect(images.map((i) => Buffer.from(i.data, 'base64').equals(Buffer.from(PNG)))).toEqual([
      true
    ])
    expect(answer.citations[0]).toMatchObject({ chunkId: '1706.03762-page-3-image', page: 3 })
    expect(answer.answeredBy).toEqual({ provider: 'local', model: 'm-1', fallback: false })
  })

  it('offline, only a model that declares offlineFallback gives way to the local model', async () => {
    const offline = `http://127.0.0.1:${await closedPort()}`
    const server = await fakeServer()
    let asked = 0
    const fallbackModel = (): ChatModel => {
      asked++
      return model(server.baseUrl, 'local', { offlineFallback: false })
    }
    const question = 'How many attention heads does the Transformer use?'

    const stays = await ask(
      agent({ chatModel: model(offline, 'gemini', { offlineFallback: false }), fallbackModel }),
      question
    )
    expect(stays.mode).toBe('evidence')
    expect(stays.notice?.code).toBe('OFFLINE')
    expect(asked).toBe(0)
    expect(server.requests).toEqual([])

    const givesWay = await ask(
      agent({ chatModel: model(offline, 'local', { offlineFallback: true }), fallbackModel }),
      question
    )
    expect(asked).toBe(1)
    expect(givesWay.mode).toBe('generated')
    expect(givesWay.answeredBy).toEqual({ provider: 'local', model: 'm-1', fallback: true })
    expect(server.of('synthesis')).toHaveLength(1)
  })

  it('a model without tool calling is never sent tools: the app searches, then it answers', async () => {
    const server = await fakeServer({
      script: { synthesis: { text: 'Eight heads [[1706.03762-page-5-chunk-0]].' } }
    })
    const answer = await ask(
      agent({ chatModel: model(server.baseUrl, 'gemini', { toolCalling: false }) }),
      'How many attention heads does the Transformer use?'
    )
    expect(server.of('tools')).toEqual([])
    const synthesis = server.of('synthesis')
    expect(synthesis).toHaveLength(1)
    expect(synthesis[0]!.body.tools).toBeUndefined()
    expect(JSON.stringify(synthesis[0]!.body.contents)).toContain('1706.03762-page-5-chunk-0')
    expect(answer.mode).toBe('generated')
    expect(answer.citations[0]).toMatchObject({ chunkId: '1706.03762-page-5-chunk-0', page: 5 })
  })
})
