import { useEffect, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { sessionUsage } from '../../store/chatSlice'
import { ErrorMessage } from '../../components/ErrorMessage'
import { useTranslation } from '../../i18n'
import { useAppStore } from '../../store/StoreContext'
import { ThreadComparisons } from '../threads/ThreadComparisons'
import { ThreadHeader } from '../threads/ThreadHeader'
import { ThreadList } from '../threads/ThreadList'
import { Composer } from './Composer'
import { TurnView } from './TurnView'

/**
 * The chat pane: the conversations, the open one, its token usage and the question box.
 * @remarks While a paper is open beside it the conversation list folds to a rail (unfolding over
 * the answer, not beside it), so the answer keeps its width; each way is remembered apart.
 */
export function ChatPanel() {
  const turns = useAppStore((s) => s.chat.turns)
  const reading = useAppStore((s) => s.viewer.open)
  const currentThread = useAppStore((s) => s.threads.current?.id ?? null)
  const [folded, setFolded] = useState({ reading: true, asking: false })
  const way = reading ? 'reading' : 'asking'
  const toggleThreads = (): void => setFolded((f) => ({ ...f, [way]: !f[way] }))
  // Opening a conversation from the list shown over the answer folds the list away again.
  const [shownThread, setShownThread] = useState(currentThread)
  if (shownThread !== currentThread) {
    setShownThread(currentThread)
    if (reading && !folded.reading) setFolded((f) => ({ ...f, reading: true }))
  }
  const usage = useAppStore(useShallow((s) => sessionUsage(s.chat.turns)))
  const hasPapers = useAppStore((s) => s.library.papers.some((p) => p.status === 'indexed'))
  const error = useAppStore((s) => s.threads.error)
  const dismiss = useAppStore((s) => s.dismissThreadNotice)
  const endRef = useRef<HTMLDivElement>(null)
  const logRef = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()
  const last = turns[turns.length - 1]
  const lastKey = last ? `${last.requestId}:${last.status}:${last.streamed.length}` : ''
  useEffect(() => {
    // While an answer streams, follow its end; once it is there, show it from its top.
    if (last && last.status !== 'running') {
      const article = logRef.current?.querySelector<HTMLElement>(
        `article[data-request-id="${last.requestId}"]`
      )
      if (article) return void article.scrollIntoView?.({ block: 'start' })
    }
    endRef.current?.scrollIntoView?.({ block: 'end' })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastKey])

  return (
    <section
      className={`chat${folded[way] ? ' chat-threads-folded' : ''}${reading ? ' chat-reading' : ''}`}
      aria-label={t('chat.label')}
    >
      <ThreadList folded={folded[way]} overlay={reading} onToggle={toggleThreads} />
      <div className="chat-main">
        <header className="pane-header">
          <h2>{t('chat.title')}</h2>
          <ThreadHeader />
          <span className="session-usage" title={t('threads.usageTitle')}>
            {usage.inputTokens + usage.outputTokens > 0 &&
              t('threads.usage', { input: usage.inputTokens, output: usage.outputTokens })}
          </span>
        </header>
        <ThreadComparisons />
        {error && (
          <div className="notice notice-error" role="alert">
            <ErrorMessage error={error} />
            <button type="button" className="btn btn-small btn-quiet" onClick={dismiss}>
              {t('library.dismiss')}
            </button>
          </div>
        )}
        <div className="chat-log" ref={logRef}>
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
      </div>
    </section>
  )
}
