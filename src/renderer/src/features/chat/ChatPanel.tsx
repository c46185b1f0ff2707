import { useEffect, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { sessionUsage } from '../../store/chatSlice'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { Composer } from './Composer'
import { TurnView } from './TurnView'

/** The chat pane: the conversation, the session's token usage and the question box. */
export function ChatPanel() {
  const turns = useAppStore((s) => s.chat.turns)
  const usage = useAppStore(useShallow((s) => sessionUsage(s.chat.turns)))
  const hasPapers = useAppStore((s) => s.library.papers.some((p) => p.status === 'indexed'))
  const clearChat = useAppStore((s) => s.clearChat)
  const endRef = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()
  const last = turns[turns.length - 1]
  const lastKey = last ? `${last.requestId}:${last.status}:${last.streamed.length}` : ''
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [lastKey])

  return (
    <section className="chat" aria-label={t('chat.label')}>
      <header className="pane-header">
        <h2>{t('chat.title')}</h2>
        <span className="session-usage" title={t('chat.sessionUsageTitle')}>
          {t('chat.sessionUsage', { input: usage.inputTokens, output: usage.outputTokens })}
        </span>
        {turns.length > 0 && (
          <button type="button" className="btn btn-small btn-quiet" onClick={clearChat}>
            {t('chat.clear')}
          </button>
        )}
      </header>
      <div className="chat-log">
        {turns.length === 0 && (
          <div className="empty">
            <h3>{t('chat.emptyTitle')}</h3>
            <p>{t('chat.emptyBody')}</p>
            {!hasPapers && <p className="muted">{t('chat.addPapersFirst')}</p>}
          </div>
        )}
        {turns.map((t) => (
          <TurnView key={t.requestId} turn={t} />
        ))}
        <div ref={endRef} />
      </div>
      <Composer />
    </section>
  )
}
