import type { AppError } from '../../shared/errors'
import type {
  Answer,
  AnswerCheck,
  AnsweredBy,
  Paper,
  Settings,
  UiLanguage
} from '../../shared/types'
import {
  CancelledError,
  isUserFacing,
  toAppError,
  UserFacingError,
  type ErrorText,
  appError
} from '../errors'
import type { EventSink } from '../events'
import { PROVIDER_TRAITS } from '../../shared/providers'
import type { Retriever } from '../search/types'
import { gatherEvidence } from './agentLoop'
import { AnswerRun } from './AnswerRun'
import {
  ContextOverflowError,
  ToolsUnsupportedError,
  type ChatContent,
  type ChatModel,
  type ChatResponse
} from './ChatModel'
import { resolveCitations, toCitation, type CitedAnswer } from './citations'
import { fitToolResults, passagesThatFit } from './contextBudget'
import { EvidenceSet, type EvidencePassage } from './evidence'
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
  passagesBlock,
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
  /**
   * The model to use now (Gemini or the local one, per Settings), or null when it cannot be
   * used (no API key, no local model chosen): evidence-only answers.
   */
  chatModel: () => ChatModel | null
  /** The local model that answers when Gemini is offline, or null when none is configured. */
  fallbackModel?: () => ChatModel | null
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

