import { useEffect, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { sessionUsage } from '../../store/chatSlice'
import { useAppStore } from '../../store/StoreContext'
import { ThreadHeader } from '../threads/ThreadHeader'
import { ThreadList } from '../threads/ThreadList'
import { Composer } from './Composer'
import { formatTokens, TurnView } from './TurnView'

/** The chat pane: the conversations, the open one, its token usage and the question box. */
export function ChatPanel() {
  const turns = useAppStore((s) => s.chat.turns)
  const usage = useAppStore(useShallow((s) => sessionUsage(s.chat.turns)))
  const hasPapers = useAppStore((s) => s.library.papers.some((p) => p.status === 'indexed'))
  const error = useAppStore((s) => s.threads.error)
  const dismiss = useAppStore((s) => s.dismissThreadNotice)
  const endRef = useRef<HTMLDivElement>(null)
  const last = turns[turns.length - 1]
  const lastKey = last ? `${last.requestId}:${last.status}:${last.streamed.length}` : ''
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [lastKey])

  return (
    <section className="chat" aria-label="Chat">
      <ThreadList />
      <div className="chat-main">
        <header className="pane-header">
          <h2>Ask</h2>
          <ThreadHeader />
          <span className="session-usage" title="Tokens used in this conversation (input / output)">
            {formatTokens(usage.inputTokens)} in · {formatTokens(usage.outputTokens)} out
          </span>
        </header>
        {error && (
          <div className="notice notice-error" role="alert">
            <div className="notice-message">{error.message}</div>
            <button type="button" className="btn btn-small btn-quiet" onClick={dismiss}>
              Dismiss
            </button>
          </div>
        )}
        <div className="chat-log">
          {turns.length === 0 && (
            <div className="empty">
              <h3>Ask a question about your papers</h3>
              <p>
                Answers cite the passages they rest on. Click a citation to open the page with the
                passage highlighted. Follow-up questions see the earlier turns.
              </p>
              {!hasPapers && <p className="muted">Add papers in the library on the left first.</p>}
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
