/** The kinds of model that can write answers (the `provider` setting's values). */
export const PROVIDERS = ['gemini', 'local'] as const
/** One of {@link PROVIDERS}. */
export type Provider = (typeof PROVIDERS)[number]

/**
 * What a chat model can do. The agent asks these, never the provider's name.
 * @remarks Each `ChatModel` declares its own; {@link PROVIDER_TRAITS} holds the ones a provider's
 * models have, for the places that only know the setting (the renderer, the CLI).
 */
export interface ModelCapabilities {
  /** Reads images in a request (a page drawn for `view_page`). */
  seesImages: boolean
  /** Runs on this computer or the user's own server: no API key, no data leaves for a cloud. */
  runsLocally: boolean
  /** When it is offline, the local model (if one is configured) answers in its place. */
  offlineFallback: boolean
  /** Takes function declarations; without it the agent searches first, then asks for the answer. */
  toolCalling: boolean
}

/** What a provider is, for the places that only have the `provider` setting. */
export interface ProviderTraits extends ModelCapabilities {
  /** Needs an API key before it can answer (Settings shows the key field). */
  needsApiKey: boolean
  /** The setting that names this provider's model (`--model` on the CLI sets it). */
  modelSetting: 'model' | 'localModel'
}

/**
 * One row per provider: the one place a provider's name maps to what it can do.
 * @remarks A third provider is its `ChatModel` file, its row here and its row in the main
 * process's factory (`src/main/agent/chatModels.ts`).
 */
export const PROVIDER_TRAITS: Record<Provider, ProviderTraits> = {
  gemini: {
    seesImages: true,
    runsLocally: false,
    offlineFallback: true,
    toolCalling: true,
    needsApiKey: true,
    modelSetting: 'model'
  },
  local: {
    seesImages: false,
    runsLocally: true,
    offlineFallback: false,
    toolCalling: true,
    needsApiKey: false,
    modelSetting: 'localModel'
  }
}

/** The capabilities a provider's models have (a copy: a model may learn it can do less). */
export function providerCapabilities(provider: Provider): ModelCapabilities {
  const { seesImages, runsLocally, offlineFallback, toolCalling } = PROVIDER_TRAITS[provider]
  return { seesImages, runsLocally, offlineFallback, toolCalling }
}
