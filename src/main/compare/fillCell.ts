import type { z } from 'zod'
import type { CompareCell, CompareColumn, Verdict } from '../../shared/compare'
import type { AppError } from '../../shared/errors'
import type { Citation, Paper } from '../../shared/types'
import { AnswerRun } from '../agent/AnswerRun'
import type { ChatModel } from '../agent/ChatModel'
import { toCitation } from '../agent/citations'
import { EvidenceSet, type EvidencePassage } from '../agent/evidence'
import { judgeAnswer } from '../agent/judge'
import { isUserFacing, toAppError, UserFacingError, appError } from '../errors'
import type { EventSink } from '../events'
import type { Retriever } from '../search/types'
import {
  cellRequest,
  claimCellPrompt,
  ClaimCellSchema,
  jsonSchemaOf,
  questionCellPrompt,
  QuestionCellSchema,
  VERDICT_CHECK_PROMPT,
  verdictCheckRequest,
  VerdictCheckSchema
} from './prompts'

/** Passages of the paper shown to the model for one cell. */
const CELL_PASSAGES = 5
/** Passages shown in an evidence-only cell. */
const EVIDENCE_PASSAGES = 3

/** What filling one cell needs. */
export interface CellContext {
  /** A retriever already limited to this paper (see `scopeTo`). */
  retriever: Retriever
  paper: Paper
  column: CompareColumn
  /** What to search the paper for: the column's text rewritten as an English query. */
  query: string
  /** Null: no key; the cell holds the paper's best passages only. */
  model: ChatModel | null
  /** Told to the model, e.g. "Write the answer in English." */
  languageInstruction: string
  signal?: AbortSignal
}

/** Answer events of cells are not shown in the chat; their usage is summed per cell. */
const quiet: EventSink = { emit: () => undefined }

/** A filled cell: `status` and `citations` given, the rest empty unless set. */
type CellFields = Pick<CompareCell, 'status' | 'citations'> & Partial<CompareCell>

/**
 * Fills one cell from that paper's own passages.
 * @remarks Search (scoped to the paper, with the column's retrieval query) -> one structured
 * model call -> citations resolved against the passages shown (so a cell can only cite its own
 * paper) -> the check. Rate limits and cancels are thrown for the caller to pause or stop; no
 * key or no network gives an evidence-only cell; any other failure of the check keeps the
 * answer, marked unverified.
 */
export async function fillCell(ctx: CellContext): Promise<CompareCell> {
  const { paper, column, query, signal } = ctx
  const run = new AnswerRun(`compare-${paper.id}-${column.id}`, quiet)
  const found = await ctx.retriever.search(
    { query, limit: CELL_PASSAGES, paperIds: [paper.id] },
    signal
  )
  const evidence = new EvidenceSet()
  const passages = evidence
    .addSearchResults(found.results, query)
    .filter((p) => p.paperId === paper.id)
  const cell = (fields: CellFields): CompareCell => ({
    paperId: paper.id,
    columnId: column.id,
    answer: '',
    verdict: null,
    notice: null,
    problem: null,
    usage: run.total(),
    ...fields
  })
  const evidenceCell = (notice: AppError): CompareCell =>
    cell({
      status: 'evidence',
      citations: passages.slice(0, EVIDENCE_PASSAGES).map((p, i) => toCitation(i + 1, p, query)),
      notice
    })
  if (!ctx.model) {
    return evidenceCell({
      ...appError('NO_API_KEY', { key: 'cellNoApiKey' })
    })
  }
  if (passages.length === 0) {
    return cell({
      status: 'not-stated',
      verdict: column.kind === 'claim' ? 'does-not-address' : null,
      citations: []
    })
  }
  try {
    return await answerCell(ctx, ctx.model, passages, evidence, run, cell)
  } catch (error) {
    if (isUserFacing(error, 'OFFLINE') || isUserFacing(error, 'NO_API_KEY')) {
      return evidenceCell(toAppError(error))
    }
    if (isUserFacing(error, 'RATE_LIMITED') || isUserFacing(error, 'CANCELLED')) throw error
    if (error instanceof UserFacingError) {
      return cell({ status: 'failed', citations: [], notice: toAppError(error) })
    }
    throw error
  }
}

/** What the model said for a cell, whichever kind of column asked. */
interface CellReply {
  /** A question the paper does not answer, or a claim it does not address. */
  silent: boolean
  verdict: Verdict | null
  answer: string
  passageIds: string[]
}

