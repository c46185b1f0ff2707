import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/** Above the question box: the papers the next question is about (the library's "Ask about these"). */
export function AskScope() {
  const scope = useAppStore((s) => s.organize.askScope)
  const papers = useAppStore((s) => s.library.papers)
  const clear = useAppStore((s) => s.clearAskScope)
  const { t } = useTranslation()
  if (!scope) return null
  const titles = scope
    .map((id) => papers.find((p) => p.id === id))
    .filter((p) => !!p)
    .map((p) => p.title || p.id)
  return (
    <div className="ask-scope" role="status" aria-label={t('askScope.label')}>
      <span className="small">
        {t('askScope.about', { count: titles.length })}{' '}
        <span className="ask-scope-titles">{titles.join(' · ')}</span>
      </span>
      <button type="button" className="icon-btn" aria-label={t('askScope.clear')} onClick={clear}>
        ×
      </button>
    </div>
  )
}
