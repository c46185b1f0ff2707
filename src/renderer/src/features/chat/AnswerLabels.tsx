import type { Answer, AnswerCheck } from '../../../../shared/types'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation, type TFunction } from '../../i18n'
import { errorTitle } from './errorAdvice'

/** Why an answer holds evidence only, from its notice's code, in the UI language. */
function evidenceReason(answer: Answer, t: TFunction): string {
  switch (answer.notice?.code) {
    case 'NO_API_KEY':
      return t('labels.evidenceNoKey')
    case 'OFFLINE':
      return t('labels.evidenceOffline')
    case 'LOCAL_MODEL_MISSING':
      return t('labels.evidenceNoLocalModel')
    default:
      return t('labels.evidenceDefault')
  }
}

/** The checker's outcome; answers from before it was recorded say only passed or not. */
export function answerCheck(answer: Answer): AnswerCheck {
  return answer.check ?? (answer.verified ? 'passed' : 'unchecked')
}

/**
 * What an answer is: a short reply (no label), off topic, evidence only, checked, not
 * confirmed by the checker, or not checked (with why) — three different states of a
 * generated answer, each said plainly.
 */
export function AnswerLabels({ answer }: { answer: Answer }) {
  const { t } = useTranslation()
  if (answer.mode === 'smalltalk') return null
  if (answer.mode === 'offtopic') {
    return (
      <div className="notice notice-warn" data-label="offtopic">
        <div className="notice-title">{t('threads.offTopicTitle')}</div>
        <div className="notice-message">{t('threads.offTopicBody')}</div>
      </div>
    )
  }
  if (answer.mode === 'evidence') {
    return (
      <div className="notice notice-evidence" data-label="evidence">
        <div className="notice-title">{t('labels.evidenceTitle')}</div>
        <div className="notice-message">{evidenceReason(answer, t)}</div>
      </div>
    )
  }
  const check = answerCheck(answer)
  if (check === 'passed') {
    return (
      <>
        <div className="badge badge-ok" data-label="checked" title={t('labels.checkedBody')}>
          <span aria-hidden="true">✓</span> {t('labels.checkedTitle')}
        </div>
        {answer.notice && (
          <div className="notice" data-label="partial-evidence">
            <div className="notice-title">{t('labels.partialTitle')}</div>
            <ErrorMessage error={answer.notice} />
          </div>
        )}
      </>
    )
  }
  if (check === 'rejected') {
    const why = answer.notice ? errorTitle(answer.notice, t) : null
    return (
      <div className="notice notice-warn" data-label="rejected">
        <div className="notice-title">
          {why ? t('labels.rejectedRewriteTitle') : t('labels.rejectedTitle')}
        </div>
        <div className="notice-message">
          {why ? t('labels.rejectedRewrite', { why }) : t('labels.rejectedBody')}
        </div>
        {answer.notice && <ErrorMessage error={answer.notice} />}
      </div>
    )
  }
  return (
    <div className="notice notice-warn" data-label="unchecked">
      <div className="notice-title">
        {answer.notice
          ? t('labels.uncheckedTitle', { why: errorTitle(answer.notice, t) })
          : t('labels.uncheckedTitlePlain')}
      </div>
      <div className="notice-message">{t('labels.uncheckedBody')}</div>
      {answer.notice && <ErrorMessage error={answer.notice} />}
    </div>
  )
}
