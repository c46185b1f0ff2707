import type { AppError } from '../../../../shared/errors'
import { useAppStore } from '../../store/StoreContext'
import { errorAdvice } from './errorAdvice'

/** An error from answering: what happened, what to do, and a Retry button. */
export function ErrorNotice({ error, onRetry }: { error: AppError; onRetry: () => void }) {
  const openSettings = useAppStore((s) => s.openSettings)
  const advice = errorAdvice(error)
  return (
    <div className="notice notice-error" role="alert" data-error-code={error.code}>
      <div className="notice-title">{advice.title}</div>
      <div className="notice-message">{error.message}</div>
      <div className="notice-action">{advice.action}</div>
      <div className="notice-buttons">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Retry
        </button>
        {advice.settings && (
          <button type="button" className="btn" onClick={() => openSettings(true)}>
            Open Settings
          </button>
        )}
      </div>
    </div>
  )
}
