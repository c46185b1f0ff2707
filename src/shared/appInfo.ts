import { z } from 'zod'
import { ErrorParamsSchema } from './errors'

/** Whether the local embedding model is there. */
export const EmbedderStatusSchema = z.object({
  state: z.enum(['ready', 'missing', 'error']),
  id: z.string().nullable(),
  modelDir: z.string().nullable(),
  /** In English; `key`/`params` name the same text in main's catalog, as an AppError's do. */
  message: z.string(),
  key: z.string().optional(),
  params: ErrorParamsSchema.optional()
})
/** Whether the local embedding model is there. */
export type EmbedderStatus = z.infer<typeof EmbedderStatusSchema>

/** What the app shell shows about itself. */
export const AppInfoSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  embedder: EmbedderStatusSchema
})
/** What the app shell shows about itself. */
export type AppInfo = z.infer<typeof AppInfoSchema>

/** How an MCP client starts the ResearchPal MCP server on this library. */
export const McpConfigSchema = z.object({
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()),
  dataDir: z.string(),
  /** The `mcpServers` JSON for Claude Desktop's and Cursor's config files. */
  snippet: z.string()
})
/** How an MCP client starts the ResearchPal MCP server. */
export type McpConfig = z.infer<typeof McpConfigSchema>
