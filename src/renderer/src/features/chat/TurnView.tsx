import { useState } from 'react'
import { PROVIDER_TRAITS } from '../../../../shared/providers'
import type { Answer } from '../../../../shared/types'
import { useTranslation } from '../../i18n'
import type { Turn } from '../../store/chatSlice'
import { useAppStore } from '../../store/StoreContext'
import { FigureCrops } from './FigureCrops'
import { AnswerBody } from './AnswerBody'
import { AnswerLabels } from './AnswerLabels'
import { answerMarkdown } from './answerMarkdown'
import { ErrorNotice } from './ErrorNotice'
import { EvidenceBody } from './EvidenceBody'
import { hideRawMarkers } from './citationLinks'
import { OutsideScope } from './OutsideScope'
import { shownAnswer } from './shownAnswer'
import { SourceList } from './SourceList'
import { stageText } from './stageText'

/** Names the local model that wrote an answer, and says when it stood in for Gemini. */
function AnsweredBy({ answer }: { answer: Answer }) {
  const { t } = useTranslation()
  const by = answer.answeredBy
  if (answer.mode !== 'generated' || !by || !PROVIDER_TRAITS[by.provider].runsLocally) return null
  return (
    <div className="answer-by" data-label="local" data-fallback={String(by.fallback)}>
      {t(by.fallback ? 'labels.answeredByFallback' : 'labels.answeredByLocal', {
        model: by.model
      })}
    </div>
  )
}

function CopyButton({ answer, turnId }: { answer: Answer; turnId?: string }) {
  const exportThread = useAppStore((s) => s.exportThread)
  const [copied, setCopied] = useState(false)
  const { t } = useTranslation()
  const copy = async (): Promise<void> => {
    // A saved answer exports from main, with its full references; otherwise from what is here.
    const saved = turnId ? await exportThread('md', turnId) : null
    await navigator.clipboard.writeText(saved?.content ?? answerMarkdown(answer, t))
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }
  return (
    <button type="button" className="btn btn-small" onClick={() => void copy()}>
      {copied ? t('chat.copied') : t('chat.copy')}
    </button>
  )
}

/** One question and its answer, its live progress, or its error. */
export function TurnView({ turn }: { turn: Turn }) {
  const retry = useAppStore((s) => s.retry)
  const cancel = useAppStore((s) => s.cancel)
  const { t } = useTranslation()
  return (
    <article className="turn" data-status={turn.status} data-request-id={turn.requestId}>
      <div className="question">{turn.question}</div>
      <div className="answer">
        {turn.status === 'running' && (
          <>
            <div className="stage-line" aria-live="polite">
              <span className="spinner" aria-hidden="true" />
              <span className="stage-text">{stageText(turn.stage, t)}</span>
              <button
                type="button"
                className="btn btn-small btn-quiet"
                onClick={() => void cancel(turn.requestId)}
              >
                {t('chat.stop')}
              </button>
            </div>
            {turn.streamed && (
              <AnswerBody text={hideRawMarkers(turn.streamed)} citations={[]} streaming />
            )}
          </>
        )}
        {turn.status === 'done' && turn.answer && (
          <>
            <AnsweredBy answer={turn.answer} />
            <AnswerLabels answer={turn.answer} />
            {turn.answer.mode === 'evidence' && turn.answer.excerpts ? (
              <EvidenceBody excerpts={turn.answer.excerpts} citations={turn.answer.citations} />
            ) : (
              <AnswerBody text={shownAnswer(turn.answer, t)} citations={turn.answer.citations} />
            )}
            {turn.answer.outsideScope?.length ? (
              <OutsideScope question={turn.question} paperIds={turn.answer.outsideScope} />
            ) : null}
            <FigureCrops citations={turn.answer.citations} />
            {turn.answer.mode !== 'evidence' && <SourceList citations={turn.answer.citations} />}
            <div className="answer-footer">
              {turn.usage.inputTokens + turn.usage.outputTokens > 0 && (
                <span className="usage" title={t('chat.usageTitle')}>
                  {t('chat.usage', {
                    input: turn.usage.inputTokens,
                    output: turn.usage.outputTokens
                  })}
                </span>
              )}
              {turn.answer.mode !== 'smalltalk' && (
                <CopyButton answer={turn.answer} turnId={turn.turnId} />
              )}
            </div>
          </>
        )}
        {turn.status === 'error' && turn.error && (
          <ErrorNotice error={turn.error} onRetry={() => void retry(turn.requestId)} />
        )}
        {turn.status === 'interrupted' && (
          <div className="notice notice-warn" data-label="interrupted">
            <div className="notice-title">{t('threads.interruptedTitle')}</div>
            <div className="notice-message">{t('threads.interruptedBody')}</div>
            <div className="notice-buttons">
              <button type="button" className="btn" onClick={() => void retry(turn.requestId)}>
                {t('chat.askAgain')}
              </button>
            </div>
          </div>
        )}
        {turn.status === 'cancelled' && (
          <div className="notice">
            <div className="notice-title">{t('chat.stopped')}</div>
            <div className="notice-buttons">
              <button type="button" className="btn" onClick={() => void retry(turn.requestId)}>
                {t('chat.askAgain')}
              </button>
            </div>
          </div>
        )}
      </div>
    </article>
  )
}
