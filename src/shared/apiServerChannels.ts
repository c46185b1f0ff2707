import { z } from 'zod'
import { ApiServerStatusSchema } from './apiServer'
import { Empty } from './channelSchemas'

/** The local HTTP API's switch in Settings. */
export const apiServerChannels = {
  /** The local HTTP API (Settings' switch): whether it runs, where. */
  'apiServer:status': { input: Empty, output: ApiServerStatusSchema },
  /** Switches the local HTTP API on or off (saved in Settings); the token comes back once. */
  'apiServer:set': {
    input: z
      .object({ enabled: z.boolean(), port: z.number().int().min(1024).max(65_535).optional() })
      .strict(),
    output: ApiServerStatusSchema
  }
} as const
