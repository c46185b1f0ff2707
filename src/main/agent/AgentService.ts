import type { AppError } from '../../shared/errors'
import type { Answer, Paper, Settings, UiLanguage } from '../../shared/types'
import { CancelledError, isUserFacing, toAppError, UserFacingError } from '../errors'
import type { EventSink } from '../events'
import type { Retriever } from '../search/types'
import { gatherEvidence } from './agentLoop'
import { AnswerRun } from './AnswerRun'
import type { ChatContent, ChatModel, ChatResponse } from './ChatModel'
import { resolveCitations, toCitation, type CitedAnswer } from './citations'
import { EvidenceSet } from './evidence'
import { evidenceAnswer } from './evidenceAnswer'
import {
  DEFAULT_HISTORY_TOKENS,
  historyContents,
  historyText,
  trimHistory,
  type PriorTurn
} from './history'
import { judgeAnswer } from './judge'
import {
  ANSWER_TEXTS,
  answerLanguage,
  mainUiLanguage,
  type AnswerLanguage,
  type EvidenceReason
} from './language'
import { MessageClassifier } from './messageKind'
import {
  libraryBlock,
  offTopicPrompt,
  revisionRequest,
  synthesisPrompt,
  toolPrompt
} from './prompts'
import { rewriteQuery } from './queryRewrite'
import { scopeTo, type AnswerScope } from './scope'
import { keywordStandaloneQuery } from './standaloneQuery'
import { createAgentTools } from './tools/agentTools'
import { toolDeclaration, type AgentTool } from './tools/tool'

/** What the agent needs; the composition root passes the real ones, tests pass fakes. */
export interface AgentServiceDeps {
  retriever: Retriever
  papers: () => Paper[]
  /** The model to use now, or null when no API key is set (evidence-only answers). */
  chatModel: () => ChatModel | null
  settings: () => Settings
  events: EventSink
  /**
   * Draws a page of a paper as a PNG, for `view_page` (Gemini reads images). Without it the
   * caption and nearby text are the only evidence for a figure, and answers say so.
   */
  pageImage?: (paperId: string, page: number, signal?: AbortSignal) => Promise<Uint8Array>
  /** Tells small talk and off-topic questions from questions for the papers (rules by default). */
  classifier?: MessageClassifier
  /** How much of a thread's history the model gets, in estimated tokens. */
  historyTokens?: number
}

/** One question to answer; `requestId` tags its events and lets it be cancelled. */
export interface AskInput {
  question: string
  requestId: string
  /** The thread's earlier turns, oldest first (trimmed here to the history budget). */
  history?: PriorTurn[]
  /** Answer from these papers only (all papers when absent): a thread's scope, or a caller's. */
  paperIds?: readonly string[]
  /** The language the UI shows (the renderer says); else main's own UI-language setting. */
  uiLanguage?: UiLanguage | undefined
}

/** Everything one generated answer is built from. */
interface Draft {
  question: string
  /** The earlier turns as text, for the judge (empty outside a thread). */
  conversation: string
  model: ChatModel
  history: ChatContent[]
  tools: AgentTool[]
  evidence: EvidenceSet
  language: AnswerLanguage
  run: AnswerRun
  signal: AbortSignal
}

/**
 * Answers questions about the library with numbered citations (DESIGN.md, Answering).
 * @remarks tool rounds -> streamed synthesis -> judge -> at most one rewrite -> fallback.
 * Without a key, or offline, the answer is the retrieved passages (`mode: 'evidence'`). Quota,
 * overload and timeouts are thrown as their own `UserFacingError`, never dressed up as "no
 * evidence"; but once a candidate answer exists, a failing check keeps it, marked unverified.
 */
export class AgentService {
  private readonly active = new Map<string, AbortController>()

  constructor(private readonly deps: AgentServiceDeps) {}

  /** Answers one question; rejects with `CANCELLED` when {@link cancel}led or `signal` fires. */
  async ask(input: AskInput, signal?: AbortSignal): Promise<Answer> {
    const controller = new AbortController()
    const onAbort = (): void => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    if (signal?.aborted) controller.abort()
    this.active.get(input.requestId)?.abort()
    this.active.set(input.requestId, controller)
    try {
      const answer = await this.answer(input, controller.signal)
      if (controller.signal.aborted) throw new CancelledError('The answer')
      return answer
    } catch (error) {
      if (controller.signal.aborted) throw new CancelledError('The answer')
      throw error
    } finally {
      signal?.removeEventListener('abort', onAbort)
      if (this.active.get(input.requestId) === controller) this.active.delete(input.requestId)
    }
  }

  /** Stops the answer with this id; false when there is none running. */
  cancel(requestId: string): boolean {
    const controller = this.active.get(requestId)
    if (!controller) return false
    controller.abort()
    this.active.delete(requestId)
    return true
  }