/** The model's answer for a cell, its citations, and its check. */
async function answerCell(
  ctx: CellContext,
  model: ChatModel,
  passages: EvidencePassage[],
  evidence: EvidenceSet,
  run: AnswerRun,
  cell: (fields: CellFields) => CompareCell
): Promise<CompareCell> {
  const { paper, column, signal } = ctx
  const reply = await askCell(ctx, model, passages, run)
  const answered = (fields: CellFields): CompareCell =>
    cell({ verdict: reply.verdict, answer: reply.answer, ...fields })
  if (reply.silent) return answered({ status: 'not-stated', citations: [] })
  const citations = cite(reply.passageIds, evidence, paper.id, reply.answer)
  if (citations.length === 0) {
    const problem =
      column.kind === 'question'
        ? 'The answer cites no passage of this paper.'
        : 'The verdict quotes no passage of this paper.'
    return answered({ status: 'unverified', citations, problem })
  }
  const checked = await check(() =>
    column.kind === 'question'
      ? judgeAnswer(model, column.text, reply.answer, run, signal, 'compare-judge')
      : checkVerdict(model, run, column.text, reply.verdict!, citations, evidence, signal)
  )
  return answered({
    status: checked.pass ? 'answered' : 'unverified',
    citations,
    notice: checked.notice,
    problem: checked.problem
  })
}

/** One structured call for a cell: a question's answer, or a claim's verdict. */
async function askCell(
  ctx: CellContext,
  model: ChatModel,
  passages: EvidencePassage[],
  run: AnswerRun
): Promise<CellReply> {
  const { paper, column, signal, languageInstruction } = ctx
  const request = cellRequest(paper, column.kind, column.text, passages)
  if (column.kind === 'question') {
    const r = await ask(
      model,
      run,
      'compare-cell',
      questionCellPrompt(languageInstruction),
      request,
      QuestionCellSchema,
      signal
    )
    return {
      silent: r.status === 'not_stated',
      verdict: null,
      answer: r.answer.trim(),
      passageIds: r.passageIds
    }
  }
  const r = await ask(
    model,
    run,
    'compare-cell',
    claimCellPrompt(languageInstruction),
    request,
    ClaimCellSchema,
    signal
  )
  const verdict = r.verdict.replace(/_/g, '-') as Verdict
  return {
    silent: verdict === 'does-not-address',
    verdict,
    answer: r.answer.trim(),
    passageIds: r.passageIds
  }
}

/** Checks a claim cell's verdict against the passages it quotes. */
async function checkVerdict(
  model: ChatModel,
  run: AnswerRun,
  claim: string,
  verdict: Verdict,
  citations: readonly Citation[],
  evidence: EvidenceSet,
  signal?: AbortSignal
): Promise<{ pass: boolean; problem: string }> {
  const quotes = citations.map((c) => evidence.get(c.chunkId)!.text.replace(/\s+/g, ' ').trim())
  const r = await ask(
    model,
    run,
    'compare-check',
    VERDICT_CHECK_PROMPT,
    verdictCheckRequest(claim, verdict, quotes),
    VerdictCheckSchema,
    signal
  )
  return {
    pass: r.quoteSupportsVerdict,
    problem: r.problem.trim() || 'The quoted passages do not show this verdict.'
  }
}

/** One structured call, parsed with its zod schema. */
async function ask<S extends z.ZodType>(
  model: ChatModel,
  run: AnswerRun,
  label: string,
  system: string,
  text: string,
  schema: S,
  signal?: AbortSignal
): Promise<z.infer<S>> {
  const response = await model.generate(
    {
      label,
      system,
      contents: [{ role: 'user', parts: [{ text }] }],
      jsonSchema: jsonSchemaOf(schema)
    },
    signal
  )
  run.usage(label, response.usage)
  let value: unknown
  try {
    value = JSON.parse(response.text)
  } catch (cause) {
    throw new UserFacingError(
      'UPSTREAM_UNAVAILABLE',
      { key: 'replyNotJson', params: { detail: response.text.slice(0, 120) } },
      { cause }
    )
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw new UserFacingError('UPSTREAM_UNAVAILABLE', {
      key: 'replyMissingFields',
      params: { detail: response.text.slice(0, 120) }
    })
  }
  return parsed.data
}

/** Citations for the ids the model gave, only those among this paper's passages shown. */
function cite(ids: readonly string[], evidence: EvidenceSet, paperId: string, claim: string) {
  const seen = new Set<string>()
  const out = []
  for (const id of ids) {
    const p = evidence.get(id.trim())
    if (!p || p.paperId !== paperId || seen.has(p.id)) continue
    seen.add(p.id)
    out.push(toCitation(out.length + 1, p, claim))
  }
  return out
}

/** Runs a check; a failure other than a rate limit or cancel leaves the cell unverified. */
async function check(
  run: () => Promise<{ pass: boolean; problem: string }>
): Promise<{ pass: boolean; problem: string | null; notice: AppError | null }> {
  try {
    const v = await run()
    return { pass: v.pass, problem: v.pass ? null : v.problem, notice: null }
  } catch (error) {
    if (isUserFacing(error, 'RATE_LIMITED') || isUserFacing(error, 'CANCELLED')) throw error
    const why = toAppError(error)
    return {
      pass: false,
      problem: null,
      notice: {
        ...why,
        message: `This cell could not be checked, so it is shown unverified: ${why.message}`
      }
    }
  }
}
