import { failureText, uiLanguage, useTranslation, type Failure } from '../i18n'

/**
 * Main's message about a failure, in the UI language. An error with a catalog key is said
 * from main's catalog in that language. A plain message (English, with the specifics: a file
 * name, an HTTP status) is shown as it is in an English UI; in another language it is folded
 * under "Details", so the visible screen stays in one language.
 */
export function ErrorMessage({ message, error }: { message?: string; error?: Failure | null }) {
  const { t } = useTranslation()
  const translated = error ? failureText(error, t) : null
  if (translated) return <div className="notice-message">{translated}</div>
  const text = error?.message ?? message
  if (!text) return null
  if (uiLanguage() === 'en') return <div className="notice-message">{text}</div>
  return (
    <details className="notice-details">
      <summary>{t('app.details')}</summary>
      <div className="notice-message" lang="en">
        {text}
      </div>
    </details>
  )
}
