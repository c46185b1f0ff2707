import { z } from 'zod'
import { describeIssues, isUserFacing } from '../../errors'
import type { ChatPart, FunctionCallRequest, InlineData, ToolDeclaration } from '../ChatModel'

/** What a tool gets besides its arguments. */
export interface ToolContext {
  signal?: AbortSignal
}

/**
 * A function the model can call, LlamaIndexTS style.
 * @remarks The zod schema is the single source: it parses the model's arguments strictly and
 * produces the JSON Schema declared to the model.
 */
export interface AgentTool<P extends z.ZodType = z.ZodType> {
  name: string
  description: string
  parameters: P
  run(args: z.output<P>, context: ToolContext): Promise<unknown>
}

/**
 * A tool result that carries media (a rendered page) besides its JSON.
 * @remarks Sent as inline-data parts of the function response, which is how Gemini takes an
 * image from a function; the image's tokens then show in the call's usage.
 */
export class ToolResultWithMedia {
  constructor(
    readonly result: unknown,
    readonly media: InlineData[]
  ) {}
}

/** Declares a tool to the model: its JSON Schema generated from the zod schema. */
export function toolDeclaration(tool: AgentTool): ToolDeclaration {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(tool.parameters, {
    io: 'input'
  }) as Record<string, unknown>
  return { name: tool.name, description: tool.description, parameters }
}

/**
 * Runs the calls one model turn asked for, in parallel, into `functionResponse` parts.
 * @remarks An unknown tool, bad arguments or a failing tool become an `{error}` result the
 * model can read and correct; only a cancel stops the answer.
 */
export async function runToolCalls(
  tools: readonly AgentTool[],
  calls: readonly FunctionCallRequest[],
  context: ToolContext
): Promise<ChatPart[]> {
  return Promise.all(
    calls.map(async (call) => {
      const { response, media } = await runOne(tools, call, context)
      return {
        functionResponse: {
          ...(call.id && { id: call.id }),
          name: call.name,
          response,
          ...(media.length > 0 && { parts: media.map((inlineData) => ({ inlineData })) })
        }
      }
    })
  )
}

async function runOne(
  tools: readonly AgentTool[],
  call: FunctionCallRequest,
  context: ToolContext
): Promise<{ response: Record<string, unknown>; media: InlineData[] }> {
  const fail = (error: string): { response: Record<string, unknown>; media: InlineData[] } => ({
    response: { error },
    media: []
  })
  const tool = tools.find((t) => t.name === call.name)
  if (!tool) {
    const names = tools.map((t) => t.name).join(', ')
    return fail(`There is no tool named "${call.name}". The tools are: ${names}.`)
  }
  if (call.invalidArguments) {
    return fail(
      `The arguments for ${tool.name} could not be read (${call.invalidArguments}). Send them as one JSON object.`
    )
  }
  const parsed = tool.parameters.safeParse(call.args ?? {})
  if (!parsed.success) {
    return fail(`Invalid arguments for ${tool.name}: ${describeIssues(parsed.error)}`)
  }
  try {
    const out = await tool.run(parsed.data, context)
    if (out instanceof ToolResultWithMedia) {
      return { response: { result: out.result }, media: out.media }
    }
    return { response: { result: out }, media: [] }
  } catch (error) {
    if (isUserFacing(error, 'CANCELLED')) throw error
    if (!isUserFacing(error)) console.error(`[agent] tool ${tool.name} failed:`, error)
    return fail(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}