  private async answer(input: AskInput, signal: AbortSignal): Promise<Answer> {
    const settings = this.deps.settings()
    const ui = input.uiLanguage ?? mainUiLanguage(settings.uiLanguage)
    const language = answerLanguage(settings.answerLanguage, input.question, ui)
    const run = new AnswerRun(input.requestId, this.deps.events)
    const history = trimHistory(
      input.history ?? [],
      this.deps.historyTokens ?? DEFAULT_HISTORY_TOKENS
    )
    const kind = await this.classifier.classify(input.question, signal)
    if (kind === 'smalltalk' || kind === 'app') {
      return direct(input.question, 'smalltalk', directReply(kind, input.question, language))
    }
    const model = this.deps.chatModel()
    if (kind === 'offtopic')
      return this.offTopic(input.question, model, history, language, run, signal)
    const scope = scopeTo(this.deps.retriever, this.deps.papers, input.paperIds)
    if (!scope.papers().some((p) => p.status === 'indexed')) {
      throw new UserFacingError(
        'NOT_FOUND',
        input.paperIds
          ? 'None of the papers this question is limited to is indexed yet. Wait until they are, or choose other papers.'
          : 'There is no indexed paper to answer from yet. Add papers (or wait until they are indexed), then ask again.'
      )
    }
    const evidenceOnly = (reason: EvidenceReason, notice: AppError): Promise<Answer> =>
      evidenceAnswer({
        question: input.question,
        // Only questions are used here, so the whole thread fits, not just the trimmed history.
        query: keywordStandaloneQuery(input.question, input.history ?? []),
        retriever: scope.retriever,
        // The label is UI text: it is in the UI language, whatever the answer language.
        language: ui,
        reason,
        notice,
        run,
        signal
      })
    if (!model) {
      return evidenceOnly('NO_API_KEY', {
        code: 'NO_API_KEY',
        message:
          'No Gemini API key is set, so these are the most relevant passages, not a generated answer. Add a key in Settings to get answers.'
      })
    }
    try {
      const draft = await this.gather(input.question, history, model, language, run, scope, signal)
      return await this.write(draft)
    } catch (error) {
      if (isUserFacing(error, 'OFFLINE') || isUserFacing(error, 'NO_API_KEY')) {
        const reason = error.code === 'OFFLINE' ? 'OFFLINE' : 'KEY_REJECTED'
        return evidenceOnly(reason, { code: error.code, message: error.message })
      }
      throw error
    }
  }

  private get classifier(): MessageClassifier {
    return (this.deps.classifier ??= new MessageClassifier())
  }

  /** A question unrelated to the library: the model answers it as such, never citing papers. */
  private async offTopic(
    question: string,
    model: ChatModel | null,
    history: PriorTurn[],
    language: AnswerLanguage,
    run: AnswerRun,
    signal: AbortSignal
  ): Promise<Answer> {
    const texts = ANSWER_TEXTS[language.texts]
    if (!model) return direct(question, 'offtopic', texts.offTopicNoModel)
    run.stage('drafting', '')
    try {
      const response = await model.stream(
        {
          label: 'offtopic',
          system: offTopicPrompt(language.instruction),
          contents: [...historyContents(history), { role: 'user', parts: [{ text: question }] }]
        },
        (text) => run.token(text),
        signal
      )
      run.usage('offtopic', response.usage)
      return {
        ...direct(question, 'offtopic', `${texts.offTopicLabel}\n\n${response.text.trim()}`),
        usage: run.total()
      }
    } catch (error) {
      if (isUserFacing(error, 'OFFLINE') || isUserFacing(error, 'NO_API_KEY')) {
        return direct(question, 'offtopic', texts.offTopicNoModel)
      }
      throw error
    }
  }

  private async gather(
    question: string,
    prior: PriorTurn[],
    model: ChatModel,
    language: AnswerLanguage,
    run: AnswerRun,
    scope: AnswerScope,
    signal: AbortSignal
  ): Promise<Draft> {
    const settings = this.deps.settings()
    const evidence = new EvidenceSet()
    const conversation = historyText(prior)
    const papers = (): Paper[] => scope.papers().filter((p) => p.status === 'indexed')
    const tools = createAgentTools({
      retriever: scope.retriever,
      papers,
      scoped: scope.limited,
      rewrite: (query, s) => rewriteQuery(model, query, run, s, conversation),
      evidence,
      run,
      pageImage: this.deps.pageImage ?? null
    })
    const rounds = Math.min(3, Math.max(1, settings.toolRounds))
    const history = await gatherEvidence({
      model,
      question,
      history: historyContents(prior),
      data: libraryBlock(papers()),
      system: toolPrompt(rounds, scope.limited, !!this.deps.pageImage),
      tools,
      rounds,
      run,
      signal,
      // A figure or table found in the last round may be looked at in one more.
      oneMore: () =>
        !!this.deps.pageImage &&
        evidence.all().some((p) => p.kind === 'figure' || p.kind === 'table') &&
        !evidence.all().some((p) => p.id.endsWith('-image'))
    })
    return { question, conversation, model, history, tools, evidence, language, run, signal }
  }

