import { useEffect, useRef } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { sessionUsage } from '../../store/chatSlice'
import { useAppStore } from '../../store/StoreContext'
import { AskScope } from './AskScope'
import { Composer } from './Composer'
import { formatTokens, TurnView } from './TurnView'

/** The chat pane: the conversation, the session's token usage and the question box. */
export function ChatPanel() {
  const turns = useAppStore((s) => s.chat.turns)
  const usage = useAppStore(useShallow((s) => sessionUsage(s.chat.turns)))
  const hasPapers = useAppStore((s) => s.library.papers.some((p) => p.status === 'indexed'))
  const clearChat = useAppStore((s) => s.clearChat)
  const endRef = useRef<HTMLDivElement>(null)
  const last = turns[turns.length - 1]
  const lastKey = last ? `${last.requestId}:${last.status}:${last.streamed.length}` : ''
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' })
  }, [lastKey])

  return (
    <section className="chat" aria-label="Chat">
      <header className="pane-header">
        <h2>Ask</h2>
        <span className="session-usage" title="Tokens used in this session (input / output)">
          Session: {formatTokens(usage.inputTokens)} in · {formatTokens(usage.outputTokens)} out
        </span>
        {turns.length > 0 && (
          <button type="button" className="btn btn-small btn-quiet" onClick={clearChat}>
            Clear
          </button>
        )}
      </header>
      <div className="chat-log">
        {turns.length === 0 && (
          <div className="empty">
            <h3>Ask a question about your papers</h3>
            <p>
              Answers cite the passages they rest on. Click a citation to open the page with the
              passage highlighted.
            </p>
            {!hasPapers && <p className="muted">Add papers in the library on the left first.</p>}
          </div>
        )}
        {turns.map((t) => (
          <TurnView key={t.requestId} turn={t} />
        ))}
        <div ref={endRef} />
      </div>
      <AskScope />
      <Composer />
    </section>
  )
}
