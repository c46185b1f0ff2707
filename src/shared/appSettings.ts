import { z } from 'zod'
import { API_ADDRESS_RULE, isAllowedApiAddress } from './apiAddress'
import { PROVIDERS } from './providers'
import { UI_LANGUAGES, type UiLanguage } from './languages'

/** The languages answers can be written in: `ui` follows the interface language. */
export const ANSWER_LANGUAGES = ['ui', ...UI_LANGUAGES, 'question'] as const

/** The interface languages: the codes of the language table (src/shared/languages.ts). */
export { UI_LANGUAGES, type UiLanguage }
/** The interface-language setting: `system` follows the system's language. */
export const UI_LANGUAGE_SETTINGS = ['system', ...UI_LANGUAGES] as const
/** One of {@link UI_LANGUAGE_SETTINGS}. */
export type UiLanguageSetting = (typeof UI_LANGUAGE_SETTINGS)[number]

/** The OCR languages whose recognition data ships with the app (npm `@tesseract.js-data/*`). */
export const OCR_LANGUAGES = ['eng', 'por'] as const

/** The base URL of an OpenAI-compatible server: https, or http to this computer only. */
export const LocalBaseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isAllowedApiAddress, API_ADDRESS_RULE)

/** Non-secret settings (`settings.json`). */
export const SettingsSchema = z.object({
  uiLanguage: z.enum(UI_LANGUAGE_SETTINGS),
  answerLanguage: z.enum(ANSWER_LANGUAGES),
  model: z.string().min(1).max(100),
  toolRounds: z.number().int().min(1).max(3),
  /** The Gemini API address (a proxy); null for Google's. The key is sent there. */
  geminiBaseUrl: z.string().max(500).refine(isAllowedApiAddress, API_ADDRESS_RULE).nullable(),
  /** Who writes answers: Gemini, or an OpenAI-compatible server on this computer. */
  provider: z.enum(PROVIDERS),
  localBaseUrl: LocalBaseUrlSchema,
  /** The local model's name as its server lists it; null until one is chosen. */
  localModel: z.string().trim().min(1).max(200).nullable(),
  /** The context window the local server gives the model, in tokens; evidence is trimmed to it. */
  localContextTokens: z.number().int().min(1024).max(1_048_576),
  requestTimeoutMs: z.number().int().min(1000).max(600_000),
  /**
   * Chunk size in tokens (cl100k), and the tokens each chunk repeats of the one before.
   * @remarks The default is {@link DEFAULT_SETTINGS}; a paper records the values it was cut with
   * (its `chunkerId`), so a change re-chunks each paper when the library next opens.
   */
  chunkTokens: z.number().int().min(64).max(1024),
  chunkOverlap: z.number().int().min(0).max(256),
  /** Languages OCR reads scanned pages in (Tesseract codes; those with a data package here). */
  ocrLanguages: z.array(z.enum(OCR_LANGUAGES)).min(1).max(OCR_LANGUAGES.length),
  /** Look for a new version at start and daily, download it, and ask before restarting. */
  autoUpdate: z.boolean(),
  /** Run the local HTTP API (`serve`) in the app, on 127.0.0.1:{@link apiServerPort}. */
  apiServer: z.boolean(),
  apiServerPort: z.number().int().min(1024).max(65_535)
})
/** Non-secret settings. */
export type Settings = z.infer<typeof SettingsSchema>

/** The defaults for {@link Settings}. */
export const DEFAULT_SETTINGS: Settings = {
  uiLanguage: 'system',
  answerLanguage: 'ui',
  model: 'gemini-3.5-flash',
  toolRounds: 1,
  geminiBaseUrl: null,
  provider: 'gemini',
  localBaseUrl: 'http://127.0.0.1:11434/v1',
  localModel: null,
  localContextTokens: 4096,
  requestTimeoutMs: 60_000,
  chunkTokens: 256,
  chunkOverlap: 32,
  ocrLanguages: ['eng'],
  autoUpdate: true,
  apiServer: false,
  apiServerPort: 8765
}

/**
 * Where the API key is kept: `encrypted` by the OS keychain or secret service; `weak` when
 * Electron fell back to its fixed-password Linux store (`basic_text`), which any program of the
 * user can decrypt; `unavailable` when there is no store at all; `environment` when it comes
 * from GEMINI_API_KEY (the CLI); `memory` for tests and the e2e harness.
 */
export const KEY_STORAGES = ['encrypted', 'weak', 'unavailable', 'environment', 'memory'] as const
/** Where the API key is kept. */
export type KeyStorage = (typeof KEY_STORAGES)[number]

/** Settings as the renderer sees them: never the key, only whether one is saved. */
export const PublicSettingsSchema = SettingsSchema.extend({
  hasApiKey: z.boolean(),
  keyStorage: z.enum(KEY_STORAGES),
  /**
   * True when the saved key was removed because the API address changed, until a key is saved
   * again: the key is only ever sent to the address it was entered for.
   */
  keyNeedsReentry: z.boolean(),
  /** The Gemini address the key is sent to (null: Google's endpoint). */
  keyAddress: z.string().nullable(),
  /**
   * An address `settings.json` names that the key was not entered or confirmed for: ignored
   * for keyed requests until confirmed in Settings.
   */
  unconfirmedAddress: z.string().nullable()
})
/** Settings as the renderer sees them. */
export type PublicSettings = z.infer<typeof PublicSettingsSchema>

/** The models an OpenAI-compatible server lists (`GET /models`). */
export const LocalModelListSchema = z.object({
  baseUrl: z.string(),
  models: z.array(z.string())
})
/** The models an OpenAI-compatible server lists. */
export type LocalModelList = z.infer<typeof LocalModelListSchema>

/** The outcome of the Settings "Test" button: one short request to the local model. */
export const LocalModelTestSchema = z.object({
  model: z.string(),
  reply: z.string(),
  ms: z.number()
})
/** The outcome of one short request to the local model. */
export type LocalModelTest = z.infer<typeof LocalModelTestSchema>
