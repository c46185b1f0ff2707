import type { LocalModelList, LocalModelTest, Settings } from '../../shared/types'
import { UserFacingError } from '../errors'
import type { ChatModel } from './ChatModel'
import {
  createOpenAiCompatibleChatModel,
  type OpenAiCompatibleChatModel,
  type OpenAiCompatibleOptions
} from './OpenAiCompatibleChatModel'

/**
 * The local model as Settings describe it: the one the agent answers with, its server's model
 * list, and the Settings "Test" button.
 * @remarks One client per (address, model, window, timeout), kept while Settings stay the same,
 * so what a client learnt about its server (no structured output) is not relearnt per answer.
 */
export class LocalModels {
  private cached: { key: string; model: OpenAiCompatibleChatModel } | null = null

  constructor(
    private readonly deps: {
      settings: () => Settings
      create?: (options: OpenAiCompatibleOptions) => OpenAiCompatibleChatModel
    }
  ) {}

  /** The configured local model, or null when no model is chosen. */
  model(): ChatModel | null {
    const s = this.deps.settings()
    if (!s.localModel) return null
    return this.client({
      baseUrl: s.localBaseUrl,
      model: s.localModel,
      timeoutMs: s.requestTimeoutMs,
      contextTokens: s.localContextTokens
    })
  }

  /** The models the server at `baseUrl` (default: the saved address) lists. */
  async list(baseUrl?: string): Promise<LocalModelList> {
    const s = this.deps.settings()
    const url = baseUrl ?? s.localBaseUrl
    const client = this.client({
      baseUrl: url,
      model: s.localModel ?? '(none)',
      timeoutMs: Math.min(s.requestTimeoutMs, 15_000),
      contextTokens: s.localContextTokens
    })
    return { baseUrl: url, models: (await client.listModels()).sort() }
  }

  /** Sends one short request to the chosen model; its reply and how long it took. */
  async test(): Promise<LocalModelTest> {
    const model = this.model()
    if (!model) {
      throw new UserFacingError('LOCAL_MODEL_MISSING', { key: 'noLocalModelChosen' })
    }
    const started = Date.now()
    const response = await model.generate({
      label: 'test',
      system: 'You are checking that a connection works.',
      contents: [{ role: 'user', parts: [{ text: 'Reply with the single word: ready' }] }]
    })
    return {
      model: model.model,
      reply: response.text.trim().slice(0, 200),
      ms: Date.now() - started
    }
  }

  private client(options: OpenAiCompatibleOptions): OpenAiCompatibleChatModel {
    const key = JSON.stringify(options)
    if (this.cached?.key !== key) {
      const create = this.deps.create ?? createOpenAiCompatibleChatModel
      this.cached = { key, model: create(options) }
    }
    return this.cached.model
  }
}
