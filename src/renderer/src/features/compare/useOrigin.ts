import type { ComparisonSummary } from '../../../../shared/compare'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Where a comparison's papers came from, as a short phrase ('' for papers picked by hand). */
export function useOrigin(): (c: Pick<ComparisonSummary, 'collection' | 'threadId'>) => string {
  const threads = useAppStore((s) => s.threads.list)
  const { t } = useTranslation()
  return (c) => {
    const title = c.threadId ? threads.find((x) => x.id === c.threadId)?.title : undefined
    return [
      c.collection ? t('compare.originCollection', { name: c.collection.name }) : '',
      c.threadId ? t('compare.originThread', { title: title || t('threads.untitled') }) : ''
    ]
      .filter(Boolean)
      .join(' · ')
  }
}