  /** Drafts, checks, rewrites once, and falls back; see the class remarks. */
  private async write(d: Draft): Promise<Answer> {
    d.run.stage('drafting', '')
    const first = await this.synthesize(d, d.history, 'synthesis')
    let candidate = resolveCitations(first.text, d.evidence)
    d.run.stage('checking', '')
    const firstVerdict = await this.check(d, candidate, 'judge')
    if ('notice' in firstVerdict) return this.generated(d, candidate, false, firstVerdict.notice)
    if (firstVerdict.pass) return this.generated(d, candidate, true, null)

    d.run.stage('revising', firstVerdict.problem)
    let second: ChatResponse
    try {
      const retry: ChatContent = {
        role: 'user',
        parts: [{ text: revisionRequest(firstVerdict.problem) }]
      }
      // An empty model turn is invalid history; the revision request alone says what failed.
      const draftTurn = first.turn.parts.length ? [first.turn] : []
      second = await this.synthesize(d, [...d.history, ...draftTurn, retry], 'revision')
    } catch (error) {
      const what = `was flagged by the check (${firstVerdict.problem}) and could not be rewritten`
      return this.generated(d, candidate, false, unverified(error, what))
    }
    candidate = resolveCitations(second.text, d.evidence)
    d.run.stage('checking', '')
    const secondVerdict = await this.check(d, candidate, 'judge-2')
    if ('notice' in secondVerdict) return this.generated(d, candidate, false, secondVerdict.notice)
    if (secondVerdict.pass) return this.generated(d, candidate, true, null)

    const citations = d.evidence
      .all()
      .slice(0, 3)
      .map((p, i) => toCitation(i + 1, p, d.question))
    const fallback = { answer: ANSWER_TEXTS[d.language.texts].fallback, citations }
    return this.generated(d, fallback, false, null)
  }

  private async synthesize(
    d: Draft,
    contents: ChatContent[],
    label: string
  ): Promise<ChatResponse> {
    const response = await d.model.stream(
      {
        label,
        system: synthesisPrompt(d.language.instruction),
        contents,
        // Declared but disabled: the history holds function calls, and the answer must be text.
        tools: d.tools.map(toolDeclaration),
        toolMode: 'none'
      },
      (text) => d.run.token(text),
      d.signal
    )
    d.run.usage(label, response.usage)
    return response
  }

  private async check(
    d: Draft,
    candidate: CitedAnswer,
    label: string
  ): Promise<{ pass: boolean; problem: string } | { notice: AppError }> {
    try {
      return await judgeAnswer(
        d.model,
        d.question,
        candidate.answer,
        d.run,
        d.signal,
        label,
        d.conversation
      )
    } catch (error) {
      return { notice: unverified(error, 'could not be checked') }
    }
  }

  private generated(
    d: Draft,
    cited: CitedAnswer,
    verified: boolean,
    notice: AppError | null
  ): Answer {
    return {
      question: d.question,
      answer: cited.answer,
      mode: 'generated',
      verified,
      notice,
      citations: cited.citations,
      usage: d.run.total()
    }
  }
}

/** A reply that searched nothing: no citations, no tokens. */
function direct(question: string, mode: 'smalltalk' | 'offtopic', answer: string): Answer {
  return {
    question,
    answer,
    mode,
    verified: false,
    notice: null,
    citations: [],
    usage: { inputTokens: 0, outputTokens: 0 }
  }
}

/** The fixed reply to small talk or to a question about the app, in the answer language. */
function directReply(kind: 'smalltalk' | 'app', message: string, language: AnswerLanguage): string {
  const texts = ANSWER_TEXTS[language.texts]
  if (kind === 'app') return texts.appHelp
  const m = message.toLowerCase()
  if (/thank|thx|\bty\b|obrigad|brigad|valeu|cheers/.test(m)) return texts.thanks
  if (/\bbye|goodbye|see you|tchau|até|ate logo|ate mais/.test(m)) return texts.farewell
  return texts.greeting
}

/** The notice of an answer kept after its check failed; a cancel still propagates. */
function unverified(error: unknown, what: string): AppError {
  if (isUserFacing(error, 'CANCELLED')) throw error
  const reason = error instanceof Error ? error.message : String(error)
  return {
    ...toAppError(error),
    message: `This answer ${what}, so it is shown unverified: ${reason}`
  }
}
