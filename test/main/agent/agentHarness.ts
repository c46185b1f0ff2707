import { AgentService } from '../../../src/main/agent/AgentService'
import { createGeminiChatModel } from '../../../src/main/agent/GeminiChatModel'
import type { EventSink } from '../../../src/main/events'
import {
  DEFAULT_SETTINGS,
  type AnswerEvent,
  type Paper,
  type Settings,
  type UiLanguage
} from '../../../src/shared/types'
import { startFakeGemini, type FakeGemini, type FakeScript } from '../../fakes/fakeGemini'
import { FakeRetriever, fakePapers } from '../../fakes/fakeRetriever'

/** An AgentService wired to the real Gemini SDK, talking to the fake server. */
export interface AgentHarness {
  agent: AgentService
  gemini: FakeGemini
  retriever: FakeRetriever
  events: AnswerEvent[]
  settings: Settings
  ask(
    question: string,
    requestId?: string,
    uiLanguage?: UiLanguage
  ): ReturnType<AgentService['ask']>
  close(): Promise<void>
}

/** Builds an {@link AgentHarness}; `noKey` leaves the service without a chat model. */
export async function agentHarness(
  options: {
    script?: FakeScript
    settings?: Partial<Settings>
    timeoutMs?: number
    noKey?: boolean
    baseUrl?: string
    papers?: Paper[]
    /** Gives the agent `view_page`. */
    pageImage?: (paperId: string, page: number) => Promise<Uint8Array>
  } = {}
): Promise<AgentHarness> {
  const gemini = await startFakeGemini({ script: options.script ?? {} })
  const retriever = new FakeRetriever()
  const events: AnswerEvent[] = []
  const sink: EventSink = {
    emit(event, payload) {
      if (event === 'chat:event') events.push(payload as AnswerEvent)
    }
  }
  // English unless a test says otherwise, whatever the machine's LANG.
  const settings: Settings = { ...DEFAULT_SETTINGS, uiLanguage: 'en', ...options.settings }
  const agent = new AgentService({
    retriever,
    papers: () => options.papers ?? fakePapers(),
    settings: () => settings,
    events: sink,
    pageImage: options.pageImage,
    chatModel: () =>
      options.noKey
        ? null
        : createGeminiChatModel({
            apiKey: 'test-key',
            model: settings.model,
            baseUrl: options.baseUrl ?? gemini.baseUrl,
            timeoutMs: options.timeoutMs ?? 5000
          })
  })
  return {
    agent,
    gemini,
    retriever,
    events,
    settings,
    ask: (question, requestId = 'req-1', uiLanguage) =>
      agent.ask({ question, requestId, uiLanguage }),
    close: () => gemini.close()
  }
}

/** The stage events, as `stage: detail` strings. */
export function stages(events: readonly AnswerEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'stage' ? [`${e.stage}: ${e.detail}`] : []))
}

/** A judge verdict as the fake returns it. */
export function verdict(pass: boolean, problem = ''): { json: Record<string, unknown> } {
  return {
    json: { onTopic: true, coversAllParts: pass, saysPapersDoNotSay: false, problem }
  }
}
