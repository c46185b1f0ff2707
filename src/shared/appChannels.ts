import { z } from 'zod'
import { AppInfoSchema, McpConfigSchema } from './types'
import { PassageLinkSchema } from './deepLink'
import { Empty } from './channelSchemas'

/** The app's own channels: what it is, how MCP starts it, desktop links. */
export const appChannels = {
  'app:info': { input: Empty, output: AppInfoSchema },
  /** How an MCP client (Claude Desktop, Cursor) starts `researchpal mcp` on this library. */
  'app:mcpConfig': { input: Empty, output: McpConfigSchema },
  /** The window listens now: the passages links asked for before it did (then `desktop:open`). */
  'desktop:ready': { input: Empty, output: z.object({ links: z.array(PassageLinkSchema) }) }
} as const

/** The app's events: links from the desktop. */
export const appEvents = {
  /** A researchpal:// link from the desktop: open this passage (src/main/desktop/). */
  'desktop:open': PassageLinkSchema
} as const
