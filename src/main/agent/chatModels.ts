import type { Provider } from '../../shared/providers'
import type { Settings } from '../../shared/types'
import type { ChatModel } from './ChatModel'
import { createGeminiChatModel } from './GeminiChatModel'
import type { LocalModels } from './LocalModels'

/** What building a provider's model may need besides Settings. */
export interface ChatModelSources {
  /** The saved API key, or null when there is none. */
  apiKey: () => string | null
  /**
   * The address the key was entered or confirmed for (null: Google's endpoint); never an
   * address settings.json names on its own.
   */
  keyAddress: () => string | null
  /** The local model as Settings describe it (one client kept while they stay the same). */
  localModels: LocalModels
}

/** Builds one provider's model from Settings; null when it cannot answer (no key, no model). */
type ChatModelFactory = (settings: Settings, sources: ChatModelSources) => ChatModel | null

/**
 * One row per provider: the one place the `provider` setting maps to an implementation.
 * @remarks Everything else asks a model's `capabilities`; a third provider is its `ChatModel`
 * file, a row here and a row in `shared/providers.ts`.
 */
const FACTORIES: Record<Provider, ChatModelFactory> = {
  gemini: (s, { apiKey, keyAddress }) => {
    const key = apiKey()
    return key
      ? createGeminiChatModel({
          apiKey: key,
          model: s.model,
          baseUrl: keyAddress(),
          timeoutMs: s.requestTimeoutMs
        })
      : null
  },
  local: (_s, { localModels }) => localModels.model()
}

/**
 * The models answers are written with, per the current Settings.
 * @remarks `chatModel` is the chosen provider's (Settings', or the one a request names); `fallbackModel` the local one, which the agent
 * asks for only when the chosen model declares `offlineFallback` and is offline.
 */
export function answerModels(
  settings: () => Settings,
  sources: ChatModelSources
): {
  chatModel: (provider?: Provider) => ChatModel | null
  fallbackModel: () => ChatModel | null
} {
  return {
    chatModel: (provider) => {
      const s = settings()
      const chosen = provider ?? s.provider
      return FACTORIES[chosen]({ ...s, provider: chosen }, sources)
    },
    fallbackModel: () => sources.localModels.model()
  }
}
