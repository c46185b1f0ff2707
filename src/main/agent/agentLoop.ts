import type { AnswerRun } from './AnswerRun'
import type { ChatContent, ChatModel } from './ChatModel'
import { runToolCalls, toolDeclaration, type AgentTool } from './tools/tool'

/** What one evidence-gathering loop needs. */
export interface GatherOptions {
  model: ChatModel
  question: string
  /** The thread's earlier turns as plain text contents (no tool traffic), oldest first. */
  history?: ChatContent[]
  /**
   * Data the model needs beside the question (the library list), as a delimited block; it goes
   * in the user's turn, after the question, never in the system instruction.
   */
  data?: string
  system: string
  tools: readonly AgentTool[]
  /** Most tool rounds (1-3). */
  rounds: number
  run: AnswerRun
  signal?: AbortSignal
  /**
   * Asked once when the rounds are used up: true gives one more (optional) round, e.g. to look
   * at the page of a figure the last round found.
   */
  oneMore?: () => boolean
}

/**
 * Runs the tool rounds: the model asks for tools, they run in parallel, their results go back.
 * @remarks Native function calling. The first round must call a tool (no answer without
 * evidence); later rounds may stop early. The model's turn goes back into the history exactly
 * as it came — Gemini 3 attaches a `thoughtSignature` to function-call parts and rejects a
 * history that lost it. Returns the history for the synthesis call.
 */
export async function gatherEvidence(options: GatherOptions): Promise<ChatContent[]> {
  const { model, tools, run, signal } = options
  const parts = [{ text: options.question }, ...(options.data ? [{ text: options.data }] : [])]
  const history: ChatContent[] = [...(options.history ?? []), { role: 'user', parts }]
  const declarations = tools.map(toolDeclaration)
  let rounds = options.rounds
  for (let round = 1; round <= rounds; round++) {
    const label = `tools-${round}`
    const response = await model.generate(
      {
        label,
        system: options.system,
        contents: history,
        tools: declarations,
        toolMode: round === 1 ? 'any' : 'auto'
      },
      signal
    )
    run.usage(label, response.usage)
    if (response.functionCalls.length === 0) break
    history.push(response.turn)
    history.push({
      role: 'user',
      parts: await runToolCalls(tools, response.functionCalls, { signal })
    })
    if (round === rounds && rounds === options.rounds && options.oneMore?.()) rounds++
  }
  return history
}
