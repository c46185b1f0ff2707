import { z } from 'zod'

/** The local HTTP API the app runs when Settings say so (`researchpal serve` in the window). */
export const ApiServerStatusSchema = z.object({
  running: z.boolean(),
  /** `http://127.0.0.1:<port>` while running, else null. */
  url: z.string().nullable(),
  port: z.number().int(),
  /** The file in the library folder that keeps the bearer token. */
  tokenFile: z.string(),
  /** True when RESEARCHPAL_API_TOKEN sets the token instead of the file. */
  tokenFromEnvironment: z.boolean(),
  /**
   * The bearer token, only in the answer to switching the server on (shown once there, with
   * Copy); null in every status after that.
   */
  token: z.string().nullable()
})
/** The local HTTP API's state. */
export type ApiServerStatus = z.infer<typeof ApiServerStatusSchema>
