import type { AppError } from '../../shared/errors'
import { PROVIDER_TRAITS, type Provider } from '../../shared/providers'
import type { Answer, Paper, Settings, UiLanguage } from '../../shared/types'
import { appError, CancelledError, isUserFacing, toAppError, UserFacingError } from '../errors'
import type { EventSink } from '../events'
import { mainUiLanguage } from '../language/mainUiLanguage'
import type { Retriever } from '../search/types'
import { combine, tooSmall } from './answerNotices'
import { AnswerRun } from './AnswerRun'
import { ContextOverflowError, type ChatModel } from './ChatModel'
import { directAnswer, directReply, offTopicAnswer } from './directAnswers'
import { gatherDraft } from './draft'
import { evidenceAnswer } from './evidenceAnswer'
import { DEFAULT_HISTORY_TOKENS, trimHistory, type PriorTurn } from './history'
import { answerLanguage, type AnswerLanguage, type EvidenceReason } from './language'
import { MessageClassifier } from './messageKind'
import { papersOutsideScope, scopeTo, type AnswerScope } from './scope'
import { followUpPapers, keywordStandaloneQuery, preferringPapers } from './standaloneQuery'
import { writeAnswer } from './writeAnswer'

export { combine } from './answerNotices'

/** What the agent needs; the composition root passes the real ones, tests pass fakes. */
export interface AgentServiceDeps {
  retriever: Retriever
  papers: () => Paper[]
  /**
   * The model to use now (Gemini or the local one, per Settings), or null when it cannot be
   * used (no API key, no local model chosen): evidence-only answers.
   */
  chatModel: (provider?: Provider) => ChatModel | null
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
  /** Who writes this answer (Settings' provider when absent). */
  provider?: Provider | undefined
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
      return directAnswer(input.question, 'smalltalk', directReply(kind, input.question), language)
    }
    const provider = input.provider ?? settings.provider
    const model = this.deps.chatModel(provider)
    if (kind === 'offtopic')
      return offTopicAnswer(input.question, model, history, language, run, signal)
    const scope = scopeTo(this.deps.retriever, this.deps.papers, input.paperIds)
    if (!scope.papers().some((p) => p.status === 'indexed')) {
      // References kept without a PDF are never searched: say that, not "not indexed yet".
      const noPdf = input.paperIds && scope.papers().every((p) => p.status === 'metadata')
      throw new UserFacingError(
        'NOT_FOUND',
        noPdf
          ? { key: 'scopeHasNoPdf' }
          : input.paperIds
            ? { key: 'noIndexedPaperInScope' }
            : { key: 'noIndexedPaper' }
      )
    }
    const evidenceOnly = (reason: EvidenceReason, notice: AppError): Promise<Answer> =>
      evidenceAnswer({
        question: input.question,
        // Only questions are used here, so the whole thread fits, not just the trimmed history.
        query: keywordStandaloneQuery(input.question, input.history ?? []),
        // A follow-up that points back is answered from the papers the last answer cited first.
        retriever: withCited(scope.retriever, input.question, input.history ?? []),
        // The label is UI text: it is in the UI language, whatever the answer language.
        language: ui,
        reason,
        notice,
        run,
        signal
      })
    // Asked in a scoped thread about papers outside it: the answer says so (and offers all).
    const outside = input.paperIds
      ? await papersOutsideScope(
          this.deps.retriever,
          input.paperIds,
          keywordStandaloneQuery(input.question, input.history ?? []),
          signal
        )
      : null
    const respond = async (): Promise<Answer> => {
      if (!model) {
        // No model: a provider that runs locally has none chosen; any other lacks its key.
        if (PROVIDER_TRAITS[provider].runsLocally) {
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
    const answer = await respond()
    return outside ? { ...answer, outsideScope: outside } : answer
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
      const draft = await gatherDraft(
        { question, prior, model, fallback, language, run, scope, signal },
        this.deps
      )
      return await writeAnswer(draft)
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
}

/** The retriever, preferring the papers the previous answer cited when the question points back. */
function withCited(
  retriever: Retriever,
  question: string,
  history: readonly PriorTurn[]
): Retriever {
  const cited = followUpPapers(question, history)
  return cited ? preferringPapers(retriever, cited) : retriever
}
