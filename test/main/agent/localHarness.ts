import { AgentService } from '../../../src/main/agent/AgentService'
import { createGeminiChatModel } from '../../../src/main/agent/GeminiChatModel'
import { createOpenAiCompatibleChatModel } from '../../../src/main/agent/OpenAiCompatibleChatModel'
import type { EventSink } from '../../../src/main/events'
import { DEFAULT_SETTINGS, type AnswerEvent, type Settings } from '../../../src/shared/types'
import {
  startFakeOpenAi,
  type FakeModelBehaviour,
  type FakeOpenAi,
  type LocalScript
} from '../../fakes/fakeOpenAi'
import { closedPort } from '../../fakes/closedPort'
import { FakeRetriever, fakePapers } from '../../fakes/fakeRetriever'

/** An AgentService answering with the real `openai` client against the fake local server. */
export interface LocalHarness {
  agent: AgentService
  server: FakeOpenAi
  retriever: FakeRetriever
  events: AnswerEvent[]
  ask(question: string, requestId?: string): ReturnType<AgentService['ask']>
  close(): Promise<void>
}

/**
 * Builds a {@link LocalHarness}. `provider: 'gemini'` makes Gemini the provider, pointed at a
 * closed port (offline), with the local model as the fallback.
 */
export async function localHarness(
  options: {
    models?: Record<string, FakeModelBehaviour>
    script?: LocalScript
    model?: string
    settings?: Partial<Settings>
    timeoutMs?: number
    contextTokens?: number
    /** Point the local model here instead of at the fake (e.g. a closed port). */
    baseUrl?: string
    provider?: 'local' | 'gemini'
  } = {}
): Promise<LocalHarness> {
  const server = await startFakeOpenAi({ models: options.models, script: options.script })
  const retriever = new FakeRetriever()
  const events: AnswerEvent[] = []
  const sink: EventSink = {
    emit(event, payload) {
      if (event === 'chat:event') events.push(payload as AnswerEvent)
    }
  }
  const settings: Settings = { ...DEFAULT_SETTINGS, answerLanguage: 'en', ...options.settings }
  const local = createOpenAiCompatibleChatModel({
    baseUrl: options.baseUrl ?? server.baseUrl,
    model: options.model ?? Object.keys(options.models ?? { 'qwen2.5:3b': {} })[0]!,
    timeoutMs: options.timeoutMs ?? 5000,
    contextTokens: options.contextTokens ?? 32_768
  })
  const offlineGemini =
    options.provider === 'gemini'
      ? createGeminiChatModel({
          apiKey: 'test-key',
          model: settings.model,
          baseUrl: `http://127.0.0.1:${await closedPort()}`,
          timeoutMs: 5000
        })
      : null
  const agent = new AgentService({
    retriever,
    papers: () => fakePapers(),
    settings: () => settings,
    events: sink,
    chatModel: () => offlineGemini ?? local,
    fallbackModel: () => (offlineGemini ? local : null)
  })
  return {
    agent,
    server,
    retriever,
    events,
    ask: (question, requestId = 'req-1') => agent.ask({ question, requestId }),
    close: () => server.close()
  }
}
