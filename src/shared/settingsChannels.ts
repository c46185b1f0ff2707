import { z } from 'zod'
import {
  LocalBaseUrlSchema,
  LocalModelListSchema,
  LocalModelTestSchema,
  PublicSettingsSchema,
  SettingsSchema
} from './types'
import { Empty } from './channelSchemas'

/** The settings channels, and those of the local model Settings chooses. */
export const settingsChannels = {
  'settings:get': { input: Empty, output: PublicSettingsSchema },
  'settings:update': { input: SettingsSchema.partial().strict(), output: PublicSettingsSchema },
  'settings:setApiKey': {
    input: z.object({ apiKey: z.string().trim().min(1).max(200).nullable() }).strict(),
    output: PublicSettingsSchema
  },
  /** Binds the key to the Gemini address `settings.json` names (shown as unconfirmed). */
  'settings:confirmAddress': {
    input: z.object({ address: z.string().max(500).nullable() }).strict(),
    output: PublicSettingsSchema
  },
  /** The models the local server lists; `baseUrl` tries an address before it is saved. */
  'localModel:list': {
    input: z.object({ baseUrl: LocalBaseUrlSchema.optional() }).strict(),
    output: LocalModelListSchema
  },
  /** Sends one short request to the chosen local model and reports its reply. */
  'localModel:test': { input: Empty, output: LocalModelTestSchema }
} as const
