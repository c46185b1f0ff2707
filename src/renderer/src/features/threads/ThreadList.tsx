import { useEffect, useState } from 'react'
import type { ThreadSummary } from '../../../../shared/threads'
import { useAppStore } from '../../store/StoreContext'

/** "5 min ago" style dates for the list; older ones as the date. */
function when(iso: string): string {
  const ms = Date.now() - Date.parse(iso)
  if (ms < 60_000) return 'just now'
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ago`
  if (ms < 86_400_000) return `${Math.floor(ms / 3_600_000)} h ago`
  return iso.slice(0, 10)
}

function ThreadItem({ thread, open }: { thread: ThreadSummary; open: boolean }) {
  const openThread = useAppStore((s) => s.openThread)
  const renameThread = useAppStore((s) => s.renameThread)
  const deleteThread = useAppStore((s) => s.deleteThread)
  const [editing, setEditing] = useState(false)
  const [title, setTitle] = useState(thread.title)
  const label = thread.title || thread.lastQuestion || 'New conversation'
  const save = (): void => {
    setEditing(false)
    if (title.trim() && title.trim() !== thread.title) void renameThread(thread.id, title.trim())
  }
  return (
    <li className={`thread-item${open ? ' open' : ''}`} data-thread-id={thread.id}>
      {editing ? (
        <input
          className="thread-rename"
          aria-label="Conversation title"
          value={title}
          autoFocus
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save()
            if (e.key === 'Escape') {
              setTitle(thread.title)
              setEditing(false)
            }
          }}
        />
      ) : (
        <button
          type="button"
          className="thread-main"
          aria-current={open || undefined}
          onClick={() => void openThread(thread.id)}
        >
          <span className="thread-title">{label}</span>
          <span className="thread-meta">
            {when(thread.updatedAt)} · {thread.turnCount}{' '}
            {thread.turnCount === 1 ? 'question' : 'questions'}
            {thread.scope
              ? ` · ${thread.scope.length} paper${thread.scope.length > 1 ? 's' : ''}`
              : ''}
          </span>
        </button>
      )}
      <span className="thread-actions">
        <button
          type="button"
          className="btn btn-small btn-quiet"
          aria-label={`Rename ${label}`}
          onClick={() => {
            setTitle(thread.title || label)
            setEditing(true)
          }}
        >
          Rename
        </button>
        <button
          type="button"
          className="btn btn-small btn-quiet"
          aria-label={`Delete ${label}`}
          onClick={() => void deleteThread(thread.id)}
        >
          Delete
        </button>
      </span>
    </li>
  )
}

/** The conversations: new, search, open, rename, delete with undo; newest first. */
export function ThreadList() {
  const list = useAppStore((s) => s.threads.list)
  const currentId = useAppStore((s) => s.threads.current?.id ?? null)
  const query = useAppStore((s) => s.threads.query)
  const deleted = useAppStore((s) => s.threads.deleted)
  const damaged = useAppStore((s) => s.threads.damaged)
  const loadThreads = useAppStore((s) => s.loadThreads)
  const setQuery = useAppStore((s) => s.setThreadQuery)
  const newThread = useAppStore((s) => s.newThread)
  const undo = useAppStore((s) => s.undoDeleteThread)
  const dismiss = useAppStore((s) => s.dismissThreadNotice)
  const running = useAppStore((s) => s.chat.turns.some((t) => t.status === 'running'))
  useEffect(() => {
    void loadThreads()
  }, [loadThreads])
  useEffect(() => {
    if (!deleted) return
    const timer = setTimeout(dismiss, 10_000)
    return () => clearTimeout(timer)
  }, [deleted, dismiss])

  return (
    <nav className="threads" aria-label="Conversations">
      <div className="threads-head">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={running}
          onClick={() => newThread()}
        >
          New conversation
        </button>
        <input
          type="search"
          className="threads-search"
          aria-label="Search conversations"
          placeholder="Search conversations"
          value={query}
          onChange={(e) => void setQuery(e.target.value)}
        />
      </div>
      {deleted && (
        <div className="notice thread-undo" role="status">
          <span className="notice-message">Deleted “{deleted.title || 'conversation'}”.</span>
          <button type="button" className="btn btn-small" onClick={() => void undo()}>
            Undo
          </button>
        </div>
      )}
      {damaged.length > 0 && (
        <div className="notice notice-warn" role="alert">
          <div className="notice-message">
            {damaged.length === 1
              ? 'A saved conversation'
              : `${damaged.length} saved conversations`}{' '}
            could not be read and {damaged.length === 1 ? 'was' : 'were'} set aside in{' '}
            <code>{damaged[0]!.movedTo.replace(/[^/\\]*$/, '')}</code>.
          </div>
        </div>
      )}
      <ul className="thread-list">
        {list.map((t) => (
          <ThreadItem key={t.id} thread={t} open={t.id === currentId} />
        ))}
      </ul>
      {list.length === 0 && (
        <p className="muted small threads-empty">
          {query ? 'No conversation matches.' : 'Your conversations appear here.'}
        </p>
      )}
    </nav>
  )
}
