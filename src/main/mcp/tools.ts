import { askTool } from './askTool'
import { citeTool } from './citeTool'
import { addPaperTool, libraryTools } from './libraryTools'
import { passageTools } from './passageTools'
import type { CallChannel, McpTool } from './toolKit'

export type { CallChannel, McpTool, ToolResult } from './toolKit'

/**
 * The MCP tools, each a thin call into the same router the app and the CLI use.
 * @remarks Outputs are plain text for a model to read: one line of metadata per item, paper
 * text inside `<paper_text>`, and a cursor when a result is longer than the cap. `add_paper`
 * exists only when the server was started with it allowed. Clients see them in this order.
 */
export function mcpTools(call: CallChannel, options: { allowAdd: boolean }): McpTool[] {
  const tools: McpTool[] = [
    ...passageTools(call),
    ...libraryTools(call),
    citeTool(call),
    askTool(call)
  ]
  if (options.allowAdd) tools.push(addPaperTool(call))
  return tools
}
