import type { AppError } from '../../../../shared/errors'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { errorAdvice } from './errorAdvice'

/** An error from answering: what happened, what to do, and a Retry button. */
export function ErrorNotice({ error, onRetry }: { error: AppError; onRetry: () => void }) {
  const openSettings = useAppStore((s) => s.openSettings)
  const { t } = useTranslation()
  const advice = errorAdvice(error, t)
  return (
    <div className="notice notice-error" role="alert" data-error-code={error.code}>
      <div className="notice-title">{advice.title}</div>
      <ErrorMessage message={error.message} />
      <div className="notice-action">{advice.action}</div>
      <div className="notice-buttons">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('errors.retry')}
        </button>
        {advice.settings && (
          <button type="button" className="btn" onClick={() => openSettings(true)}>
            {t('errors.openSettings')}
          </button>
        )}
      </div>
    </div>
  )
}
