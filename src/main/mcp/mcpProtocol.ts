import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { McpTool } from './tools'

/** Validation detail the server checks itself; sent, it only costs the client context. */
const DROPPED = new Set(['$schema', 'pattern', 'minLength', 'maxLength', 'minItems', 'maxItems'])

/** A JSON Schema without {@link DROPPED}'s keys (and the no-op maximum zod writes for ints). */
function compact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compact)
  if (schema === null || typeof schema !== 'object') return schema
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema)) {
    if (DROPPED.has(k) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER)) continue
    out[k] = compact(v)
  }
  return out
}

/**
 * A tool's JSON Schema, from its zod schema, without the limits the server enforces anyway.
 * @remarks Every tool list is paid for in each conversation's context; bad arguments still get
 * a readable error naming the field.
 */
export function inputSchema(t: McpTool): { type: 'object'; [key: string]: unknown } {
  const schema = compact(z.toJSONSchema(t.input, { io: 'input' })) as Record<string, unknown>
  return { ...schema, type: 'object' }
}

/**
 * A JSON-RPC error with its message as written.
 * @remarks The SDK's `McpError` puts "MCP error <code>:" in front of its message, and the
 * client's `McpError` puts it there again: a client showed the prefix twice.
 */
export function protocolError(code: number, message: string, data?: unknown): Error {
  return Object.assign(new Error(message), { code, ...(data !== undefined && { data }) })
}

/** A tool's result schema (JSON Schema of its structured content), sent as `outputSchema`. */
export function outputSchema(t: McpTool): { type: 'object'; [key: string]: unknown } {
  const schema = compact(z.toJSONSchema(t.output, { io: 'output' })) as Record<string, unknown>
  return { ...schema, type: 'object' }
}

/** A failed tool call as the client shows it: the error's code, then its message. */
export function toolError(code: string, message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }] }
}
