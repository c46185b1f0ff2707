import { useState } from 'react'
import { passageLink } from '../../../shared/deepLink'
import { useTranslation } from '../i18n'

/**
 * "Copy link to this passage": puts `researchpal://paper/<id>?page=N&quote=…` on the clipboard,
 * which opens the same page with the same passage highlighted from a note (Obsidian, a text file).
 */
export function CopyPassageLink({
  paperId,
  page,
  quote,
  icon = false
}: {
  paperId: string
  page: number
  quote: string | null
  /** A toolbar's icon button (the words become its label and tooltip). */
  icon?: boolean
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const { t } = useTranslation()
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(passageLink({ paperId, page, quote }))
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  const said =
    state === 'idle' ? null : t(state === 'copied' ? 'chat.linkCopied' : 'chat.linkCopyFailed')
  return (
    <>
      <button
        type="button"
        className={`${icon ? 'icon-btn' : 'btn btn-small btn-quiet'} copy-passage-link`}
        data-link={passageLink({ paperId, page, quote })}
        aria-label={icon ? t('chat.copyLink') : undefined}
        title={icon ? (said ?? t('chat.copyLink')) : undefined}
        onClick={() => void copy()}
      >
        {icon ? '¶' : t('chat.copyLink')}
      </button>
      {said && !icon && (
        <span className="muted small" role="status">
          {said}
        </span>
      )}
    </>
  )
}
