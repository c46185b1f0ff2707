import { useEffect, useState } from 'react'
import type { AppError } from '../../../../shared/errors'
import { ErrorMessage } from '../../components/ErrorMessage'
import { failureText, useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { errorAdvice } from './errorAdvice'

/** Seconds left until `until` (ms since the epoch), ticking once a second; 0 when past. */
function useSecondsLeft(until: number | null): number {
  const left = (): number =>
    until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    if (until === null) return
    const timer = setInterval(() => {
      const s = left()
      setSeconds(s)
      if (s === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until])
  return seconds
}

/**
 * An error from answering: what happened, what to do, and a Retry button.
 * @remarks A quota error with a wait says it once, as a live countdown; Retry is enabled when
 * it ends. Main's own message (which names the same wait) is folded under Details then.
 */
export function ErrorNotice({ error, onRetry }: { error: AppError; onRetry: () => void }) {
  const openSettings = useAppStore((s) => s.openSettings)
  const { t } = useTranslation()
  const advice = errorAdvice(error, t)
  const wait = error.code === 'RATE_LIMITED' ? error.retryAfterSeconds : undefined
  const [until] = useState(() => (wait === undefined ? null : Date.now() + wait * 1000))
  const seconds = useSecondsLeft(until)
  const counting = until !== null
  return (
    <div className="notice notice-error" role="alert" data-error-code={error.code}>
      <div className="notice-title">{advice.title}</div>
      {counting ? (
        <>
          <div className="notice-action" data-countdown={seconds}>
            <span aria-live={seconds === 0 ? 'polite' : 'off'}>
              {seconds > 0
                ? t('errors.RATE_LIMITED.countdown', { seconds })
                : t('errors.RATE_LIMITED.ready')}
            </span>
          </div>
          {/* Main's message names the same wait: one line counts, the message is folded. */}
          <details className="notice-details">
            <summary>{t('app.details')}</summary>
            <div className="notice-message" lang={failureText(error, t) ? undefined : 'en'}>
              {failureText(error, t) ?? error.message}
            </div>
          </details>
        </>
      ) : (
        <>
          <ErrorMessage error={error} />
          <div className="notice-action">{advice.action}</div>
        </>
      )}
      <div className="notice-buttons">
        <button
          type="button"
          className="btn btn-primary"
          disabled={counting && seconds > 0}
          onClick={onRetry}
        >
          {t('errors.retry')}
        </button>
        {advice.settings && (
          <button
            type="button"
            className="btn"
            // The local model's failures are fixed in its section; the others in Answers (key).
            onClick={() =>
              openSettings(true, error.code.startsWith('LOCAL_MODEL') ? 'localModel' : 'answers')
            }
          >
            {t('errors.openSettings')}
          </button>
        )}
      </div>
    </div>
  )
}
