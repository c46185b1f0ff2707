import { useState } from 'react'
import { useTranslation } from '../../i18n'

/** Settings' Copy button for a text shown above it, with "Copied" / "Could not copy" beside it. */
export function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('yes')
    } catch {
      setCopied('failed')
    }
  }
  return (
    <span className="field-row">
      <button type="button" className="btn" onClick={() => void copy()}>
        {t('settings.copy')}
      </button>
      <span role="status" className="field-help">
        {copied === 'yes'
          ? t('settings.copied')
          : copied === 'failed'
            ? t('settings.copyFailed')
            : ''}
      </span>
    </span>
  )
}
