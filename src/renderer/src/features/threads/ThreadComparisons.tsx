import { useEffect } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** The comparisons saved with the open conversation; a click opens one in the Compare view. */
export function ThreadComparisons() {
  const threadId = useAppStore((s) => s.threads.current?.id ?? null)
  const all = useAppStore((s) => s.compare.list)
  const loadComparisons = useAppStore((s) => s.loadComparisons)
  const showComparison = useAppStore((s) => s.showComparison)
  const { t } = useTranslation()
  useEffect(() => {
    if (threadId) void loadComparisons()
  }, [threadId, loadComparisons])
  const mine = threadId ? all.filter((c) => c.threadId === threadId) : []
  if (!mine.length) return null
  return (
    <nav className="thread-comparisons" aria-label={t('threads.comparisons')}>
      <span className="small muted">{t('threads.comparisons')}</span>
      {mine.map((c) => (
        <button
          key={c.id}
          type="button"
          className="pill"
          title={t('compare.savedMeta', { papers: c.paperIds.length, columns: c.columns.length })}
          onClick={() => void showComparison(c.id)}
        >
          {c.title}
        </button>
      ))}
    </nav>
  )
}
