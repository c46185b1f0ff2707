import type { ComparisonSummary } from '../../../../shared/compare'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Where a comparison's papers came from, as a short phrase ('' for papers picked by hand). */
export function useOrigin(): (c: Pick<ComparisonSummary, 'collection' | 'threadId'>) => string {
  const threads = useAppStore((s) => s.threads.list)
  const { t } = useTranslation()
  return (c) => {
    const thread = c.threadId ? threads.find((x) => x.id === c.threadId) : undefined
    // A conversation deleted (or hidden by the list's search) has no title to show.
    const saved = !c.threadId
      ? ''
      : thread
        ? t('compare.originThread', { title: thread.title || t('threads.untitled') })
        : t('compare.originThreadUnlisted')
    return [c.collection ? t('compare.originCollection', { name: c.collection.name }) : '', saved]
      .filter(Boolean)
      .join(' · ')
  }
}
