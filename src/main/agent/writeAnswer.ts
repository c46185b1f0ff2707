import type { AppError } from '../../shared/errors'
import type { Answer, AnswerCheck, AnsweredBy } from '../../shared/types'
import { combine, unverified } from './answerNotices'
import { ContextOverflowError, type ChatContent, type ChatResponse } from './ChatModel'
import { resolveCitations, toCitation, type CitedAnswer } from './citations'
import { fitToolResults, passagesThatFit } from './contextBudget'
import type { Draft } from './draft'
import type { EvidencePassage } from './evidence'
import { appError } from '../errors'
import { judgeAnswer } from './judge'
import { ANSWER_TEXTS } from './language'
import { passagesBlock, revisionRequest, synthesisPrompt } from './prompts'
import { toolDeclaration } from './tools/tool'

/**
 * The second answer stage: drafts from the evidence, checks, rewrites once, and falls back.
 * @remarks See `AgentService`'s remarks: once a candidate answer exists, a failing check keeps
 * it, marked unverified; two flagged drafts give the fixed, honest fallback.
 */
export async function writeAnswer(d: Draft): Promise<Answer> {
  d.run.stage('drafting', '')
  const first = await synthesize(d, d.history, 'synthesis')
  let candidate = resolveCitations(first.text, d.evidence)
  d.run.stage('checking', '')
  const firstVerdict = await check(d, candidate, 'judge')
  if ('notice' in firstVerdict) return generated(d, candidate, 'unchecked', firstVerdict.notice)
  if (firstVerdict.pass) return generated(d, candidate, 'passed', null)

  d.run.stage('revising', firstVerdict.problem)
  let second: ChatResponse
  try {
    const retry: ChatContent = {
      role: 'user',
      parts: [{ text: revisionRequest(firstVerdict.problem) }]
    }
    // An empty model turn is invalid history; the revision request alone says what failed.
    const draftTurn = first.turn.parts.length ? [first.turn] : []
    second = await synthesize(d, [...d.history, ...draftTurn, retry], 'revision')
  } catch (error) {
    const what = `was flagged by the check (${firstVerdict.problem}) and could not be rewritten`
    return generated(d, candidate, 'rejected', unverified(error, what))
  }
  candidate = resolveCitations(second.text, d.evidence)
  d.run.stage('checking', '')
  const secondVerdict = await check(d, candidate, 'judge-2')
  if ('notice' in secondVerdict) return generated(d, candidate, 'unchecked', secondVerdict.notice)
  if (secondVerdict.pass) return generated(d, candidate, 'passed', null)

  const citations = d.evidence
    .all()
    .slice(0, 3)
    .map((p, i) => toCitation(i + 1, p, d.question))
  const fallback = { answer: ANSWER_TEXTS[d.language.texts].fallback, citations }
  return generated(d, fallback, 'rejected', null)
}

async function synthesize(d: Draft, contents: ChatContent[], label: string): Promise<ChatResponse> {
  const system = synthesisPrompt(d.language.instruction, d.source)
  const call = (window: number | null): Promise<ChatResponse> =>
    d.model.stream(
      {
        label,
        system,
        contents: window === null ? withPassages(d, contents) : fit(d, system, contents, window),
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
function withPassages(d: Draft, contents: ChatContent[]): ChatContent[] {
  if (d.source === 'tools') return contents
  return withQuestion(contents, d.questionAt, passagesContent(d.question, d.evidence.all()))
}

/** `contents` trimmed to a context window of `window` tokens; records what was left out. */
function fit(d: Draft, system: string, contents: ChatContent[], window: number): ChatContent[] {
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

async function check(
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

function generated(
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
