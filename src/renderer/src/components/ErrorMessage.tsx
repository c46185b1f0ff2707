import { uiLanguage, useTranslation } from '../i18n'

/**
 * Main's own message about a failure (written in English, with the specifics: a file name,
 * an HTTP status). In an English UI it is shown as it is; in another language it is folded
 * under "Details", so the visible screen stays in one language.
 */
export function ErrorMessage({ message }: { message: string }) {
  const { t } = useTranslation()
  if (!message) return null
  if (uiLanguage() === 'en') return <div className="notice-message">{message}</div>
  return (
    <details className="notice-details">
      <summary>{t('app.details')}</summary>
      <div className="notice-message" lang="en">
        {message}
      </div>
    </details>
  )
}
