import type { z } from 'zod'
import type { CompareCell, CompareColumn, Verdict } from '../../shared/compare'
import type { AppError } from '../../shared/errors'
import type { Paper } from '../../shared/types'
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
  /** Null: no key; the cell holds the paper's best passages only. */
  model: ChatModel | null
  /** Told to the model, e.g. "Write the answer in English." */
  languageInstruction: string
  signal?: AbortSignal
}

/** Answer events of cells are not shown in the chat; their usage is summed per cell. */
const quiet: EventSink = { emit: () => undefined }

/**
 * Fills one cell from that paper's own passages.
 * @remarks Search (scoped to the paper) -> one structured model call -> citations resolved
 * against the passages shown (so a cell can only cite its own paper) -> the judge. Rate limits
 * and cancels are thrown for the caller to pause or stop; no key or no network gives an
 * evidence-only cell; any other failure of the check keeps the answer, marked unverified.
 */
export async function fillCell(ctx: CellContext): Promise<CompareCell> {
  const { paper, column, signal } = ctx
  const run = new AnswerRun(`compare-${paper.id}-${column.id}`, quiet)
  const found = await ctx.retriever.search(
    { query: column.text, limit: CELL_PASSAGES, paperIds: [paper.id] },
    signal
  )
  const evidence = new EvidenceSet()
  const passages = evidence
    .addSearchResults(found.results, column.text)
    .filter((p) => p.paperId === paper.id)
  const base = { paperId: paper.id, columnId: column.id, notice: null, problem: null }
  const evidenceCell = (notice: AppError): CompareCell => ({
    ...base,
    status: 'evidence',
    answer: '',
    verdict: null,
    citations: passages
      .slice(0, EVIDENCE_PASSAGES)
      .map((p, i) => toCitation(i + 1, p, column.text)),
    notice,
    usage: run.total()
  })
  if (!ctx.model) {
    return evidenceCell({
      ...appError('NO_API_KEY', { key: 'cellNoApiKey' })
    })
  }
  if (passages.length === 0) {
    return {
      ...base,
      status: 'not-stated',
      answer: '',
      verdict: column.kind === 'claim' ? 'does-not-address' : null,
      citations: [],
      usage: run.total()
    }
  }
  try {
    return column.kind === 'question'
      ? await questionCell(ctx, ctx.model, passages, evidence, run)
      : await claimCell(ctx, ctx.model, passages, evidence, run)
  } catch (error) {
    if (isUserFacing(error, 'OFFLINE') || isUserFacing(error, 'NO_API_KEY')) {
      return evidenceCell(toAppError(error))
    }
    if (isUserFacing(error, 'RATE_LIMITED') || isUserFacing(error, 'CANCELLED')) throw error
    if (error instanceof UserFacingError) {
      return {
        ...base,
        status: 'failed',
        answer: '',
        verdict: null,
        citations: [],
        notice: toAppError(error),
        usage: run.total()
      }
    }
    throw error
  }
}

async function questionCell(
  ctx: CellContext,
  model: ChatModel,
  passages: EvidencePassage[],
  evidence: EvidenceSet,
  run: AnswerRun
): Promise<CompareCell> {
  const { paper, column, signal } = ctx
  const reply = await ask(
    model,
    run,
    'compare-cell',
    questionCellPrompt(ctx.languageInstruction),
    cellRequest(paper, 'question', column.text, passages),
    QuestionCellSchema,
    signal
  )
  const base = {
    paperId: paper.id,
    columnId: column.id,
    verdict: null,
    notice: null,
    problem: null
  }
  if (reply.status === 'not_stated') {
    return {
      ...base,
      status: 'not-stated',
      answer: reply.answer.trim(),
      citations: [],
      usage: run.total()
    }
  }
  const citations = cite(reply.passageIds, evidence, paper.id, reply.answer)
  if (citations.length === 0) {
    return {
      ...base,
      status: 'unverified',
      answer: reply.answer.trim(),
      citations,
      problem: 'The answer cites no passage of this paper.',
      usage: run.total()
    }
  }
  const checked = await check(() =>
    judgeAnswer(model, column.text, reply.answer, run, signal, 'compare-judge')
  )
  return {
    ...base,
    status: checked.pass ? 'answered' : 'unverified',
    answer: reply.answer.trim(),
    citations,
    notice: checked.notice,
    problem: checked.problem,
    usage: run.total()
  }
}

async function claimCell(
  ctx: CellContext,
  model: ChatModel,
  passages: EvidencePassage[],
  evidence: EvidenceSet,
  run: AnswerRun
): Promise<CompareCell> {
  const { paper, column, signal } = ctx
  const reply = await ask(
    model,
    run,
    'compare-cell',
    claimCellPrompt(ctx.languageInstruction),
    cellRequest(paper, 'claim', column.text, passages),
    ClaimCellSchema,
    signal
  )
  const verdict = reply.verdict.replace(/_/g, '-') as Verdict
  const base = { paperId: paper.id, columnId: column.id, verdict, notice: null, problem: null }
  if (verdict === 'does-not-address') {
    return {
      ...base,
      status: 'not-stated',
      answer: reply.answer.trim(),
      citations: [],
      usage: run.total()
    }
  }
  const citations = cite(reply.passageIds, evidence, paper.id, reply.answer)
  if (citations.length === 0) {
    return {
      ...base,
      status: 'unverified',
      answer: reply.answer.trim(),
      citations,
      problem: 'The verdict quotes no passage of this paper.',
      usage: run.total()
    }
  }
  const quotes = citations.map((c) => evidence.get(c.chunkId)!.text.replace(/\s+/g, ' ').trim())
  const checked = await check(async () => {
    const r = await ask(
      model,
      run,
      'compare-check',
      VERDICT_CHECK_PROMPT,
      verdictCheckRequest(column.text, verdict, quotes),
      VerdictCheckSchema,
      signal
    )
    return {
      pass: r.quoteSupportsVerdict,
      problem: r.problem.trim() || 'The quoted passages do not show this verdict.'
    }
  })
  return {
    ...base,
    status: checked.pass ? 'answered' : 'unverified',
    answer: reply.answer.trim(),
    citations,
    notice: checked.notice,
    problem: checked.problem,
    usage: run.total()
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
      `The model's reply could not be read (not JSON): ${response.text.slice(0, 120)}`,
      { cause }
    )
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw new UserFacingError(
      'UPSTREAM_UNAVAILABLE',
      `The model's reply did not have the expected fields: ${response.text.slice(0, 120)}`
    )
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
