import { useState } from 'react'
import type { Answer } from '../../../../shared/types'
import type { Turn } from '../../store/chatSlice'
import { useAppStore } from '../../store/StoreContext'
import { FigureCrops } from './FigureCrops'
import { AnswerBody } from './AnswerBody'
import { answerMarkdown } from './answerMarkdown'
import { ErrorNotice } from './ErrorNotice'
import { hideRawMarkers } from './parseAnswer'
import { stageText } from './stageText'

/** Formats a token count: 1234 -> "1,234". */
export function formatTokens(n: number): string {
  return n.toLocaleString('en-US')
}

function AnswerLabels({ answer }: { answer: Answer }) {
  if (answer.mode === 'evidence') {
    return (
      <div className="notice notice-evidence" data-label="evidence">
        <div className="notice-title">Evidence only — not a generated answer</div>
        <div className="notice-message">
          {answer.notice?.message ??
            'These are the passages that best match your question, quoted from the papers.'}
        </div>
      </div>
    )
  }
  if (!answer.verified) {
    return (
      <div className="notice notice-warn" data-label="unverified">
        <div className="notice-title">Unverified answer</div>
        <div className="notice-message">
          {answer.notice?.message ?? 'The answer could not be checked; read its sources.'}
        </div>
      </div>
    )
  }
  return null
}

function CopyButton({ answer }: { answer: Answer }) {
  const [copied, setCopied] = useState(false)
  const copy = async (): Promise<void> => {
    await navigator.clipboard.writeText(answerMarkdown(answer))
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }
  return (
    <button type="button" className="btn btn-small" onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy as Markdown'}
    </button>
  )
}

/** One question and its answer, its live progress, or its error. */
export function TurnView({ turn }: { turn: Turn }) {
  const retry = useAppStore((s) => s.retry)
  const cancel = useAppStore((s) => s.cancel)
  return (
    <article className="turn" data-status={turn.status} data-request-id={turn.requestId}>
      <div className="question">{turn.question}</div>
      <div className="answer">
        {turn.status === 'running' && (
          <>
            <div className="stage-line" aria-live="polite">
              <span className="spinner" aria-hidden="true" />
              <span className="stage-text">{stageText(turn.stage)}</span>
              <button
                type="button"
                className="btn btn-small btn-quiet"
                onClick={() => void cancel(turn.requestId)}
              >
                Stop
              </button>
            </div>
            {turn.streamed && (
              <div className="answer-body streaming">{hideRawMarkers(turn.streamed)}</div>
            )}
          </>
        )}
        {turn.status === 'done' && turn.answer && (
          <>
            <AnswerLabels answer={turn.answer} />
            <AnswerBody text={turn.answer.answer} citations={turn.answer.citations} />
            <FigureCrops citations={turn.answer.citations} />
            <div className="answer-footer">
              <span className="usage" title="Tokens for this answer (input / output)">
                {formatTokens(turn.usage.inputTokens)} in · {formatTokens(turn.usage.outputTokens)}{' '}
                out tokens
              </span>
              <CopyButton answer={turn.answer} />
            </div>
          </>
        )}
        {turn.status === 'error' && turn.error && (
          <ErrorNotice error={turn.error} onRetry={() => void retry(turn.requestId)} />
        )}
        {turn.status === 'cancelled' && (
          <div className="notice">
            <div className="notice-title">Stopped</div>
            <div className="notice-buttons">
              <button type="button" className="btn" onClick={() => void retry(turn.requestId)}>
                Ask again
              </button>
            </div>
          </div>
        )}
      </div>
    </article>
  )
}