/**
 * Answers questions about the library with numbered citations (DESIGN.md, Answering).
 * @remarks tool rounds -> streamed synthesis -> judge -> at most one rewrite -> fallback.
 * The same path serves Gemini and a local model. A model that does not call tools (refuses
 * them, answers in prose, or sends calls that cannot be run) gets retrieve-then-answer: the app
 * searches with the question and writes the passages into the prompt. Evidence is trimmed to a
 * small model's context window, and the answer says so. Gemini offline falls back to the local
 * model when one is configured, labelled; without a key, or offline with no local model, the
 * answer is the retrieved passages (`mode: 'evidence'`). Quota, overload and timeouts are
 * thrown as their own `UserFacingError`, never dressed up as "no evidence"; but once a
 * candidate answer exists, a failing check keeps it, marked unverified.
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
      if (controller.signal.aborted) throw new CancelledError({ key: 'cancelledAnswer' })
      return answer
    } catch (error) {
      if (controller.signal.aborted) throw new CancelledError({ key: 'cancelledAnswer' })
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
        input.paperIds ? { key: 'noIndexedPaperInScope' } : { key: 'noIndexedPaper' }
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
      // No model: a provider that runs locally has none chosen; any other lacks its key.
      if (PROVIDER_TRAITS[settings.provider].runsLocally) {
        return evidenceOnly(
          'NO_LOCAL_MODEL',
          appError('LOCAL_MODEL_MISSING', { key: 'evidenceNoLocalModel' })
        )
      }
      return evidenceOnly('NO_API_KEY', appError('NO_API_KEY', { key: 'evidenceNoApiKey' }))
    }
    const generate = (m: ChatModel, fallback: boolean): Promise<Answer> =>
      this.generate(input.question, history, m, fallback, language, run, scope, signal)
    try {
      return await generate(model, false)
    } catch (error) {
      if (isUserFacing(error, 'OFFLINE')) {
        const local = model.capabilities.offlineFallback
          ? (this.deps.fallbackModel?.() ?? null)
          : null
        if (!local) return evidenceOnly('OFFLINE', toAppError(error))
        try {
          return await generate(local, true)
        } catch (localError) {
          if (
            !isUserFacing(localError, 'LOCAL_MODEL_UNREACHABLE') &&
            !isUserFacing(localError, 'LOCAL_MODEL_MISSING')
          ) {
            throw localError
          }
          const local = toAppError(localError)
          const either: AppError = {
            code: local.code,
            message: `The local model could not answer either: ${local.message}`,
            ...(local.key && {
              key: 'localAlsoFailed',
              params: { ...local.params, innerKey: local.key }
            })
          }
          return evidenceOnly('OFFLINE', {
            ...combine(toAppError(error), either)!,
            code: 'OFFLINE'
          })
        }
      }
      if (isUserFacing(error, 'NO_API_KEY')) {
        return evidenceOnly('KEY_REJECTED', toAppError(error))
      }
      throw error
    }
  }

  private async generate(
    question: string,
    prior: PriorTurn[],
    model: ChatModel,
    fallback: boolean,
    language: AnswerLanguage,
    run: AnswerRun,
    scope: AnswerScope,
    signal: AbortSignal
  ): Promise<Answer> {
    try {
      const draft = await this.gather(
        question,
        prior,
        model,
        fallback,
        language,
        run,
        scope,
        signal
      )
      return await this.write(draft)
    } catch (error) {
      if (!(error instanceof ContextOverflowError)) throw error
      throw new UserFacingError('CONTEXT_TOO_SMALL', tooSmall(model, error.contextTokens), {
        cause: error
      })
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
    fallback: boolean,
    language: AnswerLanguage,
    run: AnswerRun,
    scope: AnswerScope,
    signal: AbortSignal
  ): Promise<Draft> {
    const settings = this.deps.settings()
    const evidence = new EvidenceSet()
    const conversation = historyText(prior)
    const papers = (): Paper[] => scope.papers().filter((p) => p.status === 'indexed')
    // Only a model that sees images is sent pages; another gets the caption and nearby text.
    const canView = !!this.deps.pageImage && model.capabilities.seesImages
    const tools = createAgentTools({
      retriever: scope.retriever,
      papers,
      scoped: scope.limited,
      rewrite: (query, s) => rewriteQuery(model, query, run, s, conversation),
      evidence,
      run,
      pageImage: canView ? (this.deps.pageImage ?? null) : null
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

  /** Drafts, checks, rewrites once, and falls back; see the class remarks. */
  private async write(d: Draft): Promise<Answer> {
    d.run.stage('drafting', '')
    const first = await this.synthesize(d, d.history, 'synthesis')
    let candidate = resolveCitations(first.text, d.evidence)
    d.run.stage('checking', '')
    const firstVerdict = await this.check(d, candidate, 'judge')
    if ('notice' in firstVerdict)
      return this.generated(d, candidate, 'unchecked', firstVerdict.notice)
    if (firstVerdict.pass) return this.generated(d, candidate, 'passed', null)

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
      return this.generated(d, candidate, 'rejected', unverified(error, what))
    }
    candidate = resolveCitations(second.text, d.evidence)
    d.run.stage('checking', '')
    const secondVerdict = await this.check(d, candidate, 'judge-2')
    if ('notice' in secondVerdict)
      return this.generated(d, candidate, 'unchecked', secondVerdict.notice)
    if (secondVerdict.pass) return this.generated(d, candidate, 'passed', null)

    const citations = d.evidence
      .all()
      .slice(0, 3)
      .map((p, i) => toCitation(i + 1, p, d.question))
    const fallback = { answer: ANSWER_TEXTS[d.language.texts].fallback, citations }
    return this.generated(d, fallback, 'rejected', null)
  }

  private async synthesize(
    d: Draft,
    contents: ChatContent[],
    label: string
  ): Promise<ChatResponse> {
    const system = synthesisPrompt(d.language.instruction, d.source)
    const call = (window: number | null): Promise<ChatResponse> =>
      d.model.stream(
        {
          label,
          system,
          contents:
            window === null
              ? this.withPassages(d, contents)
              : this.fit(d, system, contents, window),
          // Declared but disabled: the history holds function calls, and the answer must be text.
          ...(d.model.capabilities.toolCalling && {
            tools: d.tools.map(toolDeclaration),
            toolMode: 'none' as const
          })
        },
        (text) => d.run.token(text),
        d.signal
      )
    let response: ChatResponse
    try {
      response = await call(d.model.contextTokens)
    } catch (error) {
      // The server knows its window better than the setting does: trim to it and try once more.
      if (!(error instanceof ContextOverflowError) || d.model.contextTokens === null) throw error
      const window = error.contextTokens ?? Math.floor(d.model.contextTokens / 2)
      d.run.stage('drafting', '')
      response = await call(Math.min(window, d.model.contextTokens))
    }
    d.run.usage(label, response.usage)
    return response
  }

  /** `contents` with the passages written in (retrieve-then-answer), untrimmed. */
  private withPassages(d: Draft, contents: ChatContent[]): ChatContent[] {
    if (d.source === 'tools') return contents
    return withQuestion(contents, d.questionAt, passagesContent(d.question, d.evidence.all()))
  }

  /** `contents` trimmed to a context window of `window` tokens; records what was left out. */
  private fit(d: Draft, system: string, contents: ChatContent[], window: number): ChatContent[] {
    let shown: Set<string>
    let total: number
    let fitted: ChatContent[]
    if (d.source === 'tools') {
      ;({ contents: fitted, shown, total } = fitToolResults(system, contents, window))
    } else {
      const passages = d.evidence.all()
      const render = (p: readonly EvidencePassage[]): string =>
        d.question + passagesBlock(p) + JSON.stringify(withQuestion(contents, d.questionAt, null))
      const n = passagesThatFit(system, render, passages, window)
      if (n === 0) throw new ContextOverflowError('Not even one passage fits.', window)
      const kept = passages.slice(0, n)
      shown = new Set(kept.map((p) => p.id))
      total = passages.length
      fitted = withQuestion(contents, d.questionAt, passagesContent(d.question, kept))
    }
    if (shown.size < total) {
      if (shown.size === 0) throw new ContextOverflowError('Not even one passage fits.', window)
      d.evidence.retain(shown)
      d.trimmed = appError('CONTEXT_TOO_SMALL', {
        key: 'contextTrimmed',
        params: { tokens: window, shown: shown.size, total }
      })
    }
    return fitted
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
    check: AnswerCheck,
    notice: AppError | null
  ): Answer {
    const answeredBy: AnsweredBy = {
      provider: d.model.provider,
      model: d.model.model,
      fallback: d.fallback
    }
    return {
      question: d.question,
      answer: cited.answer,
      mode: 'generated',
      verified: check === 'passed',
      check,
      notice: combine(notice, d.trimmed),
      citations: cited.citations,
      usage: d.run.total(),
      answeredBy
    }
  }
}

