import type { AppError } from '../../shared/errors'
import type { Paper, Settings } from '../../shared/types'
import { gatherEvidence } from './agentLoop'
import type { AnswerRun } from './AnswerRun'
import { ToolsUnsupportedError, type ChatContent, type ChatModel } from './ChatModel'
import { EvidenceSet } from './evidence'
import { historyContents, historyText, type PriorTurn } from './history'
import type { AnswerLanguage } from './language'
import { libraryBlock, toolPrompt } from './prompts'
import { rewriteQuery } from './queryRewrite'
import type { AnswerScope } from './scope'
import { createAgentTools } from './tools/agentTools'
import type { AgentTool } from './tools/tool'

/** Everything one generated answer is built from. */
export interface Draft {
  question: string
  /** The earlier turns as text, for the judge (empty outside a thread). */
  conversation: string
  model: ChatModel
  /** True when the local model answers because Gemini was offline. */
  fallback: boolean
  /**
   * `tools`: the model searched; `history` holds its calls and their results.
   * `passages`: retrieve-then-answer; `history` is the question, the passages are the evidence.
   */
  source: 'tools' | 'passages'
  history: ChatContent[]
  tools: AgentTool[]
  evidence: EvidenceSet
  language: AnswerLanguage
  run: AnswerRun
  signal: AbortSignal
  /** Where the question's turn is in `history` (after the thread's earlier turns). */
  questionAt: number
  /** Set when the evidence was trimmed to fit the model's context window. */
  trimmed: AppError | null
}

/** One question to gather evidence for, with the model that will answer it. */
export interface DraftRequest {
  question: string
  /** The thread's earlier turns, trimmed to the history budget. */
  prior: PriorTurn[]
  model: ChatModel
  /** True when the local model answers because Gemini was offline. */
  fallback: boolean
  language: AnswerLanguage
  run: AnswerRun
  scope: AnswerScope
  signal: AbortSignal
}

/** What gathering needs from the agent's dependencies. */
export interface GatherDeps {
  settings: () => Settings
  /** Draws a page as a PNG, for `view_page` (only for a model that sees images). */
  pageImage?:
    ((paperId: string, page: number, signal?: AbortSignal) => Promise<Uint8Array>) | undefined
}

/**
 * The first answer stage: the evidence a draft is written from.
 * @remarks Tool rounds when the model calls tools; when it takes none, refuses them, or its
 * rounds bring back no passage, retrieve-then-answer: the app searches with the question.
 */
export async function gatherDraft(request: DraftRequest, deps: GatherDeps): Promise<Draft> {
  const { question, prior, model, fallback, language, run, scope, signal } = request
  const settings = deps.settings()
  const evidence = new EvidenceSet()
  const conversation = historyText(prior)
  const papers = (): Paper[] => scope.papers().filter((p) => p.status === 'indexed')
  // Only a model that sees images is sent pages; another gets the caption and nearby text.
  const canView = !!deps.pageImage && model.capabilities.seesImages
  const tools = createAgentTools({
    retriever: scope.retriever,
    papers,
    scoped: scope.limited,
    rewrite: (query, s) => rewriteQuery(model, query, run, s, conversation),
    evidence,
    run,
    pageImage: canView ? (deps.pageImage ?? null) : null
  })
  const rounds = Math.min(3, Math.max(1, settings.toolRounds))
  const earlier = historyContents(prior)
  const base = {
    question,
    conversation,
    model,
    fallback,
    tools,
    evidence,
    language,
    run,
    signal,
    questionAt: earlier.length,
    trimmed: null
  }
  // A model that takes no tools goes straight to retrieve-then-answer.
  if (model.capabilities.toolCalling) {
    try {
      const history = await gatherEvidence({
        model,
        question,
        history: earlier,
        data: libraryBlock(papers()),
        system: toolPrompt(rounds, scope.limited, canView),
        tools,
        rounds,
        run,
        signal,
        // A figure or table found in the last round may be looked at in one more.
        oneMore: () =>
          canView &&
          evidence.all().some((p) => p.kind === 'figure' || p.kind === 'table') &&
          !evidence.all().some((p) => p.id.endsWith('-image'))
      })
      // No passage came back: the model answered without calling a tool, or its calls could
      // not be run (unknown tool, arguments that are not JSON). Search for it instead.
      if (evidence.size > 0) return { ...base, source: 'tools', history }
    } catch (error) {
      if (!(error instanceof ToolsUnsupportedError)) throw error
    }
  }
  const search = tools.find((t) => t.name === 'search_documents')!
  await search.run({ query: question }, { signal })
  return {
    ...base,
    source: 'passages',
    history: [...earlier, { role: 'user', parts: [{ text: question }] }]
  }
}
