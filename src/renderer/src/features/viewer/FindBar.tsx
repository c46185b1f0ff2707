import { useEffect, useRef } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Find in the paper: the query box, "3 of 12", previous / next and close. */
export function FindBar() {
  const find = useAppStore((s) => s.viewer.find)
  const setFind = useAppStore((s) => s.setFind)
  const stepFind = useAppStore((s) => s.stepFind)
  const inputRef = useRef<HTMLInputElement>(null)
  const { t } = useTranslation()
  // Ctrl+F while find is already open selects the query again, like a browser's find.
  useEffect(() => {
    if (find.open) inputRef.current?.select()
  }, [find.open])
  if (!find.open) return null
  const total = find.hits?.length ?? 0
  const status = !find.query.trim()
    ? ''
    : find.hits === null
      ? t('viewer.findSearching')
      : total === 0
        ? t('viewer.findNone')
        : t('viewer.findCount', { current: find.current + 1, total })
  return (
    <div className="find-bar" role="search" aria-label={t('viewer.findBox')}>
      <input
        ref={inputRef}
        type="search"
        className="find-input"
        aria-label={t('viewer.findBox')}
        placeholder={t('viewer.findPlaceholder')}
        value={find.query}
        autoFocus
        onChange={(e) => setFind({ query: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            stepFind(e.shiftKey ? -1 : 1)
          } else if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            setFind({ open: false })
          }
        }}
      />
      <span className="find-count" role="status" data-find-total={find.hits ? total : ''}>
        {status}
      </span>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.findPrevious')}
        title={t('viewer.findPrevious')}
        disabled={total === 0}
        onClick={() => stepFind(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.findNext')}
        title={t('viewer.findNext')}
        disabled={total === 0}
        onClick={() => stepFind(1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t('viewer.findClose')}
        title={t('viewer.findClose')}
        onClick={() => setFind({ open: false })}
      >
        ×
      </button>
    </div>
  )
}
