import type { AppError } from '../../shared/errors'
import type { Answer } from '../../shared/types'
import type { Retriever } from '../search/types'
import type { AnswerRun } from './AnswerRun'
import { toCitation } from './citations'
import { EvidenceSet } from './evidence'
import { excerptFor, readableText } from './excerpt'
import { ANSWER_TEXTS, type EvidenceReason, type TextLanguage } from './language'

/** Passages in an evidence-only answer. */
const EVIDENCE_PASSAGES = 5

/**
 * The answer without a model: the top passages for the question, numbered and cited.
 * @remarks Used with no key or no network. It is labelled as not generated, in the answer
 * language, so nobody mistakes quoted passages for a summary.
 */
export async function evidenceAnswer(options: {
  question: string
  /** What to search for: the question, or a follow-up made standalone. */
  query?: string
  /** The thread's scope, if limited to some papers. */
  paperIds?: string[]
  retriever: Retriever
  language: TextLanguage
  reason: EvidenceReason
  /** What the UI says about it (code NO_API_KEY or OFFLINE). */
  notice: AppError
  run: AnswerRun
  signal?: AbortSignal
}): Promise<Answer> {
  const { question, run } = options
  const query = options.query ?? question
  const texts = ANSWER_TEXTS[options.language]
  run.stage('searching', `"${query}"`)
  const response = await options.retriever.search(
    {
      query,
      limit: EVIDENCE_PASSAGES,
      ...(options.paperIds && { paperIds: options.paperIds })
    },
    options.signal
  )
  const passages = new EvidenceSet().addSearchResults(response.results, query)
  const label = texts.evidenceLabel(options.reason)
  const body = passages.map(
    (p, i) =>
      `${texts.passage(i + 1, p.title, p.page)}${p.kind && p.kind !== 'text' ? ` [${texts.kind(p.kind)}]` : ''}\n> ${readableText(p.text)}`
  )
  const figures = passages.some((p) => p.kind === 'figure' || p.kind === 'table')
  return {
    question,
    answer: [
      label,
      ...(body.length ? body : [texts.noPassages]),
      ...(figures ? [texts.figureNotRead] : [])
    ].join('\n\n'),
    mode: 'evidence',
    verified: false,
    check: 'unchecked',
    notice: options.notice,
    excerpts: passages.map((p, i) => excerptFor(i + 1, p.text, question)),
    citations: passages.map((p, i) => toCitation(i + 1, p, question)),
    usage: run.total()
  }
}