/** The user's turn of retrieve-then-answer: the question, then the passages as a data block. */
function passagesContent(question: string, passages: readonly EvidencePassage[]): ChatContent {
  return { role: 'user', parts: [{ text: question }, { text: passagesBlock(passages) }] }
}

/** `contents` with the question's turn at `at` replaced (or left out, with null). */
function withQuestion(
  contents: ChatContent[],
  at: number,
  turn: ChatContent | null
): ChatContent[] {
  return [...contents.slice(0, at), ...(turn ? [turn] : []), ...contents.slice(at + 1)]
}

/**
 * One notice from two: the first's code, both messages.
 * @remarks When both are catalog messages the result is `errors.both` naming the two keys with
 * their values together, so each is said in the UI language. Two messages whose values clash
 * (a `model` of each, different) keep no key: the English pair is folded, never half said.
 */
export function combine(first: AppError | null, second: AppError | null): AppError | null {
  if (!first || !second) return first ?? second
  const message = `${first.message} ${second.message}`
  const rest: AppError = { ...first }
  delete rest.key
  delete rest.params
  const one = first.params ?? {}
  const two = second.params ?? {}
  const clash = Object.keys(two).some((k) => k in one && one[k] !== two[k])
  if (!first.key || !second.key || clash) return { ...rest, message }
  const params = { ...one, ...two, firstKey: first.key, secondKey: second.key }
  return { ...rest, message, key: 'both', params }
}

/** The message when a local model's window cannot hold even the question and one passage. */
function tooSmall(model: ChatModel, window: number | null): ErrorText {
  const size = window ?? model.contextTokens
  return size
    ? { key: 'contextTooSmallSized', params: { model: model.model, tokens: size } }
    : { key: 'contextTooSmall', params: { model: model.model } }
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
