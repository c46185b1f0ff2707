import { useState } from 'react'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'

/**
 * Said under an answer from a scoped conversation when its papers do not discuss the question
 * (`Answer.outsideScope`): which of the library's papers do, and one click to ask them.
 * @remarks "Ask all papers" lifts the conversation's limit and asks the question again, so the
 * new answer is the next turn of the same conversation.
 */
export function OutsideScope({ question, paperIds }: { question: string; paperIds: string[] }) {
  const { t } = useTranslation()
  const papers = useAppStore((s) => s.library.papers)
  const scoped = useAppStore((s) => s.threads.current?.scope ?? null)
  const setThreadScope = useAppStore((s) => s.setThreadScope)
  const ask = useAppStore((s) => s.ask)
  const [busy, setBusy] = useState(false)
  const titles = paperIds.map((id) => papers.find((p) => p.id === id)?.title || id)
  const widen = async (): Promise<void> => {
    setBusy(true)
    try {
      await setThreadScope(null)
      await ask(question)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="notice notice-warn" data-label="outside-scope" role="note">
      <div className="notice-title">{t('chat.outsideScopeTitle')}</div>
      <div className="notice-message">
        {t('chat.outsideScopeBody', { count: titles.length })}
        <ul className="outside-scope-papers">
          {titles.map((title, i) => (
            <li key={paperIds[i]}>{title}</li>
          ))}
        </ul>
      </div>
      {scoped && (
        <div className="notice-buttons">
          <button type="button" className="btn" disabled={busy} onClick={() => void widen()}>
            {t('chat.askAllPapers')}
          </button>
        </div>
      )}
    </div>
  )
}
