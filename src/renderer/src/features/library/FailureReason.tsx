import { useLayoutEffect, useRef, useState } from 'react'
import type { AppError } from '../../../../shared/errors'
import { ErrorMessage } from '../../components/ErrorMessage'
import { failureText, uiLanguage, useTranslation } from '../../i18n'

/**
 * Why a paper failed, in its row: wrapped to two lines, with the whole reason in a tooltip and
 * a Show all / Show less toggle when two lines do not hold it.
 * @remarks A row is narrow (about 220 px beside the chat) and a reason can be a long sentence
 * ("…is password-protected: open it in a PDF reader and save a copy without a password"), so a
 * one-line cell cut it to "is passwor…". The toggle appears only when the text is cut.
 */
export function FailureReason({ error }: { error: AppError | null }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [cut, setCut] = useState(false)
  const ref = useRef<HTMLSpanElement>(null)
  const text = error ? (failureText(error, t) ?? error.message) : ''
  // A plain English message is folded under Details in another UI language; so is its tooltip.
  const tip = error && (failureText(error, t) || uiLanguage() === 'en') ? text : undefined

  useLayoutEffect(() => {
    const el = ref.current
    if (!el || open) return
    const measure = (): void => setCut(el.scrollHeight > el.clientHeight + 1)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [open, text])

  return (
    <span className="paper-failure-wrap">
      <span
        ref={ref}
        className={`paper-meta paper-failure${open ? ' expanded' : ''}`}
        role="alert"
        title={tip}
      >
        <span className="status-error">{t('paper.failed')}</span> <ErrorMessage error={error} />
      </span>
      {(cut || open) && (
        <button
          type="button"
          className="link-btn paper-failure-toggle"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t('paper.failureLess') : t('paper.failureMore')}
        </button>
      )}
    </span>
  )
}
